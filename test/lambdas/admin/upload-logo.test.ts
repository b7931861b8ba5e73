import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { s3 } from '../../../lambdas/lib/s3-client';
import { handler } from '../../../lambdas/handlers/upload-logo';
import { LOGO_KEY_PREFIX, MEDIA_PATH_PREFIX } from '@shared/definitions';
import { LOGO_MAX_BYTES } from '@shared/constants';
import { API_MESSAGES } from '@shared/messages-api';
import { bodyOf, httpEvent, type Caller } from '../../support/http-event';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** A real 1x1 transparent PNG. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const upload = (body: Buffer, headers: Record<string, string>, caller: Caller = 'admin') =>
  handler(httpEvent({ caller, method: 'POST', path: '/api/logo', body, headers }));

async function storedKeys(): Promise<string[]> {
  const { Contents } = await s3().send(
    new ListObjectsV2Command({ Bucket: process.env.LOGO_BUCKET, Prefix: LOGO_KEY_PREFIX }),
  );
  return (Contents ?? []).map((o) => o.Key ?? '');
}

describe('POST /api/logo', () => {
  it('refuses a non-image, an SVG, a renamed HTML file and a 3 MB image, storing nothing', async () => {
    // Prepare
    const threeMb = Buffer.alloc(3 * 1024 * 1024);
    threeMb.set(PNG_SIGNATURE);
    const cases = [
      {
        body: Buffer.from('just some text'),
        headers: { 'content-type': 'text/plain', 'x-file-name': 'notes.txt' },
      },
      {
        body: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        ),
        headers: { 'content-type': 'image/svg+xml', 'x-file-name': 'logo.svg' },
      },
      {
        body: Buffer.from('<!doctype html><html><script>alert(document.cookie)</script></html>'),
        headers: { 'content-type': 'image/png', 'x-file-name': 'logo.png' },
      },
      { body: threeMb, headers: { 'content-type': 'image/png', 'x-file-name': 'huge.png' } },
      {
        body: Buffer.alloc(0),
        headers: { 'content-type': 'image/png', 'x-file-name': 'empty.png' },
      },
    ];
    // Act
    const results = await Promise.all(cases.map((c) => upload(c.body, c.headers)));
    // Assess
    expect(results.map((r) => [r.statusCode, bodyOf(r).message])).toEqual([
      [415, API_MESSAGES.logoNotImage],
      [415, API_MESSAGES.logoNotImage],
      [415, API_MESSAGES.logoNotImage],
      [413, API_MESSAGES.logoTooLarge],
      [400, API_MESSAGES.logoNotImage],
    ]);
    expect(await storedKeys()).toEqual([]);
  });

  it('refuses operators, visitors and anonymous callers before reading the body', async () => {
    const results = await Promise.all(
      (['operator', 'visitor', 'anonymous'] as const).map((caller) =>
        upload(TINY_PNG, { 'content-type': 'image/png', 'x-file-name': 'a.png' }, caller),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([403, 403, 401]);
    expect(await storedKeys()).toEqual([]);
  });

  it('stores a PNG under business/ with a timestamp, the original name and the sniffed type', async () => {
    // Prepare
    const before = Date.now();
    // Act
    const result = await upload(TINY_PNG, {
      'content-type': 'application/octet-stream',
      'x-file-name': encodeURIComponent('Shop Logo.png'),
    });
    // Assess
    expect(result.statusCode).toBe(201);
    const { logoUrl } = bodyOf(result) as { logoUrl: string };
    const match = /^\/media\/business\/(\d+)-Shop-Logo\.png$/.exec(logoUrl);
    expect(match).not.toBeNull();
    expect(Number(match![1])).toBeGreaterThanOrEqual(before);
    const key = logoUrl.slice(MEDIA_PATH_PREFIX.length);
    const object = await s3().send(
      new GetObjectCommand({ Bucket: process.env.LOGO_BUCKET, Key: key }),
    );
    expect(object.ContentType).toBe('image/png');
    expect(Buffer.from(await object.Body!.transformToByteArray())).toEqual(TINY_PNG);
  });

  it('takes the content type from the bytes, not the header or the name', async () => {
    const result = await upload(GIF, { 'content-type': 'image/png', 'x-file-name': 'anim.png' });
    expect(result.statusCode).toBe(201);
    const { logoUrl } = bodyOf(result) as { logoUrl: string };
    expect(logoUrl).toMatch(/^\/media\/business\/\d+-anim\.gif$/);
    const object = await s3().send(
      new GetObjectCommand({
        Bucket: process.env.LOGO_BUCKET,
        Key: logoUrl.slice(MEDIA_PATH_PREFIX.length),
      }),
    );
    expect(object.ContentType).toBe('image/gif');
  });

  it('accepts an image of exactly 2 MB', async () => {
    const max = Buffer.alloc(LOGO_MAX_BYTES);
    max.set(PNG_SIGNATURE);
    const result = await upload(max, { 'content-type': 'image/png', 'x-file-name': 'max.png' });
    expect(result.statusCode).toBe(201);
  });
});
