import { lazy, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import { RequireSession } from '../features/auth/components/require-session';
import { HomeRedirect } from './home-redirect';
import { NotFoundRoute } from './not-found-route';
import { RootLayout } from './root-layout';
import { RouteErrorBoundary } from './route-error-boundary';
import { SessionDataLayout } from './session-data-layout';

/** What a lazily loaded route module exports. */
interface RouteModule {
  Component: ComponentType;
}

/** Each lazy route's element, and how to load its code. */
const routeCode = new WeakMap<object, () => Promise<RouteModule>>();

function lazyRoute(load: () => Promise<RouteModule>): ReactNode {
  const Page = lazy(async () => ({ default: (await load()).Component }));
  const element = (
    <RouteErrorBoundary>
      <Page />
    </RouteErrorBoundary>
  );
  routeCode.set(element, load);
  return element;
}

/**
 * Every page is its own chunk, so the sign-in page loads only what it needs. A feature plugs in by adding its
 * route here, pointing at a module that exports `Component`.
 */
const routes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary>
        <RootLayout />
      </RouteErrorBoundary>
    ),
    children: [
      { index: true, element: <HomeRedirect /> },
      { path: 'sign-in', element: lazyRoute(() => import('../features/auth/routes/sign-in-route')) },
      { path: 'register', element: lazyRoute(() => import('../features/auth/routes/register-route')) },
      { path: 'tenants', element: lazyRoute(() => import('../features/auth/routes/tenant-picker-route')) },
      { path: 'invites', element: lazyRoute(() => import('../features/invites/routes/invites-route')) },
      {
        element: <RequireSession />,
        children: [
          {
            element: <SessionDataLayout />,
            children: [
              // The labelling workspace takes the whole window, outside the shell's layout.
              { path: 't/:tenantId/apps/:appId/label', element: lazyRoute(() => import('../features/labelling/routes/label-queue-route')) },
              {
                path: 't/:tenantId/apps/:appId/media/:mediaId/label',
                element: lazyRoute(() => import('../features/labelling/routes/label-media-route')),
              },
              {
                path: 't/:tenantId/apps/:appId/review/:reviewId/edit/:answer',
                element: lazyRoute(() => import('../features/labelling/routes/review-edit-route')),
              },
              {
                path: 't/:tenantId',
                element: lazyRoute(() => import('./shell/routes/shell-route')),
                children: [
                  {
                    element: lazyRoute(() => import('../features/dashboard/tenant/tenant-layout-route')),
                    children: [
                      { index: true, element: lazyRoute(() => import('../features/dashboard/applications/dashboard-route')) },
                      { path: 'upload', element: lazyRoute(() => import('../features/dashboard/upload/upload-route')) },
                      { path: 'gateways', element: lazyRoute(() => import('../features/dashboard/gateways/gateways-route')) },
                      { path: 'gateways/:gatewayId', element: lazyRoute(() => import('../features/dashboard/gateways/gateway-route')) },
                      { path: 'admin', element: lazyRoute(() => import('../features/dashboard/admin/admin-route')) },
                      { path: 'people', element: lazyRoute(() => import('../features/review/routes/people-route')) },
                      { path: 'media/:mediaId', element: lazyRoute(() => import('../features/dashboard/media/media-route')) },
                      {
                        path: 'apps/:appId',
                        element: lazyRoute(() => import('../features/dashboard/applications/application-layout-route')),
                        children: [
                          { index: true, element: lazyRoute(() => import('../features/dashboard/applications/application-route')) },
                          { path: 'detections', element: lazyRoute(() => import('../features/dashboard/detections/detections-route')) },
                          { path: 'settings', element: lazyRoute(() => import('../features/dashboard/settings/settings-route')) },
                          { path: 'review', element: lazyRoute(() => import('../features/review/routes/review-route')) },
                          { path: 'review/labellers/:userId', element: lazyRoute(() => import('../features/review/routes/labeller-answers-route')) },
                          { path: 'media/:mediaId', element: lazyRoute(() => import('../features/dashboard/media/media-route')) },
                        ],
                      },
                    ],
                  },
                  { path: 'api-keys', element: lazyRoute(() => import('../features/api-keys/routes/api-keys-route')) },
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

export function AppRoutes() {
  const location = useLocation();
  // Every page the address nests (shell, tenant, application, tab) asks for its code at once, not each once its
  // parent has loaded and rendered.
  for (const { route } of matchRoutes(routes, location) ?? []) {
    const load = route.element && typeof route.element === 'object' ? routeCode.get(route.element) : undefined;
    void load?.();
  }
  return useRoutes(routes, location);
}
