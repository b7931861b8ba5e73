/**
 * Admin journeys in the browser against the local stack: business details and logo, slices with
 * odds and stock, the operator password, and what the wheel page and the operator login then see;
 * plus the slice limits and password rules with the required texts. Every test puts the shared stack
 * back as it found it (settings, slices, passwords), so other journeys keep their seed data.
 */
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SLICES } from '@shared/constants';
import { MESSAGES } from '@shared/messages';
import { ADMIN_TEXT } from '@shared/messages-admin';
import { businessSettingsInputSchema } from '@shared/settings';
import type { BusinessSettings, Slice } from '@shared/types';
import { staffIdToken } from './staff-support';
import { baseUrl, newBrowserPage, staffPassword } from './support/stack';

type Page = Awaited<ReturnType<typeof newBrowserPage>>;

/** Wide enough for the fixed sidebar; the hamburger menu has its own tests and screenshots. */
const DESKTOP = { width: 1280, height: 900 };

const url = (path: string) => new URL(path, baseUrl()).href;

/** A valid 8x8 PNG of one colour, built here so the test needs no fixture file. */
function solidPng(rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const size = 8;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: size }, () => rgb).flat()),
  ]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Calls the API as the admin (setup and clean-up only; the journeys go through the pages). */
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

const listSlices = () => adminApi<Slice[]>('GET', '/api/slices');
const createSlice = (name: string) => adminApi<Slice>('POST', '/api/slices', { name });
const deleteSlice = (id: string) => adminApi<unknown>('DELETE', `/api/slices/${id}`);

async function adminLogin(page: Page, password = staffPassword('admin')) {
  await page.goto(url('/admin'));
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(url('/admin/business'));
}

/** Sets a staff password back through the API. */
const setPassword = (role: 'admin' | 'operator', password: string) =>
  adminApi<unknown>('PUT', `/api/accounts/${role}/password`, { password });

describe('admin journey', () => {
  let originalBusiness: BusinessSettings;
  const createdIds: string[] = [];

  beforeAll(async () => {
    originalBusiness = await adminApi<BusinessSettings>('GET', '/api/settings/business');
  });

  afterAll(async () => {
    // Put back what this test changed. A seeded placeholder logo path (/logo.png) is not an accepted
    // logoUrl, so it can only be put back when it was a real upload.
    const { businessName, logoUrl } = originalBusiness;
    const restore = businessSettingsInputSchema.safeParse({ businessName, logoUrl });
    await adminApi(
      'PUT',
      '/api/settings/business',
      restore.success ? restore.data : { businessName },
    );
    const ids = new Set((await listSlices()).map((s) => s.id));
    for (const id of createdIds) if (ids.has(id)) await deleteSlice(id);
    await setPassword('operator', staffPassword('operator'));
  });

  it('edits the business, logo, slices and operator password; the wheel page and the operator login follow', async () => {
    // Prepare: two slices of this test's own to edit and delete, so the seed prizes stay intact.
    const toEdit = await createSlice(`Edit ${Date.now() % 10000}`);
    const toDelete = await createSlice(`Del ${Date.now() % 10000}`);
    createdIds.push(toEdit.id, toDelete.id);
    const businessName = `Burger Barn ${Date.now() % 100000}`;
    const page = await newBrowserPage(DESKTOP);
    await adminLogin(page);

    // Business name and logo.
    await page.getByLabel(ADMIN_TEXT.businessName).fill(businessName);
    await page.getByLabel(ADMIN_TEXT.logo).setInputFiles({
      name: 'Barn Logo.png',
      mimeType: 'image/png',
      buffer: solidPng([200, 30, 30]),
    });
    await page.getByText(MESSAGES.logoUploaded).waitFor();
    const thumb = page.getByRole('img', { name: ADMIN_TEXT.logoPreview });
    const logoUrl = (await thumb.getAttribute('src')) ?? '';
    expect(logoUrl).toMatch(/^\/media\/business\/\d+-Barn-Logo\.png$/);
    await expect
      .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(8);
    await page.getByRole('button', { name: ADMIN_TEXT.save, exact: true }).click();
    await page.getByText(MESSAGES.savedSuccessfully).waitFor();

    // Slices: add one with odds and stock, edit one, delete another.
    await page.getByRole('link', { name: ADMIN_TEXT.gameSettings }).click();
    await page.getByRole('button', { name: ADMIN_TEXT.addSlice }).click();
    const add = page.getByRole('dialog', { name: ADMIN_TEXT.addSliceTitle });
    const newName = `Shake ${Date.now() % 10000}`;
    await add.getByLabel(ADMIN_TEXT.sliceName).fill(newName);
    await add.getByLabel(ADMIN_TEXT.sliceComment).fill('Any size');
    await add.getByLabel(ADMIN_TEXT.sliceBgColor, { exact: true }).fill('#3366ff');
    await add.getByLabel(ADMIN_TEXT.sliceWeight).fill('4');
    await add.getByLabel(ADMIN_TEXT.sliceStock).fill('25');
    await add.getByRole('button', { name: ADMIN_TEXT.add, exact: true }).click();
    await add.waitFor({ state: 'detached' });
    const firstRow = page.getByRole('row').nth(1);
    expect(await firstRow.textContent()).toContain(newName);
    expect(await firstRow.textContent()).toContain('25');

    await page.getByRole('button', { name: `Edit ${toEdit.name}` }).click();
    const edit = page.getByRole('dialog', { name: ADMIN_TEXT.editSliceTitle });
    const editedName = `${toEdit.name}!`;
    await edit.getByLabel(ADMIN_TEXT.sliceName).fill(editedName);
    await edit.getByRole('button', { name: ADMIN_TEXT.update }).click();
    await page.getByRole('button', { name: `Edit ${editedName}` }).waitFor();

    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe(MESSAGES.deleteSliceConfirm);
      void dialog.accept();
    });
    await page.getByRole('button', { name: `Delete ${toDelete.name}` }).click();
    await page
      .getByRole('button', { name: `Delete ${toDelete.name}` })
      .waitFor({ state: 'detached' });

    const stored = await listSlices();
    const added = stored.find((s) => s.name === newName);
    createdIds.push(added?.id ?? '');
    expect(added).toMatchObject({ comment: 'Any size', bgColor: '#3366ff', weight: 4, stock: 25 });
    expect(stored.find((s) => s.id === toEdit.id)?.name).toBe(editedName);
    expect(stored.some((s) => s.id === toDelete.id)).toBe(false);

    // Operator password.
    const newOperatorPassword = `op-${Date.now()}`;
    await page.getByRole('link', { name: ADMIN_TEXT.operatorPassword }).click();
    await page.getByLabel(ADMIN_TEXT.newPassword).fill(newOperatorPassword);
    await page.getByRole('button', { name: ADMIN_TEXT.save, exact: true }).click();
    await page.getByText(MESSAGES.operatorPasswordUpdated).waitFor();

    // Assess: the wheel page, on its next load, shows the new name, logo and slices.
    const wheel = await newBrowserPage(DESKTOP);
    const wheelData = wheel.waitForResponse((r) => new URL(r.url()).pathname === '/api/wheel');
    await wheel.goto(url('/'));
    const data = (await (await wheelData).json()) as {
      business: BusinessSettings;
      slices: { name: string }[];
    };
    expect(data.business).toMatchObject({ businessName, logoUrl });
    const names = data.slices.map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining([newName, editedName]));
    expect(names).not.toContain(toDelete.name);
    await wheel.getByText(businessName).first().waitFor();
    const logo = wheel.locator(`img[src="${logoUrl}"]`).first();
    await logo.waitFor();
    // The element exists before its bytes arrive: wait for the decoded image.
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(8);
    // The wheel's accessible name counts the slices it drew (docs/product.md).
    await wheel.locator(`[aria-label$="The wheel has ${names.length} slices."]`).first().waitFor();

    // The operator logs in with the new password and not with the old one.
    const operator = await newBrowserPage(DESKTOP);
    await operator.goto(url('/login'));
    await operator.getByLabel('Username').fill('operator');
    await operator.getByLabel('Password').fill(staffPassword('operator'));
    await operator.getByRole('button', { name: 'Login' }).click();
    await operator.getByText(MESSAGES.invalidCredentials).waitFor();
    await operator.getByLabel('Password').fill(newOperatorPassword);
    await operator.getByRole('button', { name: 'Login' }).click();
    await operator.waitForURL(url('/dashboard'));
  });
});

describe('admin limits and rules', () => {
  const fillers: string[] = [];

  afterAll(async () => {
    for (const id of fillers) await deleteSlice(id).catch(() => undefined);
  });

  it('shows the 16-character message as the name is typed and "Max Slices Reached" at 10', async () => {
    const page = await newBrowserPage(DESKTOP);
    await adminLogin(page);
    await page.getByRole('link', { name: ADMIN_TEXT.gameSettings }).click();
    await page.getByRole('button', { name: ADMIN_TEXT.addSlice }).click();
    const dialog = page.getByRole('dialog', { name: ADMIN_TEXT.addSliceTitle });
    const name = dialog.getByLabel(ADMIN_TEXT.sliceName);
    await name.pressSequentially('x'.repeat(16));
    expect(await dialog.getByText(MESSAGES.sliceNameTooLong).count()).toBe(0);
    await name.pressSequentially('y');
    await dialog.getByText(MESSAGES.sliceNameTooLong).waitFor();
    expect(
      await dialog.getByRole('button', { name: ADMIN_TEXT.add, exact: true }).isDisabled(),
    ).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Fill up to one below the limit through the API, then add the tenth in the page.
    const count = (await listSlices()).length;
    for (let i = count; i < MAX_SLICES - 1; i += 1)
      fillers.push((await createSlice(`Filler ${i}`)).id);
    await page.reload();
    await page.getByRole('button', { name: ADMIN_TEXT.addSlice }).click();
    await dialog.getByLabel(ADMIN_TEXT.sliceName).fill('Tenth');
    await dialog.getByRole('button', { name: ADMIN_TEXT.add, exact: true }).click();
    const full = page.getByRole('button', { name: ADMIN_TEXT.maxSlicesReached });
    await full.waitFor();
    expect(await full.isDisabled()).toBe(true);
    fillers.push((await listSlices()).find((s) => s.name === 'Tenth')?.id ?? '');

    // The server agrees: an 11th is refused with the required message.
    await expect(createSlice('Eleventh')).rejects.toThrow(MESSAGES.maxSlicesReached);
  });

  it('applies the password rules with the required texts and changes nothing', async () => {
    const page = await newBrowserPage(DESKTOP);
    await adminLogin(page);
    await page.getByRole('link', { name: ADMIN_TEXT.adminPassword }).click();
    const save = page.getByRole('button', { name: ADMIN_TEXT.save, exact: true });
    await save.click();
    await page.getByText(MESSAGES.passwordRequired).waitFor();
    await page.getByLabel(ADMIN_TEXT.newPassword).fill('12345');
    await save.click();
    await page.getByText(MESSAGES.passwordTooShort).waitFor();
    // The admin password is unchanged: a fresh login still works with it.
    const again = await newBrowserPage(DESKTOP);
    await adminLogin(again);
  });
});
