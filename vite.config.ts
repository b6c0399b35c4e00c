import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const devApiPort = process.env.DEV_API_PORT ?? '8081';

export default defineConfig({
  plugins: [react()],
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: {
      '/1': `http://127.0.0.1:${devApiPort}`,
      '/21': `http://127.0.0.1:${devApiPort}`,
      '/media-files': `http://127.0.0.1:${devApiPort}`,
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 700,
  },
});
