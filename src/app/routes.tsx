import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { RequireSession } from '../features/auth/components/require-session';
import { HomeRedirect } from './home-redirect';
import { NotFoundRoute } from './not-found-route';
import { RootLayout } from './root-layout';
import { RouteErrorBoundary } from './route-error-boundary';
import { SessionDataLayout } from './session-data-layout';

/** What a lazily loaded route module exports (React Router's names); without an ErrorBoundary it gets ours. */
interface RouteModule {
  Component: ComponentType;
  ErrorBoundary?: ComponentType;
}

function StartupFallback() {
  return null;
}

function lazyRoute(load: () => Promise<RouteModule>): RouteObject['lazy'] {
  return async () => {
    const module = await load();
    return { Component: module.Component, ErrorBoundary: module.ErrorBoundary ?? RouteErrorBoundary };
  };
}

/**
 * Every page is its own chunk, so the sign-in page loads only what it needs. A feature plugs in by adding its
 * route here, pointing at a module that exports `Component` (and, if it wants its own, `ErrorBoundary`).
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    ErrorBoundary: RouteErrorBoundary,
    // The first page's code is still on its way: nothing to show for those few milliseconds.
    HydrateFallback: StartupFallback,
    children: [
      { index: true, element: <HomeRedirect /> },
      { path: 'sign-in', lazy: lazyRoute(() => import('../features/auth/routes/sign-in-route')) },
      { path: 'tenants', lazy: lazyRoute(() => import('../features/auth/routes/tenant-picker-route')) },
      { path: 'invites', lazy: lazyRoute(() => import('../features/invites/routes/invites-route')) },
      {
        element: <RequireSession />,
        children: [
          {
            element: <SessionDataLayout />,
            children: [
              // The labelling workspace takes the whole window, outside the shell's layout.
              { path: 't/:tenantId/apps/:appId/label', lazy: lazyRoute(() => import('../features/labelling/routes/label-queue-route')) },
              {
                path: 't/:tenantId/apps/:appId/media/:mediaId/label',
                lazy: lazyRoute(() => import('../features/labelling/routes/label-media-route')),
              },
              {
                path: 't/:tenantId/apps/:appId/review/:reviewId/edit/:answer',
                lazy: lazyRoute(() => import('../features/labelling/routes/review-edit-route')),
              },
              {
                path: 't/:tenantId',
                lazy: lazyRoute(() => import('./shell/routes/shell-route')),
                children: [
                  {
                    lazy: lazyRoute(() => import('../features/dashboard/routes/tenant-layout-route')),
                    children: [
                      { index: true, lazy: lazyRoute(() => import('../features/dashboard/routes/dashboard-route')) },
                      { path: 'upload', lazy: lazyRoute(() => import('../features/dashboard/routes/upload-route')) },
                      { path: 'gateways', lazy: lazyRoute(() => import('../features/dashboard/routes/gateways-route')) },
                      { path: 'gateways/:gatewayId', lazy: lazyRoute(() => import('../features/dashboard/routes/gateway-route')) },
                      { path: 'admin', lazy: lazyRoute(() => import('../features/dashboard/routes/admin-route')) },
                      { path: 'media/:mediaId', lazy: lazyRoute(() => import('../features/dashboard/routes/media-route')) },
                      {
                        path: 'apps/:appId',
                        lazy: lazyRoute(() => import('../features/dashboard/routes/application-layout-route')),
                        children: [
                          { index: true, lazy: lazyRoute(() => import('../features/dashboard/routes/application-route')) },
                          { path: 'detections', lazy: lazyRoute(() => import('../features/dashboard/routes/detections-route')) },
                          { path: 'settings', lazy: lazyRoute(() => import('../features/dashboard/routes/settings-route')) },
                          { path: 'review', lazy: lazyRoute(() => import('../features/review/routes/review-route')) },
                          { path: 'media/:mediaId', lazy: lazyRoute(() => import('../features/dashboard/routes/media-route')) },
                        ],
                      },
                    ],
                  },
                  { path: 'api-keys', lazy: lazyRoute(() => import('../features/api-keys/routes/api-keys-route')) },
                  { path: '*', element: <NotFoundRoute /> },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];
