// The few autocannon options and result fields the load worker uses (autocannon ships no types;
// @types/autocannon would be a dependency for five fields).
declare module 'autocannon' {
  interface RawRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    requests?: (RawRequest & { setupRequest?: (request: RawRequest) => RawRequest })[];
  }
  interface Histogram {
    p50: number;
    p99: number;
  }
  interface Result {
    requests: { total: number };
    latency: Histogram;
    duration: number;
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
