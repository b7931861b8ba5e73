/**
 * Routes (docs/product.md). Each screen is its own lazily loaded chunk, so the wheel page never
 * downloads staff or admin code. Route modules export `Component`.
 */
import type { RouteObject } from 'react-router-dom';
import { PATHS } from '../config/paths';
import { BootFrame } from './boot-frame';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Shown while the first screen's chunk loads: the same frame index.html paints before any script.
    hydrateFallbackElement: <BootFrame />,
    children: [
      { path: PATHS.wheel, lazy: () => import('../features/visitor/routes/wheel-page') },
      { path: PATHS.login, lazy: () => import('../features/staff/routes/login-page') },
      {
        path: PATHS.operatorLogin,
        lazy: () => import('../features/staff/routes/operator-login-page'),
      },
      { path: PATHS.dashboard, lazy: () => import('../features/staff/routes/dashboard-page') },
      {
        path: PATHS.admin,
        children: [
          { index: true, lazy: () => import('../features/admin/routes/login-page') },
          {
            lazy: () => import('../features/admin/routes/shell'),
            children: [
              { path: 'business', lazy: () => import('../features/admin/routes/business-page') },
              { path: 'game', lazy: () => import('../features/admin/routes/game-page') },
              { path: 'insights', lazy: () => import('../features/admin/routes/insights-page') },
              {
                path: 'customers',
                lazy: () => import('../features/admin/routes/customers-page'),
              },
              { path: 'share', lazy: () => import('../features/admin/routes/share-page') },
              {
                path: 'accounts/:role',
                lazy: () => import('../features/admin/routes/account-password-page'),
              },
            ],
          },
        ],
      },
      { path: '*', element: <RouteError notFound /> },
    ],
  },
];
