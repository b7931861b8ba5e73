import { describe, expect, it } from 'vitest';
import type { HttpEvent } from '../../lambdas/lib/http';
import { createApiGateway } from '../../local/api-gateway';
import { CLOUDFRONT_EDGE_ADDRESS, forwardedByCloudFront } from '../../local/cloudfront';
import { ORIGIN_SECRET_HEADER, VIEWER_ADDRESS_HEADER } from '@shared/definitions';

const SECRET = 'the-origin-secret';
/** No keys: /api/wheel is public, so no token is ever checked here. */
const noTokens = { issuer: 'https://issuer.invalid', audience: [], jwks: () => ({ keys: [] }) };

/** An API whose /api/wheel handler answers with the event it got. */
const echoApi = () =>
  createApiGateway({
    authorizers: { visitor: noTokens, staff: noTokens },
    loadHandler: async () => async (event) => ({ statusCode: 200, body: JSON.stringify(event) }),
    log: () => undefined,
  });

/** The event a handler gets for a viewer at `viewer` that sent `headers`, through CloudFront. */
async function eventFor(viewer: string, headers: Record<string, string>): Promise<HttpEvent> {
  const answer = await echoApi().invoke({
    method: 'GET',
    url: '/api/wheel',
    headers: forwardedByCloudFront({ host: 'shop.example', ...headers }, viewer, SECRET),
    body: Buffer.alloc(0),
    sourceIp: CLOUDFRONT_EDGE_ADDRESS,
    host: 'api.example',
  });
  expect(answer.status).toBe(200);
  return JSON.parse(answer.body.toString('utf8')) as HttpEvent;
}

describe('CloudFront in front of the API, as the local stack emulates it', () => {
  it('writes the viewer address from the connection over what the viewer sent', async () => {
    const event = await eventFor('203.0.113.9', {
      [VIEWER_ADDRESS_HEADER]: '198.51.100.1',
      [ORIGIN_SECRET_HEADER]: 'guessed',
    });
    expect(event.headers?.[VIEWER_ADDRESS_HEADER]).toBe('203.0.113.9');
    expect(event.headers?.[ORIGIN_SECRET_HEADER]).toBe(SECRET);
  });

  it('appends the viewer and then the edge to X-Forwarded-For; the left part stays the viewer’s invention', async () => {
    const spoofed = await eventFor('203.0.113.9', { 'x-forwarded-for': '192.0.2.1, 192.0.2.2' });
    expect(spoofed.headers?.['x-forwarded-for']).toBe(
      `192.0.2.1, 192.0.2.2, 203.0.113.9, ${CLOUDFRONT_EDGE_ADDRESS}`,
    );
    const plain = await eventFor('203.0.113.9', {});
    expect(plain.headers?.['x-forwarded-for']).toBe(`203.0.113.9, ${CLOUDFRONT_EDGE_ADDRESS}`);
  });

  it('gives API Gateway the edge as source address, the same for every viewer', async () => {
    const one = await eventFor('203.0.113.9', {});
    const other = await eventFor('2001:db8::7', {});
    expect(one.requestContext.http.sourceIp).toBe(CLOUDFRONT_EDGE_ADDRESS);
    expect(other.requestContext.http.sourceIp).toBe(CLOUDFRONT_EDGE_ADDRESS);
    expect(other.headers?.[VIEWER_ADDRESS_HEADER]).toBe('2001:db8::7');
  });

  it('lets no viewer-sent CloudFront-* header through, and marks the request as CloudFront’s', async () => {
    const event = await eventFor('203.0.113.9', {
      'cloudfront-viewer-address': '198.51.100.1:443',
      'CloudFront-Is-Mobile-Viewer': 'true',
    });
    const names = Object.keys(event.headers ?? {});
    expect(names.filter((name) => name.startsWith('cloudfront-'))).toEqual([]);
    expect(event.headers?.via).toMatch(/cloudfront/i);
    expect(event.headers?.['x-amz-cf-id']).toMatch(/^[\w-]{40,}$/);
  });
});
