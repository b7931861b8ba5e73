/**
 * axe-core in the page under test: the rules of WCAG 2.2 A and AA plus axe's best practices, run
 * on the whole document as it is at that moment (an open dialog included).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core'), 'utf8');

interface AxeViolation {
  id: string;
  nodes: { target: unknown[] }[];
}

/**
 * Waits for the dialogs' entrances to settle: the win popup and its backdrop fade in, and axe reads
 * colours mid-fade as too faint. Finite animations only (Spin's invitation breathes on; the wheel's
 * own turn is not a dialog's).
 */
async function dialogsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      [...document.querySelectorAll('.visitor-modal__backdrop, .win-popup, [role="dialog"]')]
        .flatMap((el) => el.getAnimations({ subtree: true }))
        .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * The violations axe-core finds in `page` once its dialogs have settled, one line each ("rule:
 * selector, selector"). axe is evaluated through the browser's debugger protocol, so the page's
 * CSP does not block it.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await dialogsSettled(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target) }));
  });
  return violations.map((v) => `${v.id}: ${v.nodes.map((t) => t.join(' ')).join(', ')}`);
}
