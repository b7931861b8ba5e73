/**
 * The API floor: a bare Node HTTP server answering each benchmarked route with the body the real
 * API gave (captured just before), with the same status and content type. Run as its own process:
 * tsx bench/floor-server.ts <answers.json>; prints its port on the first stdout line.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** "METHOD /path" (no query) -> the captured answer. */
export type FloorAnswers = Record<string, { status: number; body: string }>;

const answers = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as FloorAnswers;

const server = createServer((req, res) => {
  // The body is read before answering, as the real API must read it.
  req.resume();
  req.on('end', () => {
    const path = (req.url ?? '/').split('?')[0];
    const answer = answers[`${req.method} ${path}`];
    if (!answer) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"message":"Not Found"}');
      return;
    }
    res.writeHead(answer.status, {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(answer.body)),
    });
    res.end(answer.body);
  });
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${(server.address() as AddressInfo).port}\n`);
});
