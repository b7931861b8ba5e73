/**
 * Per test file of the `plain` project (shared rules, templates, lint): the region and
 * credentials of the local AWS stand-ins, in case a file makes an SDK client; no tables, bucket
 * or secrets, which only the `node` project's files get (test/setup/env.ts).
 */
import { LOCAL_AWS_ENV } from '../../local/dynamodb';

Object.assign(process.env, LOCAL_AWS_ENV, {
  POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'SILENT',
  POWERTOOLS_METRICS_DISABLED: 'true',
});
