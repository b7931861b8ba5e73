/**
 * Vitest global setup of the `node` and `security` projects: DynamoDB Local, s3rver and the
 * Secrets Manager stand-in, started once per run.
 * Each test file then makes its own tables and bucket (test/setup/env.ts), so files never share data.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startDynamoLocal } from '../../local/dynamodb';
import { freePort } from '../../local/ports';
import { startS3 } from '../../local/s3';
import { LOCAL_AWS_ENV } from '../../local/dynamodb';
import { startSecretsManager } from '../../local/secrets-manager';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
    s3Endpoint: string;
    secretsManagerEndpoint: string;
  }
}

interface Services {
  dynamo: string;
  s3: string;
  secrets: string;
  stop: () => Promise<void>;
}

async function startServices(): Promise<Services> {
  const s3Dir = mkdtempSync(join(tmpdir(), 'spin-s3-'));
  const [dynamo, s3, secrets] = await Promise.all([
    freePort().then((port) => startDynamoLocal({ port })),
    freePort().then((port) => startS3({ port, directory: s3Dir, buckets: [] })),
    // Each file creates its own secrets in it, under its own prefix (test/setup/env.ts).
    freePort().then((port) =>
      startSecretsManager({
        port,
        credentials: {
          accessKeyId: LOCAL_AWS_ENV.AWS_ACCESS_KEY_ID,
          secretAccessKey: LOCAL_AWS_ENV.AWS_SECRET_ACCESS_KEY,
        },
      }),
    ),
  ]);
  return {
    dynamo: dynamo.endpoint,
    s3: s3.endpoint,
    secrets: secrets.endpoint,
    stop: async () => {
      await Promise.all([dynamo.stop(), s3.stop(), secrets.stop()]);
      rmSync(s3Dir, { recursive: true, force: true });
    },
  };
}

/**
 * One set of services for the run, whichever projects use it (`node` and `security`): the first
 * to set up starts them, the last to finish stops them. Kept on globalThis: each project may load
 * this file as a module of its own.
 */
const SHARED = Symbol.for('spin-and-win.test-services');
type Shared = { services: Promise<Services>; users: number };
const registry = globalThis as { [SHARED]?: Shared };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const shared = (registry[SHARED] ??= { services: startServices(), users: 0 });
  shared.users += 1;
  const services = await shared.services;
  project.provide('dynamoEndpoint', services.dynamo);
  project.provide('s3Endpoint', services.s3);
  project.provide('secretsManagerEndpoint', services.secrets);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    delete registry[SHARED];
    await services.stop();
  };
}
