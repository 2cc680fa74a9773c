import { startTransition, useEffect, useRef, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router-dom';
import { routes } from './routes';
import { makeStore, type AppStore } from './store';
import { keptLocation, paths, withoutTrailingSlash } from '../config/paths';
import { chooseRealServer } from '../config/env';
import { restoreSessionState } from '../features/auth/restoreSession';
import { initialSessionState, sessionSwitched, userLoggedIn } from '../features/auth/sessionSlice';
import type { LoginResponse } from '../types/api';
import { connectionBack } from '../features/live/connectionSlice';
import { resetApi } from '../lib/api/apiSlot';
import { keepTypedBeforeStart } from './typedBeforeStart';
import { activateLanguage, loadLanguage } from '../i18n/firstWords';
import { showLanguage, wordsHere } from '../i18n/languageChoice';
import type { Locale } from '../i18n/locales';

export interface AppProps {
  /** The browser's router and the app's store, made once by whoever starts the app (mountApp). */
  router: ReturnType<typeof createBrowserRouter>;
  store: AppStore;
  /** Called once, when the app's first render is on screen. */
  onStarted?: () => void;
}

export interface AppShellProps {
  store: AppStore;
  /** The router: the browser's here, a static one when a page is rendered at build time. */
  children: ReactNode;
}

/**
 * Loads the catalogue of the language the page speaks (/theme.js chose it, before the first paint):
 * the language to speak once it is here, or nothing for English. One that fails to load leaves the
 * app in English, and the page says it speaks English again.
 */
async function catalogueFor(language: Locale): Promise<Locale | undefined> {
  if (language === 'en') return undefined;
  try {
    await loadLanguage(language);
    return language;
  } catch (error) {
    showLanguage(document.documentElement, 'en');
    console.error(`SocialConnect: the ${language} catalogue could not load; the app speaks English.`, error);
    return undefined;
  }
}

/**
 * The app's outermost elements, shared by the browser and the build-time render of /login and
 * /signup, so that both produce the same tree and the browser can take over the built markup.
 */
export function AppShell({ store, children }: AppShellProps) {
  return <Provider store={store}>{children}</Provider>;
}

export function App({ router, store, onStarted }: AppProps) {
  const started = useRef(onStarted);
  useEffect(() => {
    started.current?.();
    started.current = undefined;
  }, []);
  return (
    <AppShell store={store}>
      <RouterProvider router={router} />
    </AppShell>
  );
}

/** Loads the code of every lazy route matching `pathname` into the route objects, so the first render needs no fallback. */
async function loadRoutesFor(pathname: string): Promise<void> {
  const lazy = (matchRoutes(routes, pathname) ?? []).filter((match) => typeof match.route.lazy === 'function');
  await Promise.all(lazy.map(async ({ route }) => {
    const load = route.lazy as () => Promise<Partial<RouteObject>>;
    Object.assign(route, { ...(await load()), lazy: undefined });
  }));
}

/** What `make` returns, made inside a transition (React then renders what it starts in slices). */
function inTransition<T>(make: () => T): T {
  // startTransition runs its callback at once, so `made` is set when it returns.
  let made!: T;
  startTransition(() => {
    made = make();
  });
  return made;
}

export interface MountedApp {
  root: Root;
  /** Settles once the first render is on screen (a page built ahead: taken over, with what was typed in it). */
  started: Promise<void>;
  /** Has everything shown load again from the backend: its data was replaced under it (QA's workbench). */
  loadAllAgain(): void;
  /**
   * Forgets every answer and asks again, the backend's health first, and takes /error back to the
   * page that failed: the backend itself changed (QA's workbench switched the stand-in's scenario),
   * or answers again (the stand-in's worker, stopped by the browser, was brought back).
   */
  startOver(): void;
  /**
   * Answers from the real server at `origin` from now on (undefined: the build's backend again),
   * without a reload: the session kept for that backend comes back (or none), every answer is
   * forgotten, and the app opens Home (the login screen, without a session there), since the page
   * shown was the other backend's.
   */
  switchBackend(origin: string | undefined): void;
  /**
   * Starts over as the member a login's answer names (QA's workbench logged in as them): every
   * answer of the member before is forgotten, and the app opens Home.
   */
  logInAs(answer: LoginResponse): void;
  /** Calls `listener` after each of the app's moves to another page; returns how to stop. */
  onNavigate(listener: () => void): () => void;
}

/**
 * Starts the app in `container`. A page rendered at build time (`data-prerendered` on the container)
 * is taken over when it fits the visitor; otherwise the container is emptied and rendered afresh.
 * The session is read from storage once, here.
 */
export async function mountApp(container: HTMLElement, language: Locale = 'en'): Promise<MountedApp> {
  const catalogue = catalogueFor(language);
  const preloadedState = restoreSessionState();
  // The page built ahead is for a visitor with no session: it is taken over only when this is that
  // page and nobody is logged in or was just logged out. Its code loads first, so that the first
  // render matches the built markup.
  const { pathname } = window.location;
  const takeOver = preloadedState === undefined && withoutTrailingSlash(pathname) === container.dataset.prerendered;
  if (takeOver) await loadRoutesFor(pathname);
  let markStarted: () => void = () => undefined;
  const started = new Promise<void>((resolve) => {
    markStarted = resolve;
  });
  const onStarted = () => {
    if (takeOver) keepTypedBeforeStart(container);
    markStarted();
  };
  const router = createBrowserRouter(routes);
  const store = makeStore({ router, preloadedState });
  const element = () => <App router={router} store={store} onStarted={onStarted} />;
  let root: Root;
  if (takeOver) {
    // The page is on screen already: its take-over runs as a transition, in slices that leave the
    // browser free to answer a key or a tap in between, instead of in one long task. It was built
    // in English: the app takes it over in English, then speaks the member's language, in place
    // (what was typed, and the focus, stay where they are).
    root = inTransition(() => hydrateRoot(container, element(), {
      onRecoverableError: (error) => console.error('SocialConnect: the page built ahead did not match the app; it was rendered again.', error),
    }));
    // Its words, hidden meanwhile (awaitWords), show once they are the member's.
    void started.then(() => catalogue).then((spoken) => (spoken ? activateLanguage(spoken) : undefined)).finally(() => wordsHere(document.documentElement));
  } else {
    const spoken = await catalogue;
    if (spoken) await activateLanguage(spoken);
    wordsHere(document.documentElement);
    container.replaceChildren();
    root = createRoot(container);
    root.render(element());
  }
  return {
    root,
    started,
    // Loaded when asked for: the code /login and /signup start with holds none of the API's.
    loadAllAgain: () => {
      void import('../lib/api/api').then((api) => store.dispatch(api.loadAllAgain()));
    },
    startOver: () => {
      resetApi(store.dispatch);
      // A page sent to /error while the backend was away is the page to load again.
      const { location } = router.state;
      if (location.pathname === paths.error.pattern) {
        void router.navigate(keptLocation(location.state)?.href ?? paths.home.href(), { replace: true });
      }
    },
    switchBackend: (origin) => {
      chooseRealServer(origin);
      const session = restoreSessionState()?.session ?? initialSessionState;
      store.dispatch(sessionSwitched(session));
      resetApi(store.dispatch);
      store.dispatch(connectionBack());
      void router.navigate(session.token ? paths.home.href() : paths.login.href(), { replace: true });
    },
    logInAs: ({ encodedToken, foundUser }) => {
      resetApi(store.dispatch);
      store.dispatch(userLoggedIn({ token: encodedToken, user: foundUser }));
      void router.navigate(paths.home.href(), { replace: true });
    },
    onNavigate: (listener) => {
      let last = router.state.location;
      return router.subscribe(({ location }) => {
        if (location === last) return;
        last = location;
        listener();
      });
    },
  };
}
