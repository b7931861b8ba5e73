import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';

/** The app module web/src/boot.ts imports after the first paint. */
const APP_MODULE = /\/web\/src\/main\.tsx$/;

/**
 * index.html preloads the app's code (web/src/main.tsx's chunk and the chunks it imports), so its
 * download starts with the page's although boot.ts only evaluates it after the first paint. At low
 * priority: the first paint needs only the HTML, the CSS and boot.ts, and a phone on a slow link
 * gets those first.
 */
function preloadApp(): Plugin {
  return {
    name: 'spin:preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).flatMap((item) =>
          item.type === 'chunk' ? [item] : [],
        );
        const app = chunks.find((chunk) => APP_MODULE.test(chunk.facadeModuleId ?? ''));
        if (!app) throw new Error('preload-app: no chunk for web/src/main.tsx');
        const files = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = chunks.find((c) => c.fileName === fileName);
          // The entry (boot.ts) has its own script tag.
          if (files.has(fileName) || chunk?.isEntry) return;
          files.add(fileName);
          for (const imported of chunk?.imports ?? []) visit(imported);
        };
        visit(app.fileName);
        return [...files].map((file): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: {
            rel: 'modulepreload',
            crossorigin: true,
            fetchpriority: 'low',
            href: `/${file}`,
          },
          injectTo: 'head',
        }));
      },
    },
  };
}

/** The SPA lives in web/; `npm run build` writes web/dist, which CloudFront serves in production. */
export default defineConfig({
  root: 'web',
  // `@shared/*` is shared/*, as tsconfig.base.json's paths say (tsc, tsx and esbuild read them too).
  resolve: { tsconfigPaths: true },
  plugins: [react(), preloadApp()],
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
