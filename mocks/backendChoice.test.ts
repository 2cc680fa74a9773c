import { apiBase, backendFileUrl, chooseRealServer } from '../src/config/env';
import { readStoredToken, TOKEN_STORAGE_KEY, writeStoredToken } from '../src/features/auth/tokenStorage';
import { BACKEND_SESSION_KEY, backendAskedFor, BackendChoiceError, checkRealServer, readServerOrigin } from './backendChoice';

afterEach(() => {
  chooseRealServer(undefined);
  sessionStorage.clear();
  localStorage.clear();
});

describe('a real server named by its address', () => {
  it.each([
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['  https://social.example/  ', 'https://social.example'],
    ['http://localhost:8080/api', 'http://localhost:8080'],
    ['http://localhost:8080/api/', 'http://localhost:8080'],
  ])('%j is the server at %s', (typed, origin) => {
    expect(readServerOrigin(typed)).toBe(origin);
  });

  it.each([
    ['', "The server's address is empty"],
    ['127.0.0.1:8080', '"127.0.0.1:8080" has no http:// or https://: did you mean http://127.0.0.1:8080?'],
    ['localhost', 'did you mean http://localhost?'],
    ['ftp://localhost', 'is not http or https'],
    ['http://', 'is not an address'],
    ['http://localhost:8080/posts', 'has more than a server\'s address'],
    ['http://localhost:8080/?scenario=busy', 'has more than a server\'s address'],
    ['http://ava:secret@localhost:8080', 'has more than a server\'s address'],
  ])('%j is refused, saying %s', (typed, said) => {
    expect(() => readServerOrigin(typed)).toThrow(BackendChoiceError);
    expect(() => readServerOrigin(typed)).toThrow(said);
  });
});

describe('the backend a tab asks for', () => {
  it('follows ?backend= and keeps it for the tab; ?backend=stand-in goes back', () => {
    expect(backendAskedFor('')).toEqual({ realServer: null });
    expect(backendAskedFor('?backend=http%3A%2F%2F127.0.0.1%3A8080%2Fapi')).toEqual({ realServer: 'http://127.0.0.1:8080' });
    expect(sessionStorage.getItem(BACKEND_SESSION_KEY)).toBe('http://127.0.0.1:8080');
    // The tab's reload, or a page of the app without the parameter: the same server.
    expect(backendAskedFor('?tab=latest')).toEqual({ realServer: 'http://127.0.0.1:8080' });
    expect(backendAskedFor('?backend=stand-in')).toEqual({ realServer: null });
    expect(backendAskedFor('')).toEqual({ realServer: null });
  });

  it('refuses a ?backend= that does not hold, says why, and keeps what the tab had', () => {
    backendAskedFor('?backend=http://127.0.0.1:8080');
    const asked = backendAskedFor('?backend=javascript:alert(1)');
    expect(asked.realServer).toBe('http://127.0.0.1:8080');
    expect(asked.refusal).toBe('?backend= was not followed. "javascript:alert(1)" is not http or https: give an http:// or https:// address such as http://127.0.0.1:8080.');
  });
});

describe('the app pointed at a real server', () => {
  it("sends its calls to the server's /api, and finds the server's images there", () => {
    expect(apiBase()).toBe('/api');
    expect(backendFileUrl('/media/abc.webp')).toBe('/media/abc.webp');
    chooseRealServer('http://127.0.0.1:8080');
    expect(apiBase()).toBe('http://127.0.0.1:8080/api');
    expect(backendFileUrl('/media/abc.webp')).toBe('http://127.0.0.1:8080/media/abc.webp');
    expect(backendFileUrl('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
    // The app's own files (the demo network's pictures) stay on the page's origin.
    expect(backendFileUrl('/images/posts/market.jpg')).toBe('/images/posts/market.jpg');
    expect(backendFileUrl('https://images.example/a.png')).toBe('https://images.example/a.png');
  });

  it("keeps each backend's session apart: neither sees the other's token", () => {
    writeStoredToken('stand-in-token');
    chooseRealServer('http://127.0.0.1:8080');
    expect(readStoredToken()).toBeNull();
    writeStoredToken('server-token');
    expect(localStorage.getItem(`${TOKEN_STORAGE_KEY}@http://127.0.0.1:8080`)).toBe('server-token');
    chooseRealServer(undefined);
    expect(readStoredToken()).toBe('stand-in-token');
  });
});

describe("the real server's health, asked from the page", () => {
  it('reads its extensions', async () => {
    const fetchImpl = jest.fn(async () => Response.json({ status: 'ok', extensions: ['live', 'replies', 7] }));
    await expect(checkRealServer('http://127.0.0.1:8080', 'http://localhost:3000', fetchImpl)).resolves.toEqual({ extensions: ['live', 'replies'] });
    expect(fetchImpl).toHaveBeenCalledWith('http://127.0.0.1:8080/api/health', expect.objectContaining({ cache: 'no-store' }));
  });

  it('says how to let the page in when the browser gets no answer, and what the server said otherwise', async () => {
    const refused = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(checkRealServer('http://127.0.0.1:8080', 'http://localhost:3000', refused)).rejects.toThrow(
      "http://127.0.0.1:8080 did not answer from this page. Is the server running there, and does it accept this page's origin? Start it with DEV_ORIGINS=http://localhost:3000.",
    );
    const leaving = jest.fn(async () => new Response('{}', { status: 503 }));
    await expect(checkRealServer('http://127.0.0.1:8080', 'http://localhost:3000', leaving)).rejects.toThrow('http://127.0.0.1:8080/api/health answered 503');
  });
});
