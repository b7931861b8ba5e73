/**
 * Serves the built SPA (web/dist) the way CloudFront does in production: files with their content
 * type, hashed assets cached for a year, index.html revalidated, any other extension-less path
 * answered with index.html (SPA fallback), and gzip or brotli for text when the browser accepts it.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json)|image\/svg\+xml)/;
/** Smaller bodies are not worth compressing (CloudFront's own threshold is 1,000 bytes). */
const MIN_COMPRESS_BYTES = 1000;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

interface Prepared {
  type: string;
  etag: string;
  raw: Buffer;
  gzip?: Buffer;
  br?: Buffer;
}

/** A request handler for the files under `distDir`; throws when there is no build. */
export function createStaticSite(distDir: string) {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile))
    throw new Error(`${indexFile} is missing: run \`npm run build\` first`);
  const cache = new Map<string, Prepared>();

  function prepare(file: string): Prepared {
    let entry = cache.get(file);
    if (!entry) {
      const raw = readFileSync(file);
      const type = CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
      entry = { type, raw, etag: `"${createHash('sha1').update(raw).digest('base64url')}"` };
      if (COMPRESSIBLE.test(type) && raw.length >= MIN_COMPRESS_BYTES) {
        entry.gzip = gzipSync(raw);
        entry.br = brotliCompressSync(raw, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY },
        });
      }
      cache.set(file, entry);
    }
    return entry;
  }

  /** The file a path names inside distDir, or undefined (never a path outside it). */
  function fileFor(pathname: string): string | undefined {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return undefined;
    }
    const candidate = normalize(join(distDir, decoded));
    if (candidate !== distDir && !candidate.startsWith(distDir + sep)) return undefined;
    return existsSync(candidate) && statSync(candidate).isFile() ? candidate : undefined;
  }

  return function serve(req: IncomingMessage, res: ServerResponse, pathname: string): void {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res
        .writeHead(405, { 'content-type': 'text/plain', allow: 'GET, HEAD' })
        .end('Method Not Allowed');
      return;
    }
    let file = fileFor(pathname);
    if (!file) {
      if (extname(pathname) !== '') {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not Found');
        return;
      }
      file = indexFile;
    }
    const entry = prepare(file);
    const isIndex = file === indexFile;
    const accept = String(req.headers['accept-encoding'] ?? '');
    const [body, encoding] =
      entry.br && /\bbr\b/.test(accept)
        ? [entry.br, 'br']
        : entry.gzip && /\bgzip\b/.test(accept)
          ? [entry.gzip, 'gzip']
          : [entry.raw, undefined];
    const headers: Record<string, string> = {
      'content-type': entry.type,
      'cache-control': isIndex || !pathname.startsWith('/assets/') ? REVALIDATE : IMMUTABLE,
      etag: entry.etag,
      vary: 'accept-encoding',
    };
    if (req.headers['if-none-match'] === entry.etag) {
      res.writeHead(304, headers).end();
      return;
    }
    if (encoding) headers['content-encoding'] = encoding;
    headers['content-length'] = String(body.length);
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}
