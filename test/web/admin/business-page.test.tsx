import { fireEvent, screen, waitFor } from '@testing-library/react';
import { setupUser } from '../support/user';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_MESSAGES } from '@shared/messages-api';
import { MESSAGES } from '@shared/messages';
import { ADMIN_TEXT } from '@shared/messages-admin';
import { SETTINGS_FIELD_MESSAGES } from '@shared/messages-fields';
import { installFakeApi, type FakeApi } from '../support/admin-routes';
import { renderAppAt, signInAdmin } from '../support/staff';

let api: FakeApi;
beforeEach(() => {
  localStorage.clear();
  signInAdmin();
  api = installFakeApi({
    business: { businessName: 'Old Name', email: 'hi@shop.example' } as never,
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/**
 * jsdom decodes and draws no pictures: stand-ins for the browser's decoder and canvas, so the
 * page's own steps around them run (the real resizing runs in test/e2e/owner-share.e2e.ts).
 */
function stubPictures(
  decode: () => Promise<unknown> = async () => ({ width: 8, height: 8, close() {} }),
) {
  vi.stubGlobal('createImageBitmap', decode);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    drawImage() {},
  } as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (callback, type) {
    // The bytes the canvas would give: the picked file's own (a PNG signature).
    callback(new Blob([PNG_SIGNATURE], { type }));
  });
}

const PNG_SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = (name = 'logo.png') => new File([PNG_SIGNATURE], name, { type: 'image/png' });

describe('Business Settings page', () => {
  it('shows every field with the stored values', async () => {
    renderAppAt('/admin/business');
    expect(await screen.findByLabelText(ADMIN_TEXT.businessName)).toHaveValue('Old Name');
    for (const label of [
      ADMIN_TEXT.logo,
      ADMIN_TEXT.website,
      ADMIN_TEXT.email,
      ADMIN_TEXT.phoneNumber,
      ADMIN_TEXT.mapsUrl,
      ADMIN_TEXT.facebookUrl,
      ADMIN_TEXT.instagramUrl,
      ADMIN_TEXT.tiktokUrl,
      ADMIN_TEXT.uberEatsUrl,
    ]) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByLabelText(ADMIN_TEXT.email)).toHaveValue('hi@shop.example');
  });

  it('saves the fields and says "Saved successfully"', async () => {
    const user = setupUser();
    renderAppAt('/admin/business');
    const name = await screen.findByLabelText(ADMIN_TEXT.businessName);
    await user.clear(name);
    await user.type(name, 'Burger Barn');
    await user.type(
      screen.getByLabelText(ADMIN_TEXT.instagramUrl),
      'https://instagram.com/burgerbarn',
    );
    await user.click(screen.getByRole('button', { name: ADMIN_TEXT.save }));
    expect(await screen.findByText(MESSAGES.savedSuccessfully)).toBeInTheDocument();
    expect(api.business).toMatchObject({
      businessName: 'Burger Barn',
      instagramUrl: 'https://instagram.com/burgerbarn',
      email: 'hi@shop.example',
    });
  });

  it('sends only the changed fields, so a stored value the form would refuse does not block saving', async () => {
    api = installFakeApi({ business: { businessName: 'Seeded', logoUrl: '/logo.png' } as never });
    const user = setupUser();
    renderAppAt('/admin/business');
    const name = await screen.findByLabelText(ADMIN_TEXT.businessName);
    await user.clear(name);
    await user.type(name, 'Renamed');
    await user.click(screen.getByRole('button', { name: ADMIN_TEXT.save }));
    expect(await screen.findByText(MESSAGES.savedSuccessfully)).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === 'PUT')?.body).toEqual({ businessName: 'Renamed' });
    expect(api.business).toMatchObject({ businessName: 'Renamed', logoUrl: '/logo.png' });
  });

  it('marks an invalid link and says "Failed to save" without sending', async () => {
    const user = setupUser();
    renderAppAt('/admin/business');
    const website = await screen.findByLabelText(ADMIN_TEXT.website);
    await user.type(website, 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: ADMIN_TEXT.save }));
    expect(await screen.findByText(SETTINGS_FIELD_MESSAGES.urlInvalid)).toBeInTheDocument();
    expect(website).toHaveAttribute('aria-invalid', 'true');
    expect(website).toHaveFocus();
    expect(screen.getAllByRole('alert').some((a) => a.textContent === MESSAGES.saveFailed)).toBe(
      true,
    );
    expect(api.requests.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it('shows "Failed to save" when the server fails', async () => {
    api.failNext('PUT', '/api/settings/business', 500);
    const user = setupUser();
    renderAppAt('/admin/business');
    await user.click(await screen.findByRole('button', { name: ADMIN_TEXT.save }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').some((a) => a.textContent === MESSAGES.saveFailed)).toBe(
        true,
      ),
    );
  });

  it('uploads a logo: "Uploading...", then a thumbnail and "Logo uploaded", saved with the fields', async () => {
    const user = setupUser();
    renderAppAt('/admin/business');
    stubPictures();
    const input = await screen.findByLabelText(ADMIN_TEXT.logo);
    expect(input).toHaveAttribute(
      'accept',
      'image/png,image/jpeg,image/webp,image/gif,image/svg+xml',
    );
    const release = api.hold('POST', '/api/logo');
    await user.upload(input, png('Shop Logo.png'));
    expect(await screen.findByText(ADMIN_TEXT.uploading)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: ADMIN_TEXT.save })).toBeDisabled();
    // The picture is redrawn first; release the upload once it has been sent.
    await waitFor(() => expect(api.requests.some((r) => r.path === '/api/logo')).toBe(true));
    release();
    expect(await screen.findByText(MESSAGES.logoUploaded)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: ADMIN_TEXT.logoPreview })).toHaveAttribute(
      'src',
      '/media/business/1700000000000-Shop-Logo.png',
    );
    const upload = api.requests.find((r) => r.path === '/api/logo')!;
    expect(upload.headers['x-file-name']).toBe('Shop%20Logo.png');
    expect(upload.body).toBeInstanceOf(File);
    await user.click(screen.getByRole('button', { name: ADMIN_TEXT.save }));
    await screen.findByText(MESSAGES.savedSuccessfully);
    expect(api.business.logoUrl).toBe('/media/business/1700000000000-Shop-Logo.png');
  });

  it('takes a logo dropped on the picker as if chosen', async () => {
    renderAppAt('/admin/business');
    stubPictures();
    const input = await screen.findByLabelText(ADMIN_TEXT.logo);
    const zone = input.closest('.logo-drop')!;
    expect(zone).toHaveTextContent(ADMIN_TEXT.logoDrop);
    fireEvent.dragOver(zone, { dataTransfer: { files: [] } });
    expect(zone).toHaveAttribute('data-dropping', 'true');
    fireEvent.drop(zone, { dataTransfer: { files: [png('Dropped.png')] } });
    expect(await screen.findByText(MESSAGES.logoUploaded)).toBeInTheDocument();
    expect(zone).not.toHaveAttribute('data-dropping');
    expect(api.requests.find((r) => r.path === '/api/logo')!.headers['x-file-name']).toBe(
      'Dropped.png',
    );
  });

  it('refuses a non-image before uploading, with the detail', async () => {
    const user = setupUser({ applyAccept: false });
    renderAppAt('/admin/business');
    await user.upload(
      await screen.findByLabelText(ADMIN_TEXT.logo),
      new File(['menu'], 'menu.txt', { type: 'text/plain' }),
    );
    expect(
      await screen.findByText(`${MESSAGES.logoUploadFailed} ${ADMIN_TEXT.logoNotImage}`),
    ).toBeInTheDocument();
    expect(api.requests.some((r) => r.path === '/api/logo')).toBe(false);
  });

  it('says so when the picture cannot be read, and uploads nothing', async () => {
    stubPictures(() => Promise.reject(new DOMException('bad image', 'InvalidStateError')));
    const user = setupUser();
    renderAppAt('/admin/business');
    await user.upload(await screen.findByLabelText(ADMIN_TEXT.logo), png('broken.png'));
    expect(
      await screen.findByText(`${MESSAGES.logoUploadFailed} ${ADMIN_TEXT.logoUnreadable}`),
    ).toBeInTheDocument();
    expect(api.requests.some((r) => r.path === '/api/logo')).toBe(false);
  });

  it('shows the server reason when the upload is refused', async () => {
    stubPictures();
    api.failNext('POST', '/api/logo', 415, API_MESSAGES.logoNotImage);
    const user = setupUser();
    renderAppAt('/admin/business');
    await user.upload(await screen.findByLabelText(ADMIN_TEXT.logo), png('renamed.png'));
    expect(
      await screen.findByText(`${MESSAGES.logoUploadFailed} ${API_MESSAGES.logoNotImage}`),
    ).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: ADMIN_TEXT.logoPreview })).not.toBeInTheDocument();
  });

  it('shows "Failed to load settings" when the settings cannot load', async () => {
    api.failNext('GET', '/api/settings/business', 500);
    renderAppAt('/admin/business');
    expect(await screen.findByText(MESSAGES.loadSettingsFailed)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: ADMIN_TEXT.save })).not.toBeInTheDocument();
  });
});
