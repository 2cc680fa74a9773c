import { keptPageFor, OUTSIDE_THE_APP } from './keptPages';

describe('the page kept for an address, with the network gone', () => {
  it('/login and /signup as the build wrote them ahead, with or without a trailing slash; every other page the app', () => {
    expect(['/login', '/login/', '/signup', '/signup//'].map(keptPageFor)).toEqual(['/login.html', '/login.html', '/signup.html', '/signup.html']);
    expect(['/', '/explore', '/posts/p-1', '/users/u-1', '/loginx', '/login/more'].map(keptPageFor)).toEqual(Array(6).fill('/index.html'));
  });

  it('never answers for the API or the images', () => {
    const outside = (path: string) => OUTSIDE_THE_APP.some((pattern) => pattern.test(path));
    expect(['/api', '/api/posts', '/media/abc.jpg'].map(outside)).toEqual([true, true, true]);
    expect(['/', '/apiary', '/mediation', '/explore'].map(outside)).toEqual([false, false, false, false]);
  });
});
