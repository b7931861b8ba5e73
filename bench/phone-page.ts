/**
 * The wheel page's browser context as the bench's phone measures see it: 375 x 812 with touch,
 * the visitor already verified on the device (the session the verification dialog saves), so a
 * measure starts where a returning winner's page does.
 */
import type { Browser, Page } from 'playwright-core';
import type { RunningStack } from '../local/stack';

/** How long the saved session says it lasts: longer than any measure. */
const SESSION_MS = 3_600_000;

export async function verifiedPhonePage(
  browser: Browser,
  stack: RunningStack,
  idToken: string,
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: stack.url,
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
  });
  // tsx compiles the bench keeping function names through a `__name` helper that the functions
  // handed to the page refer to; the page needs it too.
  await context.addInitScript('globalThis.__name ??= (fn) => fn;');
  await context.addInitScript(
    ({ token, lifetimeMs }) => {
      const session = { idToken: token, expiresAt: Date.now() + lifetimeMs };
      localStorage.setItem('spinwin.session.visitor', JSON.stringify(session));
    },
    { token: idToken, lifetimeMs: SESSION_MS },
  );
  return context.newPage();
}
