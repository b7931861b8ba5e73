/**
 * Insights' per-placement table and median time to redeem (components/insights-sources.tsx,
 * insights-median.tsx), from GET /api/insights as the fake API answers it.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_TEXT } from '@shared/messages-admin';
import { installFakeApi } from '../support/admin-routes';
import { renderAppAt, signInAdmin } from '../support/staff';

beforeEach(() => {
  localStorage.clear();
  signInAdmin();
  installFakeApi();
});
afterEach(() => vi.unstubAllGlobals());

describe('/admin/insights per placement', () => {
  it('lists visits, codes, wins and redemptions per placement, the rest as other, and the median time to redeem', async () => {
    renderAppAt('/admin/insights');
    const section = (
      await screen.findByRole('heading', { name: ADMIN_TEXT.sourcesHeading })
    ).closest('section')!;
    const rows = [...section.querySelectorAll('tr')].map((row) =>
      [...row.querySelectorAll('th, td')].map((cell) => cell.textContent),
    );
    expect(within(section).getByRole('table')).toBeInTheDocument();
    expect(rows).toEqual([
      ['Placement', 'Visits', 'Codes sent', 'Wins', 'Redeemed'],
      ['Poster', '30', '4', '2', '1'],
      ['summer-flyer', '4', '1', '1', '0'],
      [ADMIN_TEXT.sourceOther, '6', '0', '0', '0'],
    ]);
    const term = screen.getByText(ADMIN_TEXT.medianRedeem, { selector: 'dt' });
    expect(term.nextElementSibling?.textContent).toBe(`2 h 20 min${ADMIN_TEXT.medianRedeemHint}`);
  });

  it('writes waits as the owner reads them', () => {
    expect(
      [30, 12 * 60, 60 * 60, 3 * 3600 + 20 * 60, 86400, 2 * 86400 + 4 * 3600].map(
        ADMIN_TEXT.waitDuration,
      ),
    ).toEqual(['1 min', '12 min', '1 h', '3 h 20 min', '1 day', '2 days 4 h']);
  });
});
