/**
 * Screenshots of every admin page at 375 px (phone emulation, touch; hamburger menu closed and
 * open) and 1280 px, written to /tmp/shots/admin for people to look at. It also checks what a
 * screenshot cannot: axe-core finds no violation in any state, the page never scrolls sideways,
 * and the menu button reports its state.
 */
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ADMIN_TEXT } from '@shared/messages-admin';
import type { Page } from 'playwright-core';
import { axeViolations } from './support/axe';
import { baseUrl, newBrowserPage, staffPassword } from './support/stack';

const SHOTS_DIR = '/tmp/shots/admin';
const MOBILE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };
/** Longer than the hamburger icon's 0.2 s transition. */
const MENU_ANIMATION_MS = 300;

const PAGES = [
  { name: 'business', path: '/admin/business', heading: ADMIN_TEXT.businessSettings },
  { name: 'game', path: '/admin/game', heading: ADMIN_TEXT.gameSettings },
  { name: 'account-admin', path: '/admin/accounts/admin', heading: ADMIN_TEXT.adminPassword },
  {
    name: 'account-operator',
    path: '/admin/accounts/operator',
    heading: ADMIN_TEXT.operatorPassword,
  },
] as const;

const url = (path: string) => new URL(path, baseUrl()).href;

async function expectAccessible(page: Page, state: string): Promise<void> {
  expect(await axeViolations(page), `axe: ${state}`).toEqual([]);
}

describe('admin screenshots', () => {
  it.each([
    ['mobile', MOBILE],
    ['desktop', DESKTOP],
  ] as const)('captures every admin page at %s width', async (label, viewport) => {
    mkdirSync(SHOTS_DIR, { recursive: true });
    const phone = label === 'mobile';
    const page = await newBrowserPage(viewport, { isMobile: phone, hasTouch: phone });
    await page.goto(url('/admin'));
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await expectAccessible(page, `login at ${viewport.width}px`);
    await page.screenshot({ path: `${SHOTS_DIR}/login-${viewport.width}.png`, fullPage: true });
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(staffPassword('admin'));
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(url('/admin/business'));

    for (const { name, path, heading } of PAGES) {
      await page.goto(url(path));
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      await page.screenshot({ path: `${SHOTS_DIR}/${name}-${viewport.width}.png`, fullPage: true });
      expect(overflow, `${name} scrolls sideways at ${viewport.width}px`).toBeLessThanOrEqual(0);
      await expectAccessible(page, `${name} at ${viewport.width}px`);
      if (label === 'mobile') {
        const menu = page.getByRole('button', { name: ADMIN_TEXT.menu });
        await menu.click();
        expect(await menu.getAttribute('aria-expanded')).toBe('true');
        await page
          .getByRole('navigation', { name: ADMIN_TEXT.navLabel })
          .getByRole('link')
          .first()
          .waitFor();
        // Let the icon's open animation finish before the screenshot.
        await page.waitForTimeout(MENU_ANIMATION_MS);
        await page.screenshot({ path: `${SHOTS_DIR}/${name}-${viewport.width}-menu-open.png` });
        await expectAccessible(page, `${name} menu open`);
        await page.keyboard.press('Escape');
        expect(await menu.getAttribute('aria-expanded')).toBe('false');
      } else {
        expect(await page.getByRole('button', { name: ADMIN_TEXT.menu }).isVisible()).toBe(false);
      }
    }

    // The Add Slice dialog.
    await page.goto(url('/admin/game'));
    const add = page.getByRole('button', { name: ADMIN_TEXT.addSlice });
    if (await add.isEnabled()) {
      await add.click();
      await page.getByRole('dialog').waitFor();
      await page.screenshot({ path: `${SHOTS_DIR}/game-dialog-${viewport.width}.png` });
      await expectAccessible(page, `slice dialog at ${viewport.width}px`);
    }
  });
});
