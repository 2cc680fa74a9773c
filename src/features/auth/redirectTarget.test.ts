import { redirectTargetFrom } from './redirectTarget';

describe('redirectTargetFrom', () => {
  it('goes back to the location the guard kept, with its query and hash', () => {
    expect(redirectTargetFrom({ from: { pathname: '/bookmark', search: '?a=1', hash: '#top' } })).toBe('/bookmark?a=1#top');
    expect(redirectTargetFrom({ from: { pathname: '/users/u-1' } })).toBe('/users/u-1');
  });

  it('goes home when there is nothing usable', () => {
    expect(redirectTargetFrom(undefined)).toBe('/');
    expect(redirectTargetFrom(null)).toBe('/');
    expect(redirectTargetFrom('x')).toBe('/');
    expect(redirectTargetFrom({})).toBe('/');
    expect(redirectTargetFrom({ from: null })).toBe('/');
    expect(redirectTargetFrom({ from: { pathname: 42 } })).toBe('/');
    expect(redirectTargetFrom({ from: { pathname: 'https://evil.example' } })).toBe('/');
    expect(redirectTargetFrom({ from: { pathname: '//evil.example' } })).toBe('/');
    expect(redirectTargetFrom({ from: { pathname: '/login' } })).toBe('/');
    expect(redirectTargetFrom({ from: { pathname: '/signup' } })).toBe('/');
  });
});
