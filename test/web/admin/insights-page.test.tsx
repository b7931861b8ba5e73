import { screen, waitFor, within } from '@testing-library/react';
import { setupUser } from '../support/user';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_TEXT } from '@shared/messages-admin';
import { percent } from '../../../web/src/features/admin/components/insights-charts';
import { installFakeApi, type FakeApi } from '../support/admin-routes';
import { renderAppAt, signInAdmin } from '../support/staff';

let api: FakeApi;
beforeEach(() => {
  localStorage.clear();
  signInAdmin();
  api = installFakeApi();
});
afterEach(() => vi.unstubAllGlobals());

const total = (label: string) => {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
};

describe('/admin/insights', () => {
  it('is in the sidebar and shows every total with its label', async () => {
    renderAppAt('/admin/insights');
    expect(await screen.findByRole('heading', { level: 1, name: 'Insights' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: ADMIN_TEXT.navLabel })).getByRole('link', {
        name: 'Insights',
      }),
    ).toHaveAttribute('aria-current', 'page');
    await screen.findByText('Spins', { selector: 'dt' });
    expect(total('Spins')).toBe('3');
    expect(total('Redeemed')).toBe('1');
    expect(total('Redemption rate')).toBe('33.3%');
    expect(total('Codes sent')).toBe('5');
    // In the owner's currency (AUD), from the USD price AWS bills at the deployment's rate.
    expect(total('Estimated SMS cost')).toMatch(/^\$0\.39/);
    expect(total('Estimated SMS cost')).toMatch(
      /USD\s0\.0515 per SMS, at 1 USD = \$1\.53 \(rate of 2025-11-14\)/,
    );
    expect(total('Previews per saved win')).toBe('3.0');
  });

  it('leaves out previews per saved win in a verify-first game', async () => {
    api.insights = { ...api.insights, spinMode: 'verify-first' };
    renderAppAt('/admin/insights');
    await screen.findByText('Spins', { selector: 'dt' });
    expect(screen.queryByText('Previews per saved win')).not.toBeInTheDocument();
  });

  it('draws both charts with a summary and gives their figures as tables', async () => {
    const user = setupUser();
    renderAppAt('/admin/insights');
    const perDay = await screen.findByRole('img', {
      name: /From 1 May to 3 May: 3 spins and 1 redemptions/,
    });
    expect(perDay.querySelectorAll('rect')).toHaveLength(6);
    expect(screen.getByRole('img', { name: ADMIN_TEXT.perPrizeSummary })).toBeInTheDocument();
    const [, dayToggle, prizeToggle] = screen.getAllByText(ADMIN_TEXT.showTable);
    await user.click(dayToggle!);
    const days = screen.getByRole('table', { name: ADMIN_TEXT.perDayChart });
    expect(
      within(days)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['DaySpinsRedeemed', '1 May10', '2 May21', '3 May00']);
    await user.click(prizeToggle!);
    const prizes = screen.getByRole('table', { name: ADMIN_TEXT.perPrizeChart });
    expect(
      within(prizes)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['PrizeWinsShare of winsShare of odds', 'Chips266.7%100%', 'Drink (deleted)133.3%-']);
  });

  it('writes shares as the game page writes odds: whole at 0 and 100%, else one decimal', () => {
    expect([0, 1 / 8, 2 / 3, 1, null].map(percent)).toEqual(['0%', '12.5%', '66.7%', '100%', '-']);
  });

  it('asks for the chosen range', async () => {
    const user = setupUser();
    renderAppAt('/admin/insights');
    const from = await screen.findByLabelText('From');
    await waitFor(() => expect(from).toHaveValue('2026-05-01'));
    await user.clear(from);
    await user.type(from, '2026-04-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(api.requests.filter((r) => r.path === '/api/insights')).toHaveLength(2),
    );
    expect(await screen.findByRole('img', { name: /From 1 Apr to 3 May/ })).toBeInTheDocument();
  });

  it('says so when the figures cannot be loaded', async () => {
    api.failNext('GET', '/api/insights', 500);
    renderAppAt('/admin/insights');
    expect(await screen.findByText(ADMIN_TEXT.insightsLoadFailed)).toHaveAttribute('role', 'alert');
  });
});
