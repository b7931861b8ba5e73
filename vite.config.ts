import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The SPA lives in web/; `npm run build` writes web/dist, which CloudFront serves in production. */
export default defineConfig({
  root: 'web',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
  },
});
