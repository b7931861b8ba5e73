/**
 * Serves the built SPA (web/dist) the way CloudFront and S3 do in production: the viewer-request
 * function CloudFront runs (shared/cloudfront-functions.ts SPA_FALLBACK, run here as-is) sends
 * paths without a dot in their last segment to /index.html; any other path is read from the
 * bucket, and a missing file is S3's answer under origin access control, 403 AccessDenied (no
 * s3:ListBucket, so never 404). Files keep their content type, hashed assets are cached for a year,
 * index.html is revalidated, and text is gzip or brotli when the browser accepts it.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { SPA_FALLBACK } from '@shared/cloudfront-functions';

/** The deployed viewer-request function, as CloudFront runs it: request.uri in, request.uri out. */
const spaFallback = new Function(`${SPA_FALLBACK}; return handler;`)() as (event: {
  request: { uri: string };
}) => { uri: string };

/** S3's answer to a GET of a missing key when the caller may not list the bucket. */
const ACCESS_DENIED = `<?xml version="1.0" encoding="UTF-8"?>
<Error><Code>AccessDenied</Code><Message>Access Denied</Message><RequestId>LOCAL</RequestId><HostId>local</HostId></Error>`;

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

/** S3's 403 for a missing key under origin access control (the site and the logo bucket). */
export function accessDenied(res: ServerResponse, method: string | undefined): void {
  res
    .writeHead(403, { 'content-type': 'application/xml' })
    .end(method === 'HEAD' ? undefined : ACCESS_DENIED);
}

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
    const file = fileFor(spaFallback({ request: { uri: pathname } }).uri);
    if (!file) return accessDenied(res, req.method);
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
