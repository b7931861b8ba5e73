/**
 * Every field of a slice reaches the Add Slice form (docs/architecture.md, "One schema per
 * record"): a field added to the slice's schema (shared/slice.ts) fails here until the form has a
 * control for it. The image is the one field the form leaves alone: an edit keeps it as it is.
 */
import { screen } from '@testing-library/react';
import { beforeEach, expect, it } from 'vitest';
import { ADMIN_TEXT } from '@shared/messages-admin';
import { sliceInputSchema } from '@shared/slice';
import { installFakeApi } from '../support/admin-routes';
import { renderAppAt, signInAdmin } from '../support/staff';
import { setupUser } from '../support/user';

/** Fields the form does not edit, each for its reason (above). */
const NOT_IN_FORM = new Set(['imageSrc']);

beforeEach(() => {
  localStorage.clear();
  signInAdmin();
});

it('has a control named after each field of the slice schema but the image', async () => {
  installFakeApi();
  const user = setupUser();
  renderAppAt('/admin/game');
  await user.click(await screen.findByRole('button', { name: ADMIN_TEXT.addSlice }));
  const dialog = screen.getByRole('dialog', { name: ADMIN_TEXT.addSliceTitle });
  const fields = Object.keys(sliceInputSchema.shape).filter((key) => !NOT_IN_FORM.has(key));
  const missing = fields.filter((key) => dialog.querySelector(`[name="${key}"]`) === null);
  expect(missing).toEqual([]);
});
