/**
 * The owner setting the promotion up, in the browser against the local stack, on a 1280 x 800
 * laptop and on a 768 x 1024 tablet with touch: the Share page (the link copied, the QR code of
 * exactly that link, the A4 poster and A6 counter card printed to PDF), a logo from a phone (a
 * 12-megapixel photo and an SVG wordmark made small in the browser, shown whole, live only after
 * Save), business details as owners type them, and the customers downloaded as CSV and Excel and
 * read back (these two on the laptop). Each screen is checked with axe and saved as a screenshot under
 * test-results/owner-share/. Business settings are put back afterwards.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { toString as qrSvg } from 'qrcode';
import * as XLSX from '@e965/xlsx';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessIsoTime } from '@shared/business-day';
import { BUSINESS_FIELDS } from '@shared/business-field-table';
import { PLACEHOLDER_BUSINESS } from '@shared/business-fields';
import { LOGO_MAX_BYTES } from '@shared/constants';
import { EXPORT_COLUMNS } from '@shared/customer-export';
import { MESSAGES, VISITOR_TEXT } from '@shared/messages';
import { formatLocalNumber } from '@shared/phone-format';
import { ADMIN_TEXT } from '@shared/messages-admin';
import { businessSettingsInputSchema } from '@shared/settings';
import { rarestPrize } from '@shared/slice';
import { sourceLink } from '@shared/source-tag';
import type { BusinessSettings, Slice } from '@shared/types';
import { randomLocalMobile, staffIdToken, visitorWins } from './staff-support';
import { axeViolations } from './support/axe';
import { baseUrl, newBrowserPage, pageErrors, staffPassword } from './support/stack';

type Page = Awaited<ReturnType<typeof newBrowserPage>>;

const SHOTS = join(import.meta.dirname, '../../test-results/owner-share');
const url = (path: string) => new URL(path, baseUrl()).href;

const DEVICES = [
  { name: 'laptop', viewport: { width: 1280, height: 800 }, device: {} },
  {
    name: 'tablet',
    viewport: { width: 768, height: 1024 },
    device: { hasTouch: true, isMobile: true },
  },
] as const;

/** The longest side the browser makes an uploaded logo (api/upload-logo.ts LOGO_MAX_SIDE). */
const LOGO_MAX_SIDE = 720;
/** The paper sizes in PDF points (1/72 inch): A4 210 x 297 mm, A6 105 x 148 mm. */
const A4 = { width: 595.3, height: 841.9 };
const A6 = { width: 297.6, height: 419.5 };

async function adminApi<T>(method: string, path: string, body?: unknown): Promise<T> {
  const token = await staffIdToken('admin', staffPassword('admin'));
  const response = await fetch(url(path), {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

async function adminPage(device: (typeof DEVICES)[number]): Promise<Page> {
  const page = await newBrowserPage(device.viewport, device.device);
  await page.goto(url('/admin'));
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(staffPassword('admin'));
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(url('/admin/business'));
  return page;
}

/** Follows an admin nav link, opening the menu first where the sidebar is behind it. */
async function openAdminLink(page: Page, name: string) {
  const menu = page.getByRole('button', { name: ADMIN_TEXT.menu });
  if (await menu.isVisible()) await menu.click();
  await page
    .getByRole('navigation', { name: ADMIN_TEXT.navLabel })
    .getByRole('link', { name })
    .click();
}

async function checkScreen(page: Page, shot: string) {
  await page.waitForLoadState('networkidle');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
  expect(overflow, `${shot} scrolls sideways`).toBeLessThanOrEqual(0);
  expect(await axeViolations(page), `axe: ${shot}`).toEqual([]);
  await page.screenshot({ path: join(SHOTS, `${shot}.png`), fullPage: true });
}

/**
 * A date as a spreadsheet shows it (2026-11-25T09:30:00): SheetJS reads a CSV's date-times on
 * the machine's clock, so the wall clock is the date's local fields.
 */
const shown = (value: unknown) =>
  value instanceof Date
    ? new Date(value.getTime() - value.getTimezoneOffset() * 60_000).toISOString().slice(0, 19)
    : value;

/** Width and height of a PNG or JPEG from its bytes. */
function imageSize(bytes: Buffer): { type: string; width: number; height: number } {
  if (bytes.subarray(1, 4).toString('latin1') === 'PNG')
    return { type: 'png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  let at = 2;
  while (at < bytes.length) {
    const marker = bytes[at + 1]!;
    const length = bytes.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xc3)
      return {
        type: 'jpeg',
        height: bytes.readUInt16BE(at + 5),
        width: bytes.readUInt16BE(at + 7),
      };
    at += 2 + length;
  }
  throw new Error('not a PNG or JPEG');
}

/** The bytes of an uploaded logo, as the site serves them. */
async function storedLogo(src: string | null): Promise<Buffer> {
  const response = await fetch(url(src!));
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** Pages of a PDF and their sizes in points, from its page objects. */
function pdfPages(pdf: Buffer): { width: number; height: number }[] {
  const text = pdf.toString('latin1');
  const pages = text.match(/\/Type\s*\/Page(?!s)/g) ?? [];
  const box = /\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(text);
  return pages.map(() => ({ width: Number(box?.[1]), height: Number(box?.[2]) }));
}

/**
 * A 4032 x 3024 photo, made by the browser itself as a camera would: several MB of JPEG. Made
 * once for the file.
 */
let photoBytes: Buffer | undefined;
async function phonePhoto(page: Page): Promise<Buffer> {
  photoBytes ??= Buffer.from(
    await page.evaluate(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 4032;
      canvas.height = 3024;
      const context = canvas.getContext('2d')!;
      const noise = context.createImageData(4032, 3024);
      for (let i = 0; i < noise.data.length; i += 1) noise.data[i] = (i * 2654435761) >>> 24;
      context.putImageData(noise, 0, 0);
      const blob = await new Promise<Blob>((resolve) =>
        canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.97),
      );
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000)
        binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(binary);
    }),
    'base64',
  );
  return photoBytes;
}

let original: BusinessSettings;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  original = await adminApi<BusinessSettings>('GET', '/api/settings/business');
});
afterAll(async () => {
  const { updatedAt: _updatedAt, ...fields } = original;
  const restore = businessSettingsInputSchema.safeParse(fields);
  const { logoUrl: _logoUrl, ...withoutLogo } = fields;
  await adminApi(
    'PUT',
    '/api/settings/business',
    restore.success ? restore.data : businessSettingsInputSchema.parse(withoutLogo),
  );
});

describe.each(DEVICES)('the owner on a $name', (device) => {
  const tag = `${device.name}-${device.viewport.width}`;

  it('shares the wheel: link copied, QR code of that link, A4 poster and A6 card printed', async () => {
    const page = await adminPage(device);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: baseUrl(),
    });
    // The QR code's library is not in the business page's download.
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('.js')) scripts.push(response.url());
    });
    await page.reload();
    await page.getByLabel(ADMIN_TEXT.businessName).waitFor();
    const qrLibraryIn = async (list: string[]) => {
      const bodies = await Promise.all(list.map(async (u) => (await fetch(u)).text()));
      return bodies.some((body) => body.includes('too big to be stored in a QR Code'));
    };
    expect(await qrLibraryIn(scripts)).toBe(false);

    await openAdminLink(page, ADMIN_TEXT.share);
    await page.waitForURL(url('/admin/share'));
    // The first place offered is the poster: its link carries its source tag.
    const wheelLink = sourceLink(url('/'), 'poster');
    await expect.poll(() => page.getByLabel(ADMIN_TEXT.wheelLink).inputValue()).toBe(wheelLink);
    const qr = page.getByRole('img', { name: ADMIN_TEXT.qrCode(wheelLink) }).first();
    await qr.waitFor();
    expect(await qrLibraryIn(scripts)).toBe(true);
    // The code is exactly the one the library makes of the wheel's link.
    const expected = await qrSvg(wheelLink, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    expect(decodeURIComponent((await qr.getAttribute('src'))!.split(',')[1]!)).toBe(expected);

    await page.getByRole('button', { name: ADMIN_TEXT.copyLink }).click();
    await page.getByText(ADMIN_TEXT.linkCopied).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(wheelLink);

    // A place the owner names gets its own tagged link and QR code; a name that cannot be a tag
    // gives no link.
    await page.getByLabel(ADMIN_TEXT.placement).selectOption({ label: ADMIN_TEXT.placementOther });
    const placeName = page.getByLabel(ADMIN_TEXT.placementName);
    await placeName.fill('Flyer March!');
    await page.getByText(ADMIN_TEXT.placementNameInvalid).waitFor();
    expect(await page.getByLabel(ADMIN_TEXT.wheelLink).inputValue()).toBe('');
    await placeName.fill('Flyer-March');
    const flyerLink = sourceLink(url('/'), 'flyer-march');
    await expect.poll(() => page.getByLabel(ADMIN_TEXT.wheelLink).inputValue()).toBe(flyerLink);
    const flyerQr = page.getByRole('img', { name: ADMIN_TEXT.qrCode(flyerLink) });
    await flyerQr.waitFor();
    expect(decodeURIComponent((await flyerQr.getAttribute('src'))!.split(',')[1]!)).toBe(
      await qrSvg(flyerLink, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }),
    );

    // The pieces lead with the rarest prize that can be won unless the owner picks another.
    const onWheel = (await adminApi<Slice[]>('GET', '/api/slices')).filter((s) => s.stock !== 0);
    const headline = page.getByLabel(ADMIN_TEXT.headlinePrize);
    await expect.poll(() => headline.inputValue()).toBe(rarestPrize(onWheel)!.id);
    const picked = onWheel.find((slice) => slice.id !== rarestPrize(onWheel)!.id) ?? onWheel[0]!;
    await headline.selectOption(picked.id);
    await checkScreen(page, `share-${tag}`);

    // Printing: the browser's dialog is replaced so the piece stays in print while we take a PDF.
    await page.evaluate(() => {
      window.print = () => undefined;
    });
    const business = await adminApi<BusinessSettings>('GET', '/api/settings/business');
    for (const [piece, button, paper] of [
      ['poster', ADMIN_TEXT.printPoster, A4],
      ['card', ADMIN_TEXT.printCard, A6],
    ] as const) {
      await page.getByRole('button', { name: button }).click();
      const sheet = page.locator(`.print-root [data-piece="${piece}"]`);
      await sheet.waitFor({ state: 'attached' });
      await page.emulateMedia({ media: 'print' });
      // What prints: the name, the headline, the link, the QR code and the logo, all loaded and
      // inside the sheet.
      await sheet.waitFor({ state: 'visible' });
      expect(await sheet.innerText()).toContain(
        business.businessName || PLACEHOLDER_BUSINESS.businessName,
      );
      expect(await sheet.innerText()).toContain(ADMIN_TEXT.posterHeadline);
      // Each piece's own link, with its own tag.
      expect(await sheet.innerText()).toContain(
        sourceLink(url('/'), piece).replace(/^https?:\/\//, ''),
      );
      const images = await sheet.locator('img').evaluateAll((imgs) =>
        imgs.map((img) => {
          const image = img as HTMLImageElement;
          return { loaded: image.complete && image.naturalWidth > 0, className: image.className };
        }),
      );
      expect(images.map((i) => i.className)).toContain('print-sheet__qr');
      expect(images.every((i) => i.loaded)).toBe(true);
      // The headline prize, and the shop's wheel drawn at print resolution (2,400 px across:
      // over 450 dots an inch on the poster), turned so that prize is under the pointer.
      expect(await sheet.innerText()).toContain(picked.name);
      const wheel = sheet.locator('.print-sheet__wheel img');
      expect(await wheel.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(2400);
      const turn = 360 / onWheel.length;
      expect(await wheel.getAttribute('style')).toContain(
        `rotate(${-(onWheel.indexOf(picked) + 0.5) * turn}deg)`,
      );
      // What prints is what the preview shows: the same sheet, the same pictures.
      const preview = page.locator(`.share-page__preview [data-piece="${piece}"]`);
      expect(
        await preview.locator('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src'))),
      ).toEqual(
        await sheet.locator('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src'))),
      );
      const inside = await sheet.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return [...element.querySelectorAll('*')].every((child) => {
          const b = child.getBoundingClientRect();
          return b.bottom <= box.bottom + 0.5 && b.right <= box.right + 0.5;
        });
      });
      expect(inside).toBe(true);
      const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
      writeFileSync(join(SHOTS, `${piece}-${tag}.pdf`), pdf);
      const pages = pdfPages(pdf);
      expect(pages).toHaveLength(1);
      // Within 2 points (0.7 mm) of the paper: browsers round the size to whole pixels.
      expect(Math.abs(pages[0]!.width - paper.width)).toBeLessThan(2);
      expect(Math.abs(pages[0]!.height - paper.height)).toBeLessThan(2);
      // The QR code and a logo (when one is set) are in the file as pictures.
      expect(pdf.toString('latin1')).toMatch(/\/Subtype\s*\/(Image|Form)/);
      await page.emulateMedia({ media: 'screen' });
      await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
      await sheet.waitFor({ state: 'detached' });
    }
    expect(pageErrors(page)).toEqual([]);
  });

  it('takes a phone photo and an SVG wordmark as logos: made small, shown whole, live after Save', async () => {
    const page = await adminPage(device);
    const nameField = page.getByLabel(ADMIN_TEXT.businessName);
    await nameField.fill(`Joe's Pizza ${device.name}`);
    await page.getByRole('button', { name: ADMIN_TEXT.save, exact: true }).click();
    await page.getByText(MESSAGES.savedSuccessfully).waitFor();
    const before = await adminApi<BusinessSettings>('GET', '/api/settings/business');

    const photo = await phonePhoto(page);
    expect(photo.length).toBeGreaterThan(LOGO_MAX_BYTES);
    await page.getByLabel(ADMIN_TEXT.logo).setInputFiles({
      name: 'IMG_0001.jpg',
      mimeType: 'image/jpeg',
      buffer: photo,
    });
    await page.getByText(MESSAGES.logoUploaded).waitFor();
    const preview = page.getByRole('img', { name: ADMIN_TEXT.logoPreview });
    // What was stored: the photo at the size the pages need, a JPEG well under the limit.
    const sent = await storedLogo(await preview.getAttribute('src'));
    expect(sent.length).toBeLessThanOrEqual(LOGO_MAX_BYTES);
    expect(imageSize(sent)).toEqual({ type: 'jpeg', width: LOGO_MAX_SIDE, height: 540 });
    // The earlier "Saved successfully" is gone, and the upload is not live yet.
    expect(await page.getByText(MESSAGES.savedSuccessfully).count()).toBe(0);
    expect((await adminApi<BusinessSettings>('GET', '/api/settings/business')).logoUrl).toBe(
      before.logoUrl,
    );

    // An SVG wordmark, four times as wide as tall: rasterised in the browser, sent as a PNG. It
    // is dropped on the picker, as from a desktop's folder.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="100" viewBox="0 0 400 100"><rect width="400" height="100" rx="12" fill="#b91c1c"/><text x="200" y="68" font-size="56" font-family="sans-serif" font-weight="700" fill="#fff" text-anchor="middle">JOE'S</text></svg>`;
    const dropped = await page.evaluateHandle((text) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], 'wordmark.svg', { type: 'image/svg+xml' }));
      return transfer;
    }, svg);
    const zone = page.locator('.logo-drop');
    await zone.dispatchEvent('dragover', { dataTransfer: dropped });
    await zone.dispatchEvent('drop', { dataTransfer: dropped });
    await expect.poll(() => preview.getAttribute('src')).toMatch(/wordmark\.png$/);
    expect(imageSize(await storedLogo(await preview.getAttribute('src')))).toEqual({
      type: 'png',
      width: 400,
      height: 100,
    });
    await page.getByText(MESSAGES.logoUploaded).waitFor();
    // The preview shows it as visitors will: whole, 56 px tall, four times as wide.
    await expect.poll(() => preview.getAttribute('data-shape')).toBe('wide');
    const box = (await preview.boundingBox())!;
    expect(box.height).toBe(56);
    expect(box.width).toBeGreaterThan(150);
    await checkScreen(page, `business-logo-unsaved-${tag}`);

    // Leaving with the upload unsaved asks first; staying keeps it.
    await openAdminLink(page, ADMIN_TEXT.gameSettings);
    const ask = page.getByRole('dialog', { name: 'Confirm Action' });
    expect(await ask.innerText()).toContain(ADMIN_TEXT.logoUnsaved);
    await checkScreen(page, `business-leave-unsaved-${tag}`);
    await ask.getByRole('button', { name: 'Cancel' }).click();
    expect(page.url()).toBe(url('/admin/business'));
    await expect.poll(() => preview.getAttribute('data-shape')).toBe('wide');
    // Reloading or closing the tab asks too, with the browser's own question; staying keeps it.
    const asked = new Promise<string>((resolve) => {
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      });
    });
    await page.evaluate(() => window.location.reload());
    expect(await asked).toBe('beforeunload');
    // Still the same page: a reload would have cleared the upload's note.
    expect(await page.getByText(MESSAGES.logoUploaded).count()).toBe(1);

    await page.getByRole('button', { name: ADMIN_TEXT.save, exact: true }).click();
    await page.getByText(MESSAGES.savedSuccessfully).waitFor();
    expect(await page.getByText(MESSAGES.logoUploaded).count()).toBe(0);
    const saved = await adminApi<BusinessSettings>('GET', '/api/settings/business');
    expect(saved.logoUrl).toBe(await preview.getAttribute('src'));
    // Saved: leaving no longer asks.
    await openAdminLink(page, ADMIN_TEXT.gameSettings);
    await page.waitForURL(url('/admin/game'));

    // The wheel page shows the wordmark whole too (it was a 56 px circle).
    const visitor = await newBrowserPage(device.viewport, device.device);
    await visitor.goto(url('/'));
    const logo = visitor.getByRole('img', { name: VISITOR_TEXT.logoAlt(saved.businessName) });
    await expect.poll(() => logo.getAttribute('data-shape')).toBe('wide');
    const shown = (await logo.boundingBox())!;
    expect(shown.width).toBeGreaterThan(shown.height * 2.5);
    await visitor.screenshot({ path: join(SHOTS, `wheel-wide-logo-${tag}.png`) });
  });

  it('edits prizes on a page that fits: preview beside the editor, cards, counters; the customers in their room', async () => {
    const page = await adminPage(device);
    await page.getByText(/^\d+\/100$/).waitFor();
    // "Get ready" above the page: the poster printed in the test above is ticked from its record.
    const ready = page.getByRole('region', { name: /Get ready/ });
    const posterStep = ready
      .getByRole('listitem')
      .filter({ hasText: ADMIN_TEXT.getReadySteps.poster });
    await expect.poll(() => posterStep.getAttribute('data-done')).toBe('true');
    await checkScreen(page, `get-ready-${tag}`);
    await openAdminLink(page, ADMIN_TEXT.gameSettings);
    await page.waitForURL(url('/admin/game'));
    const names = page.locator('.slices-table__name');
    await names.first().waitFor();
    const preview = page.locator('.game-page__preview');
    await preview.waitFor();
    const slicesCard = page.locator('.ui-card', { has: page.locator('.slices-table') });
    const [editorBox, previewBox] = [
      (await slicesCard.boundingBox())!,
      (await preview.boundingBox())!,
    ];
    if (device.name === 'laptop') {
      // Side by side, the preview in view at the top.
      expect(previewBox.x).toBeGreaterThan(editorBox.x + editorBox.width);
      expect(Math.abs(previewBox.y - editorBox.y)).toBeLessThan(2);
    } else {
      expect(previewBox.y).toBeGreaterThan(editorBox.y + editorBox.height);
    }
    // A card per prize wherever the table has no room, both here.
    expect(
      await page
        .locator('.slices-table tbody tr')
        .first()
        .evaluate((tr) => getComputedStyle(tr).display),
    ).toBe('grid');
    // No word broken across lines, nothing cut off.
    const broken = await page.locator('.slices-table').evaluate((table) => {
      const found: string[] = [];
      for (const cell of table.querySelectorAll('td')) {
        const text = cell.firstChild;
        if (!(text instanceof Text)) continue;
        for (const match of text.data.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(text, match.index);
          range.setEnd(text, match.index + match[0].length);
          const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (tops.size > 1) found.push(match[0]);
        }
      }
      for (const button of table.querySelectorAll('button')) {
        const card = button.closest('tr')!.getBoundingClientRect();
        const box = button.getBoundingClientRect();
        if (box.right > card.right + 0.5 || box.left < card.left - 0.5)
          found.push(button.textContent!);
      }
      return found;
    });
    expect(broken).toEqual([]);
    // The name's counter is there before the limit bites.
    await page.getByRole('button', { name: ADMIN_TEXT.addSlice }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(ADMIN_TEXT.sliceName).fill('Free Garlic ');
    await dialog.getByText('12/16').waitFor();
    await checkScreen(page, `game-dialog-${tag}`);
    await dialog.getByRole('button', { name: ADMIN_TEXT.cancel }).click();
    await checkScreen(page, `game-${tag}`);

    await openAdminLink(page, ADMIN_TEXT.customers);
    await page.waitForURL(url('/admin/customers'));
    await page
      .getByRole('region', { name: ADMIN_TEXT.customersNewest })
      .getByText(ADMIN_TEXT.loading)
      .waitFor({ state: 'detached' });
    await checkScreen(page, `customers-${tag}`);
    expect(pageErrors(page)).toEqual([]);
  });

  // Typing details and downloading are the same on the tablet once its menu is open, which the
  // two tests above go through: they run on the laptop only.
  it.runIf(device.name === 'laptop')(
    'takes details as owners type them; placeholder defaults show greyed, not as values',
    async () => {
      // The seed's placeholder defaults, stored.
      await adminApi('PUT', '/api/settings/business', {
        website: PLACEHOLDER_BUSINESS.website,
        phoneNumber: PLACEHOLDER_BUSINESS.phoneNumber,
        facebookUrl: '',
        instagramUrl: '',
        tiktokUrl: '',
      });
      const page = await adminPage(device);
      const website = page.getByLabel(ADMIN_TEXT.website);
      await expect.poll(() => website.inputValue()).toBe('');
      await expect
        .poll(() => website.getAttribute('placeholder'))
        .toBe(PLACEHOLDER_BUSINESS.website);
      await expect.poll(() => page.getByLabel(ADMIN_TEXT.phoneNumber).inputValue()).toBe('');
      await checkScreen(page, `business-placeholders-${tag}`);

      await website.fill('joespizza.com.au');
      await page.getByLabel(ADMIN_TEXT.facebookUrl).fill('facebook.com/joespizza');
      await page.getByLabel(ADMIN_TEXT.instagramUrl).fill('@joespizza');
      await page.getByLabel(ADMIN_TEXT.tiktokUrl).fill('@joespizza');
      await page.getByLabel(ADMIN_TEXT.tiktokUrl).blur();
      // Completed as the owner leaves each field.
      await expect.poll(() => website.inputValue()).toBe('https://joespizza.com.au');
      await expect
        .poll(() => page.getByLabel(ADMIN_TEXT.facebookUrl).inputValue())
        .toBe('https://facebook.com/joespizza');
      await expect
        .poll(() => page.getByLabel(ADMIN_TEXT.instagramUrl).inputValue())
        .toBe('https://instagram.com/joespizza');
      await expect
        .poll(() => page.getByLabel(ADMIN_TEXT.tiktokUrl).inputValue())
        .toBe('https://tiktok.com/@joespizza');
      await page.getByRole('button', { name: ADMIN_TEXT.save, exact: true }).click();
      await page.getByText(MESSAGES.savedSuccessfully).waitFor();
      await checkScreen(page, `business-details-${tag}`);
      const saved = await adminApi<BusinessSettings>('GET', '/api/settings/business');
      expect(saved).toMatchObject({
        website: 'https://joespizza.com.au',
        facebookUrl: 'https://facebook.com/joespizza',
        instagramUrl: 'https://instagram.com/joespizza',
        tiktokUrl: 'https://tiktok.com/@joespizza',
        // The untouched placeholder was not sent: still stored, still hidden in the footer.
        phoneNumber: PLACEHOLDER_BUSINESS.phoneNumber,
      });

      // The server applies the same rule to a caller that skips the page, and still refuses junk.
      const direct = await adminApi<BusinessSettings>('PUT', '/api/settings/business', {
        uberEatsUrl: 'ubereats.com/au/store/joes-pizza',
      });
      expect(direct.uberEatsUrl).toBe('https://ubereats.com/au/store/joes-pizza');
      await expect(
        adminApi('PUT', '/api/settings/business', { website: 'not a web address' }),
      ).rejects.toThrow(/400/);

      // The wheel page's footer: the new links, and no phone (its placeholder default).
      const visitor = await newBrowserPage(device.viewport, device.device);
      await visitor.goto(url('/'));
      const footer = visitor.getByRole('navigation', { name: VISITOR_TEXT.footerLabel });
      const websiteLink = footer.getByRole('link', { name: BUSINESS_FIELDS.website.footer.label });
      await expect.poll(() => websiteLink.getAttribute('href')).toBe('https://joespizza.com.au');
      expect(
        await footer.getByRole('link', { name: BUSINESS_FIELDS.phoneNumber.footer.label }).count(),
      ).toBe(0);
    },
  );

  it.runIf(device.name === 'laptop')(
    'downloads the customers as CSV and Excel with the same plain columns, read back',
    async () => {
      const phone = randomLocalMobile();
      await visitorWins(phone);
      const page = await adminPage(device);
      await openAdminLink(page, ADMIN_TEXT.customers);
      await page.waitForURL(url('/admin/customers'));
      const take = async (name: string) => {
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name }).click(),
        ]);
        return { path: await download.path(), name: download.suggestedFilename() };
      };
      const csv = await take(ADMIN_TEXT.downloadCsv);
      const xlsx = await take(ADMIN_TEXT.downloadXlsx);
      expect(xlsx.name).toBe(csv.name.replace(/\.csv$/, '.xlsx'));
      await checkScreen(page, `customers-downloads-${tag}`);

      const headers: string[] = EXPORT_COLUMNS.map((c) => c.header);
      // The CSV as a spreadsheet app opens it: SheetJS types its cells (numbers, dates, text).
      const csvBook = XLSX.read(readFileSync(csv.path), { type: 'buffer', cellDates: true });
      const csvRows = XLSX.utils.sheet_to_json<unknown[]>(csvBook.Sheets[csvBook.SheetNames[0]!]!, {
        header: 1,
        raw: true,
        defval: null,
      });
      expect(csvRows[0]).toEqual(headers);

      const [sheet] = await readXlsxFile(readFileSync(xlsx.path));
      const rows = sheet!.data;
      expect(rows[0]).toEqual(headers);
      expect(rows).toHaveLength(csvRows.length);
      const column = (name: string) => headers.indexOf(name);
      const local = formatLocalNumber(phone);
      const row = rows.find((r) => r[column('Local number')] === local)!;
      const csvRow = csvRows.find((r) => r[column('Local number')] === local)!;
      // Phone numbers are text in both, every digit kept, grouped as staff read them.
      expect(row[column('Local number')]).toBe(local);
      expect(row[column('Phone number')]).toBe(`61 ${local.slice(1)}`);
      expect(row[column('Status')]).toBe('Not redeemed yet');
      expect(row[column('Claimed')]).toBe('No');
      // Times are real dates in both, holding the shop's wall clock (Sydney on the local stack).
      expect(row[column('Won at')]).toBeInstanceOf(Date);
      expect(csvRow[column('Won at')]).toBeInstanceOf(Date);
      const sydneyNow = businessIsoTime(new Date().toISOString(), 'Australia/Sydney').slice(0, 19);
      expect(
        Math.abs(Date.parse(`${shown(csvRow[column('Won at')])}Z`) - Date.parse(`${sydneyNow}Z`)),
      ).toBeLessThan(5 * 60_000);
      for (const { header, kind } of EXPORT_COLUMNS) {
        const cell = row[column(header)];
        const fromCsv = csvRow[column(header)];
        // A date is stored as a fraction of days; read back it can be a millisecond short of the
        // second, which a spreadsheet shows rounded.
        if (kind === 'time' && fromCsv !== null)
          expect(
            new Date(Math.round((cell as unknown as Date).getTime() / 1000) * 1000)
              .toISOString()
              .slice(0, 19),
            header,
          ).toBe(shown(fromCsv));
        // Every other cell of that customer is the same text in both files.
        else expect(cell ?? null, header).toBe(fromCsv);
      }
      expect(pageErrors(page)).toEqual([]);
    },
  );
});

describe('the site’s content security policy', () => {
  it('lets the admin page start the workers that compress a large workbook', async () => {
    const page = await newBrowserPage({ width: 1280, height: 800 });
    await page.goto(url('/admin'));
    const answer = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const source = URL.createObjectURL(
            new Blob(['postMessage("ready")'], { type: 'text/javascript' }),
          );
          try {
            const worker = new Worker(source);
            worker.onmessage = (event) => resolve(String(event.data));
            worker.onerror = () => resolve('refused');
          } catch {
            resolve('refused');
          }
        }),
    );
    expect(answer).toBe('ready');
  });
});
