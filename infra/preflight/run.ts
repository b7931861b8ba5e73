/**
 * `npm run preflight -- -c region=ap-southeast-2 [-c shop=...] [-c waf=true] [-c smsSenderId=...]`:
 * read-only checks of the AWS account before a deploy (infra/preflight/preflight.ts). A dev tool:
 * nothing in lambdas/ imports it, so no function bundle contains it.
 */
import { awsClients } from './clients';
import { preflight } from './preflight';

try {
  const { lines, exitCode } = await preflight(process.argv.slice(2), process.env, awsClients);
  for (const line of lines) console.log(line);
  process.exitCode = exitCode;
} catch (error) {
  // One line, never a stack trace.
  console.log(`[FAIL] preflight: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
