/**
 * Prints the preflight for a mocked account through the real preflight code with mocked SDK
 * clients (test/infra/preflight-accounts.ts): `npx tsx test/infra/preflight-samples.ts
 * new|ready|raised`. Its output is what docs/deploy.md shows (test/infra/preflight.test.ts checks).
 */
import { isSample, sampleOutput } from './preflight-accounts';

const which = process.argv[2];
if (!isSample(which)) throw new Error('usage: preflight-samples.ts new|ready|raised');
console.log(await sampleOutput(which));
