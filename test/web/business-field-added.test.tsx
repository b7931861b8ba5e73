/**
 * A new business field (here a Threads link) added to its one table,
 * shared/business-field-table.ts, and nowhere else: the Business Settings form shows it, completes
 * a @handle and saves it through the schema, the wheel page's footer shows its link, and the check
 * of docs/product.md refuses the change until the product description names it.
 */
import { readFileSync } from 'node:fs';
import { render, screen, within } from '@testing-library/react';
import { setupUser } from './support/user';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as FieldTable from '@shared/business-field-table';
import { EMPTY_BUSINESS_SETTINGS } from '@shared/business-fields';
import { MESSAGES, VISITOR_TEXT } from '@shared/messages';
import { ADMIN_TEXT } from '@shared/messages-admin';
import { SiteFooter } from '../../web/src/features/visitor/components/site-footer';
import { fieldsMissingFromProductDoc } from '../support/business-docs';
import { installFakeApi, type FakeApi } from './support/admin-routes';
import { renderAppAt, signInAdmin } from './support/staff';

vi.mock('@shared/business-field-table', async (importOriginal) => {
  const table = await importOriginal<typeof FieldTable>();
  return {
    ...table,
    BUSINESS_FIELDS: {
      ...table.BUSINESS_FIELDS,
      threadsUrl: {
        kind: 'social',
        label: 'Threads URL',
        placeholder: 'https://threads.net',
        profileBase: 'https://threads.net/@',
        input: { type: 'text' },
        footer: { label: 'Threads', href: 'link', icon: [['circle', { cx: 12, cy: 12, r: 9 }]] },
      },
    },
  };
});

let api: FakeApi;
beforeEach(() => {
  localStorage.clear();
  signInAdmin();
  api = installFakeApi();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a business field added to its table only', () => {
  it('is a field of the Business Settings form that completes a @handle and is saved', async () => {
    const user = setupUser();
    renderAppAt('/admin/business');
    const threads = await screen.findByLabelText('Threads URL');
    expect(threads).toHaveAttribute('placeholder', 'https://threads.net');
    await user.type(threads, '@joespizza');
    await user.tab();
    expect(threads).toHaveValue('https://threads.net/@joespizza');
    await user.click(screen.getByRole('button', { name: ADMIN_TEXT.save }));
    expect(await screen.findByText(MESSAGES.savedSuccessfully)).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      threadsUrl: 'https://threads.net/@joespizza',
    });
  });

  it("is a link in the wheel page's footer once set", () => {
    // The type knows the fields as they are; the table at run time has the new one.
    const business = { ...EMPTY_BUSINESS_SETTINGS, threadsUrl: 'https://threads.net/@joespizza' };
    render(<SiteFooter business={business} />);
    const footer = screen.getByRole('navigation', { name: VISITOR_TEXT.footerLabel });
    expect(within(footer).getByRole('link', { name: 'Threads' })).toHaveAttribute(
      'href',
      'https://threads.net/@joespizza',
    );
  });

  it('is refused by the check of docs/product.md until the product description names it', () => {
    expect(fieldsMissingFromProductDoc(readFileSync('docs/product.md', 'utf8'))).toEqual([
      'threadsUrl',
    ]);
  });
});
