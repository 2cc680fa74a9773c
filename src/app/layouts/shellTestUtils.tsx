import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { routes } from '../routes';
import { makeStore } from '../store';
import { restoreSessionState } from '../../features/auth/restoreSession';

/**
 * Opens the app the way a reload does: the store starts from the token in localStorage
 * (restoreSessionState), not from a fresh login.
 */
export function renderAfterReload(route: string) {
  const router = createMemoryRouter(routes, { initialEntries: [route] });
  const store = makeStore({ router, preloadedState: restoreSessionState() });
  const user = userEvent.setup();
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, router, store, user };
}

/**
 * Makes `(max-width: Npx)` media queries answer as a viewport `width` wide would (jsdom has no
 * matchMedia); returns the undo.
 */
export function emulateViewportWidth(width: number): () => void {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    matches: Number(/max-width:\s*(\d+)px/.exec(query)?.[1] ?? -1) >= width,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  return () => {
    if (original) window.matchMedia = original;
    else delete (window as { matchMedia?: unknown }).matchMedia;
  };
}

/** A phone-sized viewport (390 px, inside PHONE_QUERY). */
export function emulatePhone(): () => void {
  return emulateViewportWidth(390);
}
