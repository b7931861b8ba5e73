/**
 * Every route refuses a request that did not come through the site (docs/architecture.md,
 * "Per-client limits"): called at the API's own URL, without CloudFront's origin secret, each
 * handler answers 403 NOT_VIA_SITE before it reads or writes anything, whoever the caller is. So
 * neither the CloudFront WAF rules nor the viewer address can be stepped around.
 */
import { describe, expect, it } from 'vitest';
import type { HttpEvent, HttpResult } from '../../lambdas/lib/http';
import { API_MESSAGES } from '@shared/messages-api';
import { ROUTES, routePath } from '@shared/routes';
import { httpEvent, statusAndBody, type Caller } from '../support/http-event';

const CALLER_OF: Record<(typeof ROUTES)[number]['auth'], Caller> = {
  public: 'anonymous',
  visitor: 'visitor',
  staff: 'operator',
  admin: 'admin',
};

describe.each(ROUTES.map((route) => [route.id, route] as const))('%s', (_id, route) => {
  const call = async (headers: Record<string, string>, viaSite: boolean) => {
    const module = (await import(`../../lambdas/handlers/${route.id}.ts`)) as {
      handler: (event: HttpEvent) => Promise<HttpResult>;
    };
    const parameters = { id: 'slice-1', role: 'operator' };
    const path = routePath(route.path, parameters);
    return statusAndBody(
      await module.handler(
        httpEvent({
          method: route.method,
          path,
          pathParameters: parameters,
          caller: CALLER_OF[route.auth],
          body: {},
          viaSite,
          headers,
        }),
      ),
    );
  };

  it('refuses a request without the origin secret, or with a wrong one', async () => {
    const refused = {
      status: 403,
      body: { code: 'NOT_VIA_SITE', message: API_MESSAGES.notViaSite },
    };
    expect(await call({ 'x-viewer-address': '203.0.113.5' }, false)).toEqual(refused);
    expect(
      await call({ 'x-origin-verify': 'guess', 'x-viewer-address': '203.0.113.5' }, false),
    ).toEqual(refused);
  });
});
