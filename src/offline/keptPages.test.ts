import { KEPT_IMAGES, keptPageFor, OUTSIDE_THE_APP } from './keptPages';

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

describe('the images kept once seen', () => {
  it("are members' uploads and the seed's pictures, nothing else", () => {
    expect(['/media/abc.jpg', '/images/posts/lake.jpg', '/images/avatars/ava-reed.jpg'].map((path) => KEPT_IMAGES.test(path))).toEqual([true, true, true]);
    expect(['/api/media/x', '/mediation', '/static/js/main.js', '/images'].map((path) => KEPT_IMAGES.test(path))).toEqual([false, false, false, false]);
  });
});
