/** s3rver on loopback for the logo bucket (no signature or policy checks; fine for local use). */
import { mkdirSync } from 'node:fs';
import S3rver from 's3rver';

export interface RunningS3 {
  endpoint: string;
  stop(): Promise<void>;
}

/** Starts s3rver on 127.0.0.1:port with files under `directory` and the given buckets. */
export async function startS3(options: {
  port: number;
  directory: string;
  buckets: string[];
}): Promise<RunningS3> {
  mkdirSync(options.directory, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port,
    silent: true,
    directory: options.directory,
    configureBuckets: options.buckets.map((name) => ({ name })),
  });
  const address = await server.run();
  return { endpoint: `http://127.0.0.1:${address.port}`, stop: () => server.close() };
}
