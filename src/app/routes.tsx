import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { AppFallback } from './layouts/AppFallback';
import { AppLayout } from './layouts/AppLayout';
import { ErrorPage } from '../pages/ErrorPage';
import { RouteErrorPage } from '../pages/RouteErrorPage';

/** A route's `lazy`: the component `name` of the module `load` brings, loaded when the route is first needed. */
function lazyComponent<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return async () => ({ Component: (await load())[name] });
}

/**
 * Every route but /error is its own lazily loaded chunk, and so is the member shell around the protected ones
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
      { path: paths.login.pattern, lazy: lazyComponent(() => import(/* webpackChunkName: "page-login" */ '../pages/LoginPage'), 'LoginPage') },
      { path: paths.signup.pattern, lazy: lazyComponent(() => import(/* webpackChunkName: "page-signup" */ '../pages/SignupPage'), 'SignupPage') },
      { path: paths.forgotPassword.pattern, lazy: lazyComponent(() => import(/* webpackChunkName: "page-forgot-password" */ '../pages/ForgotPasswordPage'), 'ForgotPasswordPage') },
      { path: paths.resetPassword.pattern, lazy: lazyComponent(() => import(/* webpackChunkName: "page-reset-password" */ '../pages/ResetPasswordPage'), 'ResetPasswordPage') },
      { path: paths.confirmEmail.pattern, lazy: lazyComponent(() => import(/* webpackChunkName: "page-confirm-email" */ '../pages/ConfirmEmailPage'), 'ConfirmEmailPage') },
      // In the app's own code: it is needed when the server is down, when no chunk could load.
      { path: paths.error.pattern, Component: ErrorPage },
      {
        lazy: lazyComponent(() => import(/* webpackChunkName: "member" */ './layouts/ProtectedLayout'), 'ProtectedLayout'),
        children: [
          { path: paths.home.pattern, lazy: lazyComponent(() => import(/* webpackChunkName: "page-home" */ '../pages/HomePage'), 'HomePage') },
          { path: paths.explore.pattern, lazy: lazyComponent(() => import(/* webpackChunkName: "page-explore" */ '../pages/ExplorePage'), 'ExplorePage') },
          { path: paths.bookmarks.pattern, lazy: lazyComponent(() => import(/* webpackChunkName: "page-bookmarks" */ '../pages/BookmarksPage'), 'BookmarksPage') },
          { path: paths.createPost.pattern, lazy: lazyComponent(() => import(/* webpackChunkName: "page-createpost" */ '../pages/CreatePostPage'), 'CreatePostPage') },
          { path: paths.post.pattern, lazy: lazyComponent(() => import(/* webpackChunkName: "page-post" */ '../pages/PostPage'), 'PostPage') },
          { path: paths.notifications.pattern, lazy: lazyComponent(() => import(/* webpackChunkName: "page-notifications" */ '../pages/NotificationsPage'), 'NotificationsPage') },
          { path: paths.profile.pattern, lazy: lazyComponent(() => import(/* webpackChunkName: "page-profile" */ '../pages/ProfilePage'), 'ProfilePage') },
          { path: paths.mutedAndBlocked.pattern, lazy: lazyComponent(() => import(/* webpackChunkName: "page-muted-and-blocked" */ '../pages/MutedAndBlockedPage'), 'MutedAndBlockedPage') },
          { path: paths.account.pattern, lazy: lazyComponent(() => import(/* webpackChunkName: "page-account" */ '../pages/AccountPage'), 'AccountPage') },
          { path: paths.scheduledPosts.pattern, lazy: lazyComponent(() => import(/* webpackChunkName: "page-scheduled" */ '../pages/ScheduledPostsPage'), 'ScheduledPostsPage') },
          { path: paths.moderation.pattern, lazy: lazyComponent(() => import(/* webpackChunkName: "page-moderation" */ '../pages/ModerationPage'), 'ModerationPage') },
          { path: paths.search.pattern, lazy: lazyComponent(() => import(/* webpackChunkName: "page-search" */ '../pages/SearchPage'), 'SearchPage') },
          { path: paths.tag.pattern, lazy: lazyComponent(() => import(/* webpackChunkName: "page-tag" */ '../pages/TagPage'), 'TagPage') },
        ],
      },
      { path: '*', lazy: lazyComponent(() => import(/* webpackChunkName: "page-not-found" */ '../pages/NotFoundPage'), 'NotFoundPage') },
    ],
  },
];
