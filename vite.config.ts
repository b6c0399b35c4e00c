import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const devApiPort = process.env.DEV_API_PORT ?? '8081';

/** Paths the service answers itself: never the app's page, even offline. */
const SERVICE_PATHS = [/^\/1\//, /^\/21\//, /^\/media-files\//, /^\/docs(\/|$)/, /^\/openapi/];

/**
 * OpenCV.js is an Emscripten build whose Node branch requires `fs` and `crypto`; in a browser that branch never runs.
 * Its requests for them get an empty module, so the build neither pulls in nor warns about Node's modules.
 */
function opencvWithoutNode(): Plugin {
  const EMPTY = '\0opencv-no-node';
  return {
    name: 'opencv-without-node',
    enforce: 'pre',
    resolveId: (source, importer) => ((source === 'fs' || source === 'crypto') && importer?.includes('@techstark/opencv-js') ? EMPTY : null),
    load: (id) => (id === EMPTY ? 'export default {};' : null),
  };
}

export default defineConfig({
  plugins: [
    opencvWithoutNode(),
    react(),
    // The offline shell: the app's own files are precached, so a reload without a network opens the app (the
    // items in hand and the outbox live in IndexedDB). config.js is the deployment's runtime configuration:
    // fresh from the network when there is one, the last copy otherwise.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'Looplabel',
        short_name: 'Looplabel',
        description: 'Review and correct what image-recognition models proposed.',
        theme_color: '#2456d8',
        background_color: '#f7f7f8',
        display: 'standalone',
        icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' }],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,woff2}'],
        // OpenCV.js (about 15 MB, for click-to-box's GrabCut) is not precached: it is cached on its first use instead.
        globIgnores: ['config.js', 'assets/opencv-*.js'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: SERVICE_PATHS,
        runtimeCaching: [
          { urlPattern: ({ url }) => url.pathname === '/config.js', handler: 'NetworkFirst', options: { cacheName: 'runtime-config' } },
          {
            urlPattern: ({ url }) => /^\/assets\/opencv-[\w-]+\.js$/.test(url.pathname),
            handler: 'CacheFirst',
            options: { cacheName: 'opencv', expiration: { maxEntries: 1 } },
          },
        ],
      },
    }),
  ],
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: {
      '/1': `http://127.0.0.1:${devApiPort}`,
      '/21': `http://127.0.0.1:${devApiPort}`,
      '/22': `http://127.0.0.1:${devApiPort}`,
      '/media-files': `http://127.0.0.1:${devApiPort}`,
    },
  },
  // Module workers, so that the region worker loads OpenCV.js as its own chunk on its first segmentation.
  worker: { format: 'es', plugins: () => [opencvWithoutNode()] },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 700,
    // The warning that plugins took much of the build's time is about the machine (a first build on a busy one), not
    // the app: a new user's `npm start` should not print it.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
});
