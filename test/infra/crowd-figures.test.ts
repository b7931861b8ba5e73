/**
 * docs/security.md, "Crowds behind one address": the visitors one address may carry in WAF's 5
 * minutes, computed from docs/capacity.md's viral peak and calls per visitor and from the WAF
 * limits, and the section checked against them (so a new bench run or a new limit that changes a
 * figure fails here until the doc says it).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_API_RATE_LIMIT, DEFAULT_AUTH_RATE_LIMIT } from '../../infra/constructs/waf';
import { REPO_ROOT } from '../../infra/deploy-config';

const read = (file: string) => readFileSync(join(REPO_ROOT, file), 'utf8');
/** WAF's window (5 minutes) and the limits before this section was written. */
const WINDOW_SECONDS = 300;
const BEFORE = { api: 300, cognito: 100 } as const;
const n = (x: number) => x.toLocaleString('en-US');

describe('crowds behind one address', () => {
  const capacity = read('docs/capacity.md');
  const peak = Number(/\((\d+) visitors starting per second at the peak\)/.exec(capacity)![1]);
  const [, api, cognito] = /HTTP per visitor: [\d.]+ static, ([\d.]+) API, ([\d.]+) Cognito/
    .exec(capacity)!
    .map(Number);
  const security = read('docs/security.md');
  const section = security.slice(security.indexOf('## Crowds behind one address'));

  it('states the peak and the calls per visitor docs/capacity.md measured', () => {
    expect(section).toContain(
      `${peak} visitors starting a second, so ${n(peak * WINDOW_SECONDS)} in 5\nminutes; each visitor makes ${api!.toFixed(2)} API requests and ${cognito!.toFixed(2)} Cognito calls`,
    );
  });

  it('states the visitors per address before and now, and lets an address carry 1 in 100 of the peak', () => {
    const visitors = (limit: number, perVisitor: number) => Math.floor(limit / perVisitor);
    const now = {
      api: visitors(DEFAULT_API_RATE_LIMIT, api!),
      cognito: visitors(DEFAULT_AUTH_RATE_LIMIT, cognito!),
    };
    const before = { api: visitors(BEFORE.api, api!), cognito: visitors(BEFORE.cognito, cognito!) };
    expect(section).toMatch(
      new RegExp(
        `\\| \`/api/\\*\` \\(CloudFront\\) +\\| ${BEFORE.api} requests +\\| ${before.api} +\\| ${n(DEFAULT_API_RATE_LIMIT)} requests +\\| ${now.api} +\\|`,
      ),
    );
    expect(section).toMatch(
      new RegExp(
        `\\| visitor pool \\(Cognito\\) +\\| ${BEFORE.cognito} calls +\\| ${before.cognito} +\\| ${n(DEFAULT_AUTH_RATE_LIMIT)} calls +\\| ${now.cognito} +\\|`,
      ),
    );
    const window = peak * WINDOW_SECONDS;
    const least = (v: { api: number; cognito: number }) => Math.min(v.api, v.cognito);
    expect(section).toContain(
      `carried ${least(before)} visitors, 1 in ${Math.round(window / least(before))} of the peak's`,
    );
    expect(section).toContain(
      `carry ${least(now)} visitors, 1 in ${Math.round(window / least(now))} of the peak's`,
    );
    // The limits now let one address carry at least 1% of the viral peak's 5 minutes.
    expect(least(now) / window).toBeGreaterThanOrEqual(0.01);
  });
});
