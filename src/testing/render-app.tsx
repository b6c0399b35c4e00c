import { installAuthBridge } from '../lib/session/reauth';
import { signOut } from '../lib/session/sign-out';
import { renderRoutes } from './render-routes';

/** Renders the whole app at a path, as main.tsx would, with a fresh session and cache. */
export function renderApp(path: string) {
  signOut();
  installAuthBridge();
  return renderRoutes(path);
}
