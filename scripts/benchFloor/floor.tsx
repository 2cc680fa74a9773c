/**
 * The dependency floor of `npm run bench -- --first-paint`: a trivial page built from the same React,
 * Redux Toolkit, React Router and react-toastify as the app, in one chunk. The app's first paint is
 * compared with this one's, measured in the same run.
 */
import { configureStore, createSlice } from '@reduxjs/toolkit';
import { createRoot } from 'react-dom/client';
import { Provider, useSelector } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';

const greeting = createSlice({ name: 'greeting', initialState: { text: 'Login' }, reducers: {} });
const store = configureStore({ reducer: { greeting: greeting.reducer } });

function Page() {
  const text = useSelector((state: ReturnType<typeof store.getState>) => state.greeting.text);
  return (
    <main>
      <h1>{text}</h1>
      <p>A trivial page on the app&apos;s dependencies.</p>
      <ToastContainer />
    </main>
  );
}

const router = createBrowserRouter([{ path: '*', element: <Page /> }]);
const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
}
