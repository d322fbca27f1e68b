import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Role } from '@gw/contracts';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from '../components/not-found-page';
import { RouteErrorPage } from './route-error-page';
import { PageSpinner } from '../components/page-spinner';
import { RequireAuth } from './guards/require-auth';
import { RequireRole } from './guards/require-role';
import { RequireVisiblePage } from './guards/require-visible-page';
import { SetupGate } from './guards/setup-gate';

/** A lazily loaded page: the module is fetched the first time its route matches. */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): RouteObject['lazy'] {
  return async () => ({ Component: (await load())[name] });
}

const publicRoutes: RouteObject[] = [
  { index: true, lazy: page(() => import('../features/home/pages/home-page'), 'HomePage') },
  { path: 'setup', lazy: page(() => import('../features/setup/pages/setup-page'), 'SetupPage') },
  { path: 'login', lazy: page(() => import('../features/auth/pages/login-page'), 'LoginPage') },
  { path: 'register', lazy: page(() => import('../features/auth/pages/register-page'), 'RegisterPage') },
  { path: 'reset', lazy: page(() => import('../features/auth/pages/reset-request-page'), 'ResetRequestPage') },
  { path: 'user/reset', lazy: page(() => import('../features/auth/pages/reset-confirm-page'), 'ResetConfirmPage') },
  // GitHub, Google, OIDC and Linux DO return here; any other provider name is the not-found page.
  { path: 'oauth/:provider', lazy: page(() => import('../features/oauth/pages/oauth-callback-page'), 'OAuthCallbackPage') },
  { path: 'oauth/login', lazy: page(() => import('../features/oauth/pages/oauth-login-page'), 'OAuthLoginPage') },
  { path: 'user-agreement', lazy: page(() => import('../features/legal/pages/legal-page'), 'UserAgreementPage') },
  { path: 'privacy-policy', lazy: page(() => import('../features/legal/pages/legal-page'), 'PrivacyPolicyPage') },
];

/** Public pages the administrator can switch off in the top bar (HeaderNavModules). */
const switchablePublicRoutes: RouteObject[] = [
  { path: 'model-hub', lazy: page(() => import('../features/model-hub/pages/model-hub-page'), 'ModelHubPage') },
  { path: 'about', lazy: page(() => import('../features/home/pages/about-page'), 'AboutPage') },
];

const signedInRoutes: RouteObject[] = [
  { path: 'token', lazy: page(() => import('../features/tokens/pages/tokens-page'), 'TokensPage') },
  { path: 'user/edit', lazy: page(() => import('../features/users/pages/user-edit-page'), 'UserEditPage') },
  { path: 'approve', lazy: page(() => import('../features/oauth/pages/approve-page'), 'ApprovePage') },
  { path: 'custom-models', lazy: page(() => import('../features/custom-models/pages/custom-models-page'), 'CustomModelsPage') },
  { path: 'personal', lazy: page(() => import('../features/personal/pages/personal-page'), 'PersonalPage') },
  { path: 'topup', lazy: page(() => import('../features/topup/pages/topup-page'), 'TopUpPage') },
  { path: 'activity-center', lazy: page(() => import('../features/activity-center/pages/activity-center-page'), 'ActivityCenterPage') },
  { path: 'log', lazy: page(() => import('../features/logs/pages/logs-page'), 'LogsPage') },
  { path: 'detail', lazy: page(() => import('../features/dashboard/pages/dashboard-page'), 'DashboardPage') },
  { path: 'midjourney', lazy: page(() => import('../features/tasks/pages/drawing-logs-page'), 'DrawingLogsPage') },
  { path: 'task', lazy: page(() => import('../features/tasks/pages/task-logs-page'), 'TaskLogsPage') },
  { path: 'playground', lazy: page(() => import('../features/playground/pages/playground-page'), 'PlaygroundPage') },
];

const adminRoutes: RouteObject[] = [
  { path: 'user', lazy: page(() => import('../features/users/pages/users-page'), 'UsersPage') },
  { path: 'user/edit/:id', lazy: page(() => import('../features/users/pages/user-edit-page'), 'UserEditPage') },
  { path: 'setting', lazy: page(() => import('../features/settings/pages/settings-page'), 'SettingsPage') },
  { path: 'aipy-conf', lazy: page(() => import('../features/aipy-conf/pages/aipy-conf-page'), 'AipyConfPage') },
  { path: 'activity-config', lazy: page(() => import('../features/activity-config/pages/activity-config-page'), 'ActivityConfigPage') },
  { path: 'prefill-group', lazy: page(() => import('../features/prefill-groups/pages/prefill-groups-page'), 'PrefillGroupsPage') },
  { path: 'models', lazy: page(() => import('../features/model-metadata/pages/model-metadata-page'), 'ModelMetadataPage') },
  { path: 'subscription', lazy: page(() => import('../features/subscriptions/pages/subscription-plans-page'), 'SubscriptionPlansPage') },
];

const rootRoutes: RouteObject[] = [
  {
    // One screen: the add and edit routes open its editor drawer over the list.
    path: 'channel',
    lazy: page(() => import('../features/channels/pages/channels-page'), 'ChannelsPage'),
    children: [
      { path: 'add', element: null },
      { path: 'edit/:id', element: null },
    ],
  },
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
          { element: <RequireVisiblePage />, children: switchablePublicRoutes },
          {
            element: <RequireAuth />,
            children: [
              { element: <RequireVisiblePage />, children: signedInRoutes },
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
