/**
 * The counter's scan (docs/performance.md, "Scan to redeem"): the dashboard at 768 x 1024 (touch)
 * in a Chromium whose camera is fed a winner's QR code (test/support/fake-camera.ts), timed from
 * the camera's first frame in the page to the scanned customer's Claim button, over
 * COUNTER_SCAN_RUNS scans of fresh references to one prize. The floor is the same scans'
 * `POST /api/users/scan` alone (the page's resource timing): what the server's answer costs of it,
 * the rest being the decoding and the page's own work.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toBuffer as qrPng } from 'qrcode';
import { COUNTER_TEXT } from '@shared/messages-counter';
import { STAFF_TEXT } from '@shared/messages-staff';
import type { RunningStack } from '../local/stack';
import { launchWithFakeCamera, writeCameraFile } from '../test/support/fake-camera';
import { visitorIdToken } from './stack-client';
import { median } from './stats';

export const COUNTER_SCAN_RUNS = 5;
/** The target: Claim ready within 1.5 s of the code coming into view. */
export const MAX_SCAN_TO_CLAIM_MS = 1500;
const TABLET = { width: 768, height: 1024 } as const;
/** The bench's winner (a number no other area uses). */
const WINNER = '0499000150';

export interface CounterScanFigures {
  medianMs: number;
  runs: number[];
  floorMs: number;
}

async function api(stack: RunningStack, path: string, token: string): Promise<unknown> {
  const response = await fetch(new URL(path, stack.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: '{}',
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

export async function measureCounterScan(
  stack: RunningStack,
  operatorPassword: string,
): Promise<CounterScanFigures> {
  const token = await visitorIdToken(stack, WINNER);
  await api(stack, '/api/spins', token);
  const dir = mkdtempSync(join(tmpdir(), 'bench-counter-'));
  const cameraFile = join(dir, 'camera.y4m');
  writeCameraFile(cameraFile);
  const browser = await launchWithFakeCamera(cameraFile);
  try {
    const context = await browser.newContext({
      baseURL: stack.url,
      viewport: TABLET,
      isMobile: true,
      hasTouch: true,
    });
    // The moments measured, seen from outside the app: the camera video's first frame, and the
    // scanned customer's Claim button appearing.
    await context.addInitScript(() => {
      const w = window as unknown as { firstFrameAt?: number; claimReadyAt?: number };
      new MutationObserver(() => {
        const video = document.querySelector<HTMLVideoElement>('video.staff-scan__video');
        if (video && !video.dataset.watched) {
          video.dataset.watched = '1';
          video.requestVideoFrameCallback(() => (w.firstFrameAt ??= performance.now()));
        }
        if (w.claimReadyAt === undefined && document.querySelector('.staff-scanned__claim'))
          w.claimReadyAt = performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel(STAFF_TEXT.username).fill('operator');
    await page.getByLabel(STAFF_TEXT.password).fill(operatorPassword);
    await page.getByRole('button', { name: STAFF_TEXT.login }).click();
    await page.getByRole('button', { name: COUNTER_TEXT.scan }).waitFor();
    const runs: number[] = [];
    const requests: number[] = [];
    for (let i = 0; i < COUNTER_SCAN_RUNS; i++) {
      const { reference } = (await api(stack, '/api/spins/mine/reference', token)) as {
        reference: string;
      };
      writeCameraFile(
        cameraFile,
        await qrPng(reference, { errorCorrectionLevel: 'M', margin: 3, scale: 6 }),
      );
      await page.evaluate(() => {
        const w = window as unknown as { firstFrameAt?: number; claimReadyAt?: number };
        w.firstFrameAt = undefined;
        w.claimReadyAt = undefined;
        performance.clearResourceTimings();
      });
      await page
        .getByRole('button', { name: i === 0 ? COUNTER_TEXT.scan : COUNTER_TEXT.scanAgain })
        .tap();
      await page.locator('.staff-scanned__claim').waitFor();
      const timing = await page.evaluate(() => {
        const w = window as unknown as { firstFrameAt?: number; claimReadyAt?: number };
        const scan = performance
          .getEntriesByType('resource')
          .find((e) => e.name.endsWith('/api/users/scan'));
        return { first: w.firstFrameAt, ready: w.claimReadyAt, request: scan?.duration };
      });
      if (timing.first === undefined || timing.ready === undefined || timing.request === undefined)
        throw new Error(`counter scan ${i + 1}: a moment was not seen`);
      runs.push(timing.ready - timing.first);
      requests.push(timing.request);
    }
    return { medianMs: median(runs), runs, floorMs: median(requests) };
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
