import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { setupUser } from '../support/user';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_ITEM_BACKGROUND_COLORS, MAX_SLICES } from '@shared/constants';
import { API_MESSAGES } from '@shared/messages-api';
import { MESSAGES } from '@shared/messages';
import { ADMIN_TEXT } from '@shared/messages-admin';
import { WHEEL_PALETTES } from '@shared/wheel-palettes';
import { SLICE_FIELD_MESSAGES } from '@shared/messages-fields';
import { installFakeApi, makeSlice, type FakeApi } from '../support/admin-routes';
import { renderAppAt, signInAdmin } from '../support/staff';

let api: FakeApi;
beforeEach(() => {
  localStorage.clear();
  signInAdmin();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]!.textContent);

async function openAdd(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: ADMIN_TEXT.addSlice }));
  return screen.getByRole('dialog', { name: ADMIN_TEXT.addSliceTitle });
}

describe('Game Settings page', () => {
  it('shows the empty state text when there are no slices', async () => {
    api = installFakeApi();
    renderAppAt('/admin/game');
    expect(
      await screen.findByText('No slices yet. Click "Add Slice" to create one.'),
    ).toBeInTheDocument();
  });

  it('lists slices with colour, odds as weight and percent, stock and validity', async () => {
    api = installFakeApi({
      slices: [
        makeSlice({
          name: 'Burger',
          comment: 'BOGOF',
          bgColor: '#ff0000',
          weight: 3,
          stock: 4,
          validDays: 14,
        }),
        makeSlice({ name: 'Chips', weight: 1, stock: null }),
        makeSlice({ name: 'Gone', weight: 5, stock: 0 }),
      ],
    });
    renderAppAt('/admin/game');
    await screen.findByRole('cell', { name: 'Burger' });
    const [burger, chips, gone] = screen.getAllByRole('row').slice(1);
    expect(Array.from(within(burger!).getAllByRole('cell'), (c) => c.textContent)).toEqual([
      '',
      'Burger',
      'BOGOF',
      '#ff0000',
      '3 (75.0%)',
      '4',
      '14 days',
      'EditDelete',
    ]);
    expect(within(chips!).getByText(ADMIN_TEXT.noExpiry)).toBeInTheDocument();
    expect(within(chips!).getByText(ADMIN_TEXT.unlimited)).toBeInTheDocument();
    expect(within(chips!).getByText('1 (25.0%)')).toBeInTheDocument();
    expect(within(gone!).getByText(ADMIN_TEXT.outOfStock)).toBeInTheDocument();
    expect(within(gone!).getByText('5 (0%)')).toBeInTheDocument();
  });

  it('shows the name limit as the user types and does not submit a long name', async () => {
    api = installFakeApi();
    const user = setupUser();
    renderAppAt('/admin/game');
    const dialog = await openAdd(user);
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const name = within(dialog).getByLabelText(ADMIN_TEXT.sliceName);
    expect(name).toHaveFocus();
    // The counter is there before the limit bites, and is read with the field.
    await user.type(name, 'Free Garlic ');
    expect(name).toHaveAccessibleDescription(expect.stringContaining('12/16'));
    await user.type(name, 'xxxx');
    expect(within(dialog).getByText('16/16')).toBeInTheDocument();
    expect(within(dialog).queryByText(MESSAGES.sliceNameTooLong)).not.toBeInTheDocument();
    await user.type(name, 'y');
    expect(within(dialog).getByText(MESSAGES.sliceNameTooLong)).toBeInTheDocument();
    expect(within(dialog).getByText('17/16')).toHaveAttribute('data-state', 'over');
    expect(within(dialog).getByText('0/200')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('button', { name: ADMIN_TEXT.add })).toBeDisabled();
    expect(api.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('adds a slice with odds and stock at the top and says Saved', async () => {
    api = installFakeApi({ slices: [makeSlice({ name: 'Older' })] });
    const user = setupUser();
    renderAppAt('/admin/game');
    const dialog = await openAdd(user);
    await user.type(within(dialog).getByLabelText(ADMIN_TEXT.sliceName), 'Free Drink');
    await user.type(within(dialog).getByLabelText(ADMIN_TEXT.sliceComment), 'Min spend $15');
    const color = within(dialog).getByLabelText(ADMIN_TEXT.sliceBgColor);
    await user.clear(color);
    await user.type(color, '#00ff00');
    expect(within(dialog).getByLabelText(ADMIN_TEXT.sliceColorPicker)).toHaveValue('#00ff00');
    const weight = within(dialog).getByLabelText(ADMIN_TEXT.sliceWeight);
    await user.clear(weight);
    await user.type(weight, '3');
    await user.type(within(dialog).getByLabelText(ADMIN_TEXT.sliceStock), '20');
    const validDays = within(dialog).getByLabelText(ADMIN_TEXT.sliceValidDays);
    await user.type(validDays, '0');
    await user.click(within(dialog).getByRole('button', { name: ADMIN_TEXT.add }));
    expect(within(dialog).getByText(SLICE_FIELD_MESSAGES.validDaysInvalid)).toBeInTheDocument();
    expect(validDays).toHaveFocus();
    await user.clear(validDays);
    await user.type(validDays, '30');
    await user.click(within(dialog).getByRole('button', { name: ADMIN_TEXT.add }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(MESSAGES.sliceSaved)).toBeInTheDocument();
    expect(rowNames()).toEqual(['Free Drink', 'Older']);
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Free Drink',
      comment: 'Min spend $15',
      imageSrc: '',
      bgColor: '#00ff00',
      weight: 3,
      stock: 20,
      validDays: 30,
    });
  });

  it('edits a slice in place', async () => {
    const first = makeSlice({ name: 'First' });
    api = installFakeApi({ slices: [first, makeSlice({ name: 'Second' })] });
    const user = setupUser();
    renderAppAt('/admin/game');
    await user.click(await screen.findByRole('button', { name: 'Edit First' }));
    const dialog = screen.getByRole('dialog', { name: ADMIN_TEXT.editSliceTitle });
    const name = within(dialog).getByLabelText(ADMIN_TEXT.sliceName);
    await user.clear(name);
    await user.type(name, 'Renamed');
    await user.click(within(dialog).getByRole('button', { name: ADMIN_TEXT.update }));
    await waitFor(() => expect(rowNames()).toEqual(['Renamed', 'Second']));
    expect(
      api.requests.some((r) => r.method === 'PUT' && r.path === `/api/slices/${first.id}`),
    ).toBe(true);
    // Focus goes back to the button that opened the dialog.
    expect(screen.getByRole('button', { name: 'Edit Renamed' })).toHaveFocus();
  });

  it('refuses an edit from a stale form, shows the latest stock and saves from it', async () => {
    const scarce = makeSlice({ name: 'Scarce', stock: 3 });
    api = installFakeApi({ slices: [scarce] });
    const user = setupUser();
    renderAppAt('/admin/game');
    await user.click(await screen.findByRole('button', { name: 'Edit Scarce' }));
    const dialog = screen.getByRole('dialog', { name: ADMIN_TEXT.editSliceTitle });
    // Meanwhile three visitors win it.
    api.slices = [{ ...scarce, stock: 0 }];
    const comment = within(dialog).getByLabelText(ADMIN_TEXT.sliceComment);
    await user.type(comment, ' (fixed)');
    await user.click(within(dialog).getByRole('button', { name: ADMIN_TEXT.update }));
    expect(
      await within(dialog).findByText(API_MESSAGES.sliceChanged, { exact: false }),
    ).toBeVisible();
    const stock = within(dialog).getByLabelText(ADMIN_TEXT.sliceStock);
    await waitFor(() => expect(stock).toHaveValue(0));
    expect(within(dialog).getByLabelText(ADMIN_TEXT.sliceComment)).toHaveValue(
      `${scarce.comment} (fixed)`,
    );
    expect(api.slices[0]?.stock).toBe(0);

    await user.click(within(dialog).getByRole('button', { name: ADMIN_TEXT.update }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: ADMIN_TEXT.editSliceTitle })).toBeNull(),
    );
    expect(api.slices[0]).toMatchObject({ stock: 0, comment: `${scarce.comment} (fixed)` });
  });

  it('cancels with Escape and keeps Tab inside the dialog', async () => {
    api = installFakeApi();
    const user = setupUser();
    renderAppAt('/admin/game');
    const dialog = await openAdd(user);
    const name = within(dialog).getByLabelText(ADMIN_TEXT.sliceName);
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: ADMIN_TEXT.add })).toHaveFocus();
    await user.tab();
    expect(name).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: ADMIN_TEXT.addSlice })).toHaveFocus();
  });

  it('reads "Max Slices Reached" and is disabled at 10 slices', async () => {
    api = installFakeApi({ slices: Array.from({ length: MAX_SLICES - 1 }, () => makeSlice()) });
    const user = setupUser();
    renderAppAt('/admin/game');
    const dialog = await openAdd(user);
    await user.type(within(dialog).getByLabelText(ADMIN_TEXT.sliceName), 'Tenth');
    await user.click(within(dialog).getByRole('button', { name: ADMIN_TEXT.add }));
    const full = await screen.findByRole('button', { name: ADMIN_TEXT.maxSlicesReached });
    expect(full).toBeDisabled();
    expect(screen.queryByRole('button', { name: ADMIN_TEXT.addSlice })).not.toBeInTheDocument();
  });

  it('shows "Failed to save slice" with the server reason and keeps the dialog open', async () => {
    api = installFakeApi();
    api.failNext('POST', '/api/slices', 409, MESSAGES.maxSlicesReached);
    const user = setupUser();
    renderAppAt('/admin/game');
    const dialog = await openAdd(user);
    await user.type(within(dialog).getByLabelText(ADMIN_TEXT.sliceName), 'Late');
    await user.click(within(dialog).getByRole('button', { name: ADMIN_TEXT.add }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      `${MESSAGES.saveSliceFailed} ${MESSAGES.maxSlicesReached}`,
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('deletes only after "Delete this slice?" and alerts "Failed to delete slice" on failure', async () => {
    const keep = makeSlice({ name: 'Keep' });
    const drop = makeSlice({ name: 'Drop' });
    api = installFakeApi({ slices: [keep, drop] });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const user = setupUser();
    renderAppAt('/admin/game');
    await user.click(await screen.findByRole('button', { name: 'Delete Drop' }));
    expect(confirm).toHaveBeenCalledWith(MESSAGES.deleteSliceConfirm);
    expect(rowNames()).toEqual(['Keep', 'Drop']);
    api.failNext('DELETE', `/api/slices/${drop.id}`, 500);
    await user.click(screen.getByRole('button', { name: 'Delete Drop' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(MESSAGES.deleteSliceFailed));
    expect(rowNames()).toEqual(['Keep', 'Drop']);
    await user.click(screen.getByRole('button', { name: 'Delete Drop' }));
    await waitFor(() => expect(rowNames()).toEqual(['Keep']));
  });

  it('shows "Failed to load slices" when the list cannot load', async () => {
    api = installFakeApi();
    api.failNext('GET', '/api/slices', 500);
    renderAppAt('/admin/game');
    expect(await screen.findByText(MESSAGES.loadSlicesFailed)).toBeInTheDocument();
  });

  it('previews the wheel with the visitors’ wheel component, and each slice in the colour it has there', async () => {
    api = installFakeApi({
      game: { itemBackgroundColors: ['#111111', '#dc2626'], spinMode: 'verify-first' },
      slices: [
        makeSlice({ name: 'Own', bgColor: '#abcdef' }),
        makeSlice({ name: 'White A', bgColor: '#ffffff' }),
        makeSlice({ name: 'White B', bgColor: '#ffffff' }),
      ],
    });
    renderAppAt('/admin/game');
    await screen.findByRole('cell', { name: 'White B' });
    const swatches = Array.from(document.querySelectorAll<HTMLElement>('.slices-table__swatch'));
    expect(swatches.map((s) => s.style.background)).toEqual([
      'rgb(171, 205, 239)',
      'rgb(17, 17, 17)', // the white slices take the wheel colours in turn
      'rgb(220, 38, 38)',
    ]);
    const preview = screen.getByRole('img', {
      name: 'An image of a spinning prize wheel. The wheel has 3 slices.',
    });
    expect(preview.closest('.prize-wheel')).not.toBeNull();
    expect(screen.getByRole('heading', { name: ADMIN_TEXT.wheelPreview })).toBeInTheDocument();
    // The colour column shows the colour drawn: a white slice says which wheel colour it takes.
    expect(
      screen.getAllByRole('cell').filter((c) => c.classList.contains('slices-table__code')),
    ).toHaveLength(3);
    expect(
      screen
        .getAllByRole('cell')
        .filter((c) => c.classList.contains('slices-table__code'))
        .map((c) => c.textContent),
    ).toEqual([
      '#abcdef',
      ADMIN_TEXT.wheelColorTaken('#111111'),
      ADMIN_TEXT.wheelColorTaken('#dc2626'),
    ]);
  });

  it('edits the wheel colours and the spin mode', async () => {
    api = installFakeApi({
      game: { itemBackgroundColors: ['#111111', '#222222'], spinMode: 'verify-first' },
    });
    const user = setupUser();
    renderAppAt('/admin/game');
    await screen.findByRole('heading', { name: ADMIN_TEXT.wheelSettings });
    await user.click(screen.getByRole('button', { name: 'Remove colour 1' }));
    await user.click(screen.getByRole('button', { name: ADMIN_TEXT.addColor }));
    expect(screen.getByRole('group', { name: ADMIN_TEXT.spinMode })).toHaveAccessibleDescription(
      ADMIN_TEXT.spinModeSpinFirstHint,
    );
    await user.click(screen.getByRole('radio', { name: ADMIN_TEXT.spinModeSpinFirst }));
    await user.click(screen.getByRole('button', { name: ADMIN_TEXT.saveWheelSettings }));
    expect(await screen.findByText(MESSAGES.savedSuccessfully)).toBeInTheDocument();
    expect(api.game).toMatchObject({
      itemBackgroundColors: ['#222222', DEFAULT_ITEM_BACKGROUND_COLORS[1]],
      spinMode: 'spin-first',
    });
  });

  it('puts a ready palette in the colour list, each colour still editable, and saves it', async () => {
    api = installFakeApi({ game: { itemBackgroundColors: ['#111111'], spinMode: 'verify-first' } });
    const user = setupUser();
    renderAppAt('/admin/game');
    const palettes = await screen.findByRole('group', { name: ADMIN_TEXT.readyPalettes });
    const [fairground] = WHEEL_PALETTES;
    await user.click(within(palettes).getByRole('button', { name: fairground!.name }));
    expect(screen.getByLabelText('Colour 1')).toHaveValue(fairground!.colors[0]);
    const last = screen.getByLabelText(`Colour ${fairground!.colors.length}`);
    await user.clear(last);
    await user.type(last, '#123456');
    await user.click(screen.getByRole('button', { name: ADMIN_TEXT.saveWheelSettings }));
    expect(await screen.findByText(MESSAGES.savedSuccessfully)).toBeInTheDocument();
    expect(api.game.itemBackgroundColors).toEqual([...fairground!.colors.slice(0, -1), '#123456']);
  });

  it('refuses a colour that is not a hex colour without saving', async () => {
    api = installFakeApi({ game: { itemBackgroundColors: ['#111111'], spinMode: 'verify-first' } });
    const user = setupUser();
    renderAppAt('/admin/game');
    const field = await screen.findByLabelText('Colour 1');
    await user.clear(field);
    await user.type(field, 'red');
    await user.click(screen.getByRole('button', { name: ADMIN_TEXT.saveWheelSettings }));
    expect(await screen.findByText(new RegExp(MESSAGES.saveFailed))).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(api.requests.filter((r) => r.method === 'PUT')).toEqual([]);
  });
});
