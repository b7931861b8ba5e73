/**
 * The local static server serves the built SPA as CloudFront and S3 do in production
 * (infra/constructs/web.ts): only the paths the viewer-request function rewrites (no dot in the last
 * segment) get index.html, whatever files exist; everything else is read from the bucket as it is,
 * and a missing file is S3's answer under origin access control: 403 AccessDenied (the
 * distribution has no s3:ListBucket, so S3 never says 404).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticSite } from '../../local/static-site';

const INDEX = '<!doctype html><title>spa</title>';
let dir: string;
let server: Server;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'spin-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'assets', 'app-1a2b.js'), 'console.log(1);');
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // A file without an extension: CloudFront's function sends its path to index.html anyway.
  writeFileSync(join(dir, 'LICENSE'), 'license text');
  const serve = createStaticSite(dir);
  server = createServer((req, res) =>
    serve(req, res, new URL(req.url ?? '/', 'http://x').pathname),
  );
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((done) => server.close(done));
  rmSync(dir, { recursive: true, force: true });
});

describe('static site, as CloudFront and S3 serve it', () => {
  it.each(['/', '/admin', '/admin/accounts/operator', '/login', '/assets/', '/LICENSE'])(
    'answers %s with index.html',
    async (path) => {
      const response = await fetch(`${base}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await response.text()).toBe(INDEX);
    },
  );

  it.each([
    ['/assets/app-1a2b.js', 'console.log(1);'],
    ['/favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>'],
    ['/index.html', INDEX],
  ])('serves the file %s', async (path, body) => {
    const response = await fetch(`${base}${path}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(body);
  });

  it.each(['/assets/gone-9z9z.js', '/missing.png', '/admin/x.json'])(
    'answers a missing file %s with S3 AccessDenied (403), never the SPA',
    async (path) => {
      const response = await fetch(`${base}${path}`);
      expect(response.status).toBe(403);
      expect(response.headers.get('content-type')).toBe('application/xml');
      const text = await response.text();
      expect(text).toContain('<Code>AccessDenied</Code>');
      expect(text).not.toContain('spa');
    },
  );
});
