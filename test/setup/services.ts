/**
 * Vitest global setup of the `node` project: DynamoDB Local and s3rver, started once per run.
 * Each test file then makes its own tables and bucket (test/setup/env.ts), so files never share data.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startDynamoLocal } from '../../local/dynamodb';
import { freePort } from '../../local/ports';
import { startS3 } from '../../local/s3';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
    s3Endpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const s3Dir = mkdtempSync(join(tmpdir(), 'spin-s3-'));
  const [dynamo, s3] = await Promise.all([
    freePort().then((port) => startDynamoLocal({ port })),
    freePort().then((port) => startS3({ port, directory: s3Dir, buckets: [] })),
  ]);
  project.provide('dynamoEndpoint', dynamo.endpoint);
  project.provide('s3Endpoint', s3.endpoint);
  return async () => {
    await Promise.all([dynamo.stop(), s3.stop()]);
    rmSync(s3Dir, { recursive: true, force: true });
  };
}
