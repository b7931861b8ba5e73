/**
 * Bundles browser entry points with esbuild (in memory) and serves each as /<name>.html on
 * 127.0.0.1 with a tiny node:http server. Used by the wheel benchmark and screenshots.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';

export interface BenchServer {
  readonly origin: string;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  js: 'text/javascript',
  css: 'text/css',
  html: 'text/html',
};

/** Builds `entries` (name -> entry file) and serves them until close(). */
export async function serveBundles(entries: Record<string, string>): Promise<BenchServer> {
  const result = await build({
    entryPoints: entries,
    bundle: true,
    format: 'esm',
    target: 'es2022',
    platform: 'browser',
    minify: true,
    jsx: 'automatic',
    write: false,
    outdir: '/out',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  const files = new Map<string, string>();
  for (const file of result.outputFiles) files.set(file.path.replace('/out', ''), file.text);
  for (const name of Object.keys(entries)) {
    const css = files.has(`/${name}.css`) ? `<link rel="stylesheet" href="/${name}.css">` : '';
    files.set(
      `/${name}.html`,
      `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
        `<meta name="viewport" content="width=device-width, initial-scale=1">${css}` +
        `<style>body{margin:0;font-family:system-ui,sans-serif}</style></head>` +
        `<body><script type="module" src="/${name}.js"></script></body></html>`,
    );
  }
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const body = files.get(path);
    if (body === undefined) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.split('.').pop() ?? ''] ?? 'text/plain' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
