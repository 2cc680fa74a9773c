import '@testing-library/jest-dom';
import { server, resetMockBackend } from '../../mocks/node';

// Every test talks to the real stand-in backend through msw/node, starting from a fresh store.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  resetMockBackend();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterAll(() => server.close());
