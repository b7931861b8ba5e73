/**
 * Vitest global setup of the `node` project: DynamoDB Local, s3rver and the Secrets Manager
 * stand-in, started once per run.
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

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
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
  project.provide('dynamoEndpoint', dynamo.endpoint);
  project.provide('s3Endpoint', s3.endpoint);
  project.provide('secretsManagerEndpoint', secrets.endpoint);
  return async () => {
    await Promise.all([dynamo.stop(), s3.stop(), secrets.stop()]);
    rmSync(s3Dir, { recursive: true, force: true });
  };
}
