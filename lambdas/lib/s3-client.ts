/** The S3 client (logo bucket), created once per container; only upload-logo imports it. */
import { S3Client } from '@aws-sdk/client-s3';
import { endpoint, MAX_ATTEMPTS } from './client-options';
import { optionalEnv } from './env';

let s3Client: S3Client | undefined;
export function s3(): S3Client {
  s3Client ??= new S3Client({
    ...endpoint('S3_ENDPOINT'),
    forcePathStyle: optionalEnv('S3_ENDPOINT') !== undefined,
    // s3rver stores aws-chunked framing in objects unless checksums are only sent when required.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    maxAttempts: MAX_ATTEMPTS,
  });
  return s3Client;
}
