/// <reference types="vite-plugin-pwa/client" />
import { registerSW } from 'virtual:pwa-register';

/**
 * Registers the service worker that keeps the app's own files, so that a reload without a network opens the app
 * rather than the browser's error page. A new version waits until every tab of the old one is closed: a page is
 * never swapped under a labeller mid-item.
 */
export function installOfflineShell() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  void registerSW({ immediate: true });
}
