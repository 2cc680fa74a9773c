import type { RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { AppFallback } from './layouts/AppFallback';
import { AppLayout } from './layouts/AppLayout';
import { RouteErrorPage } from '../pages/RouteErrorPage';

/**
 * Every route is its own lazily loaded chunk, and so is the member shell around the protected ones
 * (with the API it reads), so that /login and /signup carry neither. Shared by the browser router
 * and the memory router that tests render.
 */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    // Shown while the first screen's lazy chunk loads.
    hydrateFallbackElement: <AppFallback />,
    children: [
      {
        path: paths.login.pattern,
        lazy: async () => ({ Component: (await import(/* webpackChunkName: "page-login" */ '../pages/LoginPage')).LoginPage }),
      },
      {
        path: paths.signup.pattern,
        lazy: async () => ({ Component: (await import(/* webpackChunkName: "page-signup" */ '../pages/SignupPage')).SignupPage }),
      },
      {
        path: paths.error.pattern,
        lazy: async () => ({ Component: (await import(/* webpackChunkName: "page-error" */ '../pages/ErrorPage')).ErrorPage }),
      },
      {
        lazy: async () => ({ Component: (await import(/* webpackChunkName: "member" */ './layouts/ProtectedLayout')).ProtectedLayout }),
        children: [
          {
            path: paths.home.pattern,
            lazy: async () => ({ Component: (await import(/* webpackChunkName: "page-home" */ '../pages/HomePage')).HomePage }),
          },
          {
            path: paths.explore.pattern,
            lazy: async () => ({ Component: (await import(/* webpackChunkName: "page-explore" */ '../pages/ExplorePage')).ExplorePage }),
          },
          {
            path: paths.bookmarks.pattern,
            lazy: async () => ({ Component: (await import(/* webpackChunkName: "page-bookmarks" */ '../pages/BookmarksPage')).BookmarksPage }),
          },
          {
            path: paths.createPost.pattern,
            lazy: async () => ({ Component: (await import(/* webpackChunkName: "page-createpost" */ '../pages/CreatePostPage')).CreatePostPage }),
          },
          {
            path: paths.post.pattern,
            lazy: async () => ({ Component: (await import(/* webpackChunkName: "page-post" */ '../pages/PostPage')).PostPage }),
          },
          {
            path: paths.profile.pattern,
            lazy: async () => ({ Component: (await import(/* webpackChunkName: "page-profile" */ '../pages/ProfilePage')).ProfilePage }),
          },
        ],
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import(/* webpackChunkName: "page-not-found" */ '../pages/NotFoundPage')).NotFoundPage }),
      },
    ],
  },
];
