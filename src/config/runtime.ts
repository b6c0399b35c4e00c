/** What `/config.js` may set before the app starts; a deployment edits that file without rebuilding. */
export interface RuntimeConfig {
  /** The service's base URL; empty or absent means the origin that serves the app. */
  apiBaseUrl?: string;
}

declare global {
  interface Window {
    LOOPLABEL_CONFIG?: RuntimeConfig;
  }
}

export function readRuntimeConfig(): RuntimeConfig {
  const config = window.LOOPLABEL_CONFIG;
  return config && typeof config === 'object' ? config : {};
}
