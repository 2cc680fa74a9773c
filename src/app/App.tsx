import { useState } from 'react';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routes } from './routes';
import { makeStore } from './store';
import type { AppNavigator } from './navigator';
import { restoreSessionState } from '../features/auth/restoreSession';

export interface AppProps {
  /** The mock scenario in force, when it is not the default; shown as a badge for QA. */
  scenario?: string;
}

export function App({ scenario }: AppProps) {
  const [router] = useState(() => createBrowserRouter(routes));
  const [store] = useState(() => {
    const navigator: AppNavigator = {
      go: (to, options) => void router.navigate(to, options),
      location: () => router.state.location,
    };
    return makeStore({ navigator, preloadedState: restoreSessionState() });
  });
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
      {scenario && scenario !== 'default' ? (
        <div className="scenario-badge" role="status" aria-label={`Mock scenario: ${scenario}`}>
          Scenario: {scenario}
        </div>
      ) : null}
    </Provider>
  );
}
