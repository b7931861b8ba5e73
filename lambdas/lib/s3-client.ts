/** The S3 client (logo bucket), created once per container; only upload-logo imports it. */
import { S3Client } from '@aws-sdk/client-s3';
import { countingCalls } from './aws-calls';
import { endpoint, MAX_ATTEMPTS } from './client-options';
import { optionalEnv } from './env';

let s3Client: S3Client | undefined;
export function s3(): S3Client {
  s3Client ??= countingCalls(
    new S3Client({
      ...endpoint('S3_ENDPOINT'),
      forcePathStyle: optionalEnv('S3_ENDPOINT') !== undefined,
      // s3rver stores aws-chunked framing in objects unless checksums are only sent when required.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      maxAttempts: MAX_ATTEMPTS,
    }),
    's3',
  );
  return s3Client;
}

/** For tests that swap the client (fault injection). */
export function setS3ForTest(client: S3Client): void {
  s3Client = client;
}
