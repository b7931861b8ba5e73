/**
 * The local stack and the CDK stack are built from the same definitions: the routes the local HTTP
 * API emulation serves (local/api-gateway.ts) are the routes the stack synthesizes, with the same
 * handler and the same authorizer kind each.
 */
import type { CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApiGateway, type JwtAuthorizer } from '../../local/api-gateway';
import type { SpinWinStack } from '../../infra/stack';
import { testApp } from './support';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** One synthesized route: its key, handler (route id) and authorizer kind. */
interface SynthRoute {
  method: string;
  path: string;
  handlerId: string;
  authorizer: 'visitor' | 'staff' | 'none';
}

let synthesized: SynthRoute[];

beforeAll(() => {
  const { stack } = testApp({ context: { region: 'ap-southeast-2' } });
  const resources = (Template.fromStack(stack).toJSON() as { Resources: Record<string, Json> })
    .Resources;
  const idOf = (c: { node: { defaultChild?: unknown } }) =>
    (stack as SpinWinStack).getLogicalId(c.node.defaultChild as CfnElement);
  const handlerByFunctionId = new Map(
    Object.entries(stack.api.functions).map(([routeId, fn]) => [idOf(fn.function), routeId]),
  );
  synthesized = Object.values(resources)
    .filter((r) => r.Type === 'AWS::ApiGatewayV2::Route')
    .map((r) => {
      const [method, path] = (r.Properties.RouteKey as string).split(' ') as [string, string];
      const integration = resources[r.Properties.Target['Fn::Join'][1][1].Ref]!.Properties;
      const authorizerName = r.Properties.AuthorizerId
        ? resources[r.Properties.AuthorizerId.Ref]!.Properties.Name
        : undefined;
      return {
        method,
        path,
        handlerId: handlerByFunctionId.get(integration.IntegrationUri['Fn::GetAtt'][0]) ?? '?',
        authorizer:
          authorizerName === 'VisitorAuthorizer'
            ? 'visitor'
            : authorizerName === 'StaffAuthorizer'
              ? 'staff'
              : 'none',
      };
    });
}, 60_000);

/** What the local emulation does with one request to a route: which handler, which authorizer. */
async function serveLocally(
  route: SynthRoute,
): Promise<{ status: number; handlerId?: string; authorizer: string }> {
  const consulted: string[] = [];
  const authorizer = (name: string): JwtAuthorizer => ({
    issuer: `https://issuer/${name}`,
    audience: ['client'],
    jwks: () => {
      consulted.push(name);
      return { keys: [] };
    },
  });
  let handlerId: string | undefined;
  const gateway = createApiGateway({
    authorizers: { visitor: authorizer('visitor'), staff: authorizer('staff') },
    loadHandler: async (id) => async () => {
      handlerId = id;
      return { statusCode: 200, body: '{}' };
    },
    log: () => undefined,
  });
  const response = await gateway.invoke({
    method: route.method,
    url: route.path.replace(/\{\w+\}/g, 'x1'),
    // A token the local authorizer cannot verify: a protected route answers 401 after consulting
    // its pool's keys, a public route never looks at it.
    headers: { authorization: 'Bearer not-a-jwt', 'content-type': 'application/json' },
    body: Buffer.from('{}'),
    sourceIp: '127.0.0.1',
    host: 'localhost',
  });
  return { status: response.status, handlerId, authorizer: consulted[0] ?? 'none' };
}

describe('route parity: local/api-gateway.ts and the CDK stack', () => {
  it('serve the same number of routes', () => {
    const gateway = createApiGateway({
      authorizers: {
        visitor: { issuer: 'v', audience: [], jwks: () => ({ keys: [] }) },
        staff: { issuer: 's', audience: [], jwks: () => ({ keys: [] }) },
      },
    });
    expect(synthesized.length).toBeGreaterThan(0);
    expect(gateway.routeCount).toBe(synthesized.length);
  });

  it('route every synthesized route key to the same handler behind the same authorizer', async () => {
    const mismatches: string[] = [];
    for (const route of synthesized) {
      const local = await serveLocally(route);
      const key = `${route.method} ${route.path}`;
      if (route.authorizer === 'none') {
        if (local.status !== 200 || local.handlerId !== route.handlerId) {
          mismatches.push(
            `${key}: AWS ${route.handlerId} (public), local ${local.status} ${local.handlerId}`,
          );
        }
      } else if (local.status !== 401 || local.authorizer !== route.authorizer) {
        mismatches.push(
          `${key}: AWS ${route.authorizer} authorizer, local ${local.status} ${local.authorizer}`,
        );
      }
    }
    expect(mismatches).toEqual([]);
  });
});
