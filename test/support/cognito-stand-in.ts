/**
 * The local Cognito stand-in (local/cognito) on its own loopback port, for tests that call it
 * without the whole local stack: mounted on a server of its own, as local/stack.ts mounts it in its.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createCognitoStandIn,
  newStackCredentials,
  type CognitoStandIn,
  type CognitoStandInOptions,
  type StackCredentials,
} from '../../local/cognito';

/**
 * The admin credentials of this test process's stand-ins: one pair, made at the first start and
 * put where the functions' Cognito client reads them (COGNITO_ACCESS_KEY_ID, as the local stack
 * does), so a client created once keeps working with every stand-in of the file.
 */
export function testCredentials(): StackCredentials {
  if (!process.env.COGNITO_ACCESS_KEY_ID || !process.env.COGNITO_SECRET_ACCESS_KEY) {
    const fresh = newStackCredentials();
    process.env.COGNITO_ACCESS_KEY_ID = fresh.accessKeyId;
    process.env.COGNITO_SECRET_ACCESS_KEY = fresh.secretAccessKey;
  }
  return {
    accessKeyId: process.env.COGNITO_ACCESS_KEY_ID,
    secretAccessKey: process.env.COGNITO_SECRET_ACCESS_KEY,
  };
}

export interface RunningCognitoStandIn extends Omit<CognitoStandIn, 'handle' | 'setBaseUrl'> {
  /** Endpoint for the AWS SDK and the browser client, e.g. http://127.0.0.1:40123 */
  endpoint: string;
  stop(): Promise<void>;
}

/** Starts the stand-in on its own loopback port (0: any free port). */
export async function startCognitoStandIn(
  options: CognitoStandInOptions & { port?: number } = {},
): Promise<RunningCognitoStandIn> {
  const standIn = await createCognitoStandIn({ adminCredentials: testCredentials(), ...options });
  const server = createServer((req, res) =>
    standIn.handle(req, res, new URL(req.url ?? '/', 'http://x').pathname),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.setBaseUrl(endpoint);
  return {
    endpoint,
    pools: standIn.pools,
    adminCredentials: standIn.adminCredentials,
    issuer: standIn.issuer,
    jwks: standIn.jwks,
    call: standIn.call,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
