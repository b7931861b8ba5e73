import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The SPA lives in web/; `npm run build` writes web/dist, which CloudFront serves in production.
 * index.html preloads nothing: the app's chunks start downloading when web/src/boot.ts imports the
 * app after the first paint (Vite preloads a dynamic import's own imports beside it). Preload links
 * in the HTML started that download with the page's, which made Lighthouse count it before the
 * first paint and put LCP at about 1.57 s in some runs instead of about 0.97 s.
 */
export default defineConfig({
  root: 'web',
  // `@shared/*` is shared/*, as tsconfig.base.json's paths say (tsc, tsx and esbuild read them too).
  resolve: { tsconfigPaths: true },
  plugins: [react()],
  // The code challenge's worker (web/src/features/visitor/lib/challenge-worker.ts) loads its solver
  // on demand, which needs an ES module worker.
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
  },
});
