/**
 * The load generator, run as its own process (tsx bench/load-worker.ts <spec.json>) so that
 * building and parsing requests never shares an event loop or a core's time slice with the server
 * under test. Prints one JSON line: requests per second and latency percentiles in ms.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export interface LoadSpec {
  url: string;
  method: 'GET' | 'POST';
  body?: string;
  /** Sent as `authorization: Bearer <token>`; with several, each request takes the next one. */
  tokens?: string[];
  connections: number;
  /** Seconds; ignored when `amount` is set. */
  duration: number;
  /** Exactly this many requests (one per token when every request needs a distinct token). */
  amount?: number;
}

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  seconds: number;
}

const spec = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as LoadSpec;
let next = 0;
const tokens = spec.tokens ?? [];
const result = await autocannon({
  url: spec.url,
  connections: spec.connections,
  duration: spec.duration,
  ...(spec.amount ? { amount: spec.amount } : {}),
  requests: [
    {
      method: spec.method,
      headers: { 'content-type': 'application/json' },
      ...(spec.body !== undefined ? { body: spec.body } : {}),
      setupRequest: (request) => {
        if (tokens.length === 0) return request;
        const token = tokens[next++ % tokens.length];
        return { ...request, headers: { ...request.headers, authorization: `Bearer ${token}` } };
      },
    },
  ],
});
const out: LoadResult = {
  requests: result.requests.total,
  rps: result.requests.total / result.duration,
  p50: result.latency.p50,
  p99: result.latency.p99,
  non2xx: result.non2xx,
  errors: result.errors + result.timeouts,
  seconds: result.duration,
};
process.stdout.write(JSON.stringify(out) + '\n');
