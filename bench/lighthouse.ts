/**
 * Lighthouse 12 with its default config (mobile: Moto G Power emulation, simulated slow 4G and
 * 4x CPU throttling) in Debian's Chromium, on pages of the built SPA served compressed by the local
 * stack as CloudFront serves them. Categories: performance, accessibility, best practices.
 *
 * Its floor is the web-size floor app (react + react-dom + react-router-dom, bench/floor), built the
 * same way and served by the same static server: what Lighthouse gives a page that only loads and
 * renders those libraries, on this machine at this moment (its TBT is mostly their evaluation).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { createStaticSite } from '../local/static-site';
import { CHROMIUM_ARGS, ensureChromium } from '../test/support/browser';
import { buildWith } from './web-size';

const ROOT = resolve(import.meta.dirname, '..');

export const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
/** Targets from the issue (0-100). */
export const LIGHTHOUSE_TARGETS: Record<(typeof LIGHTHOUSE_CATEGORIES)[number], number> = {
  performance: 98,
  accessibility: 100,
  'best-practices': 100,
};
const PERCENT = 100;
/** How much of a failing audit's first detail item the notes show. */
const DETAIL_CHARS = 300;

export interface LighthouseFigures {
  url: string;
  /** Where the page ended up (a signed-out /dashboard redirects to /login). */
  finalUrl: string;
  scores: Record<(typeof LIGHTHOUSE_CATEGORIES)[number], number>;
  lcpMs: number;
  tbtMs: number;
  /** What the largest contentful paint was (its selector and snippet), to see what it waits for. */
  lcpElement: string;
  /** Audits that cost points, with their titles, so a miss can be fixed. */
  failing: string[];
}

/**
 * The floor app built as the product is and served on 127.0.0.1 by the stack's static server
 * (compressed, as CloudFront serves). Call `close` when done.
 */
export async function serveFloorApp(): Promise<{ url: string; close: () => Promise<void> }> {
  const work = mkdtempSync(join(tmpdir(), 'spin-lighthouse-floor-'));
  const outDir = join(work, 'dist');
  await buildWith(join(ROOT, 'bench/floor'), outDir);
  const serve = createStaticSite(outDir);
  const server = createServer((req, res) =>
    serve(req, res, new URL(req.url ?? '/', 'http://floor').pathname),
  );
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: async () => {
      await new Promise<void>((ok) => server.close(() => ok()));
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/** Runs Lighthouse on each URL in one fresh Chromium (a fresh profile: a first visit). */
export async function measureLighthouse(urls: readonly string[]): Promise<LighthouseFigures[]> {
  const results: LighthouseFigures[] = [];
  for (const url of urls) {
    // A new browser per page, so no cache or storage carries over from the previous page.
    const chrome = await chromeLauncher.launch({
      chromePath: ensureChromium(),
      chromeFlags: CHROMIUM_ARGS,
    });
    try {
      const runner = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...LIGHTHOUSE_CATEGORIES],
      });
      if (!runner) throw new Error(`lighthouse gave no result for ${url}`);
      const { lhr } = runner;
      const scores = Object.fromEntries(
        LIGHTHOUSE_CATEGORIES.map((c) => [
          c,
          Math.round((lhr.categories[c]?.score ?? 0) * PERCENT),
        ]),
      ) as LighthouseFigures['scores'];
      const failing: string[] = [];
      for (const c of LIGHTHOUSE_CATEGORIES) {
        for (const ref of lhr.categories[c]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
          // The first item of the audit's details says what to fix (e.g. which issue was logged).
          const details = audit.details as { items?: unknown[] } | undefined;
          const first = details?.items?.[0];
          const what =
            first === undefined ? '' : ` [${JSON.stringify(first).slice(0, DETAIL_CHARS)}]`;
          failing.push(
            `${c}/${ref.id} (${audit.score}): ${audit.displayValue ?? audit.title}${what}`,
          );
        }
      }
      results.push({
        url,
        finalUrl: lhr.finalDisplayedUrl,
        scores,
        lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
        tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
        lcpElement: lcpElementOf(lhr.audits['largest-contentful-paint-element']?.details),
        failing,
      });
    } finally {
      await chrome.kill();
    }
  }
  return results;
}

/** The LCP element audit's node (selector and snippet), found wherever the report nests it. */
function lcpElementOf(details: unknown): string {
  const seen: unknown[] = [details];
  while (seen.length > 0) {
    const item = seen.pop();
    if (!item || typeof item !== 'object') continue;
    const node = item as { type?: string; selector?: string; snippet?: string };
    if (node.type === 'node') return `${node.selector ?? '?'} ${node.snippet ?? ''}`.trim();
    seen.push(...Object.values(item));
  }
  return 'none reported';
}
