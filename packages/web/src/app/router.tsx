import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Role } from '@gw/contracts';
import { PlaceholderPage, type PlaceholderFeature } from '../features/placeholders/pages/placeholder-page';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from '../components/not-found-page';
import { RouteErrorPage } from './route-error-page';
import { PageSpinner } from '../components/page-spinner';
import { RequireAuth } from './guards/require-auth';
import { RequireRole } from './guards/require-role';
import { SetupGate } from './guards/setup-gate';

/** A lazily loaded page: the module is fetched the first time its route matches. */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): RouteObject['lazy'] {
  return async () => ({ Component: (await load())[name] });
}

const placeholder = (path: string, feature: PlaceholderFeature): RouteObject => ({
  path,
  element: <PlaceholderPage feature={feature} />,
});

const publicRoutes: RouteObject[] = [
  { index: true, lazy: page(() => import('../features/home/pages/home-page'), 'HomePage') },
  { path: 'setup', lazy: page(() => import('../features/setup/pages/setup-page'), 'SetupPage') },
  { path: 'login', lazy: page(() => import('../features/auth/pages/login-page'), 'LoginPage') },
  { path: 'register', lazy: page(() => import('../features/auth/pages/register-page'), 'RegisterPage') },
  placeholder('reset', 'reset'),
  placeholder('user/reset', 'resetConfirm'),
  placeholder('oauth/github', 'oauth'),
  placeholder('oauth/google', 'oauth'),
  placeholder('oauth/oidc', 'oauth'),
  placeholder('oauth/linuxdo', 'oauth'),
  placeholder('oauth/login', 'oauthLogin'),
  { path: 'model-hub', lazy: page(() => import('../features/model-hub/pages/model-hub-page'), 'ModelHubPage') },
];

const signedInRoutes: RouteObject[] = [
  { path: 'token', lazy: page(() => import('../features/tokens/pages/tokens-page'), 'TokensPage') },
  { path: 'user/edit', lazy: page(() => import('../features/users/pages/user-edit-page'), 'UserEditPage') },
  placeholder('approve', 'approve'),
  placeholder('custom-models', 'customModels'),
  placeholder('personal', 'personal'),
  { path: 'topup', lazy: page(() => import('../features/topup/pages/topup-page'), 'TopUpPage') },
  placeholder('activity-center', 'activityCenter'),
  { path: 'log', lazy: page(() => import('../features/logs/pages/logs-page'), 'LogsPage') },
  { path: 'detail', lazy: page(() => import('../features/dashboard/pages/dashboard-page'), 'DashboardPage') },
  placeholder('midjourney', 'drawingLogs'),
  placeholder('task', 'taskLogs'),
];

const adminRoutes: RouteObject[] = [
  { path: 'user', lazy: page(() => import('../features/users/pages/users-page'), 'UsersPage') },
  { path: 'user/edit/:id', lazy: page(() => import('../features/users/pages/user-edit-page'), 'UserEditPage') },
  { path: 'setting', lazy: page(() => import('../features/settings/pages/settings-page'), 'SettingsPage') },
  placeholder('aipy-conf', 'aipyConf'),
  placeholder('activity-config', 'activityConfig'),
];

const rootRoutes: RouteObject[] = [
  placeholder('channel', 'channels'),
  placeholder('channel/add', 'channelEdit'),
  placeholder('channel/edit/:id', 'channelEdit'),
  { path: 'redemption', lazy: page(() => import('../features/redemptions/pages/redemptions-page'), 'RedemptionsPage') },
];

/** The route table of spec 1 §2.1. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      {
        element: <SetupGate />,
        children: [
          ...publicRoutes,
          {
            element: <RequireAuth />,
            children: [
              ...signedInRoutes,
              { element: <RequireRole minRole={Role.Admin} />, children: adminRoutes },
              { element: <RequireRole minRole={Role.Root} />, children: rootRoutes },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
