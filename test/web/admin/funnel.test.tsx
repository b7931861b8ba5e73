/**
 * Insights: the funnel from wheel visits to redemptions (chart, summary and table), its figures
 * per day as a CSV under the same labels, and files named by the business's date.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { setupUser } from '../support/user';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_TEXT } from '@shared/messages-admin';
import { installFakeApi, type FakeApi } from '../support/admin-routes';
import { renderAppAt, signInAdmin } from '../support/staff';

let api: FakeApi;
let files: { blob: Blob; name: string }[];

beforeEach(() => {
  localStorage.clear();
  signInAdmin();
  api = installFakeApi();
  files = [];
  // jsdom has no object URLs and no downloads: these record the file and its name instead.
  let lastBlob: Blob | undefined;
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      lastBlob = blob;
      return 'blob:file';
    },
    revokeObjectURL: () => undefined,
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    files.push({ blob: lastBlob!, name: this.download });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const readText = (blob: Blob) =>
  new Promise<unknown>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.readAsText(blob);
  });

/** The app loaded afresh for a deployment whose /config.json names `timeZone` (or none). */
async function deployedIn(timeZone: string | undefined): Promise<typeof renderAppAt> {
  api.config = { ...api.config, ...(timeZone ? { timeZone } : {}) };
  vi.resetModules();
  return (await import('../support/staff')).renderAppAt;
}

describe('the funnel', () => {
  it('shows each step with its count and the share kept from the step before, and its table', async () => {
    const user = setupUser();
    renderAppAt('/admin/insights');
    const figure = await screen.findByRole('figure', { name: ADMIN_TEXT.funnelChart });
    const chart = within(figure).getByRole('img');
    expect(chart).toHaveAccessibleName(
      'From visits to redemptions: Visits 40, Codes sent 5 (12.5% kept), Verified 4 (80.0% kept), Spins 3 (75.0% kept), Redeemed 1 (33.3% kept).',
    );
    const bars = [...figure.querySelectorAll<HTMLElement>('.insights-funnel__bar')];
    expect(bars.map((bar) => bar.style.width)).toEqual(['100%', '12.5%', '10%', '7.5%', '2.5%']);

    await user.click(within(figure).getByText(ADMIN_TEXT.showTable));
    const table = within(figure).getByRole('table', { name: ADMIN_TEXT.funnelChart });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'StepCountKept from the step before',
      'Visits40-',
      'Codes sent512.5%',
      'Verified480.0%',
      'Spins375.0%',
      'Redeemed133.3%',
    ]);
  });

  it('has no share after a step with nobody', async () => {
    api.insights = {
      ...api.insights,
      funnel: api.insights.funnel.map((s) => ({ ...s, count: 0, kept: null })),
    };
    renderAppAt('/admin/insights');
    const figure = await screen.findByRole('figure', { name: ADMIN_TEXT.funnelChart });
    expect(within(figure).getByRole('img')).toHaveAccessibleName(
      'From visits to redemptions: Visits 0, Codes sent 0 (-), Verified 0 (-), Spins 0 (-), Redeemed 0 (-).',
    );
  });

  it('downloads its figures per day as a CSV under the same labels', async () => {
    const user = setupUser();
    renderAppAt('/admin/insights');
    await user.click(await screen.findByRole('button', { name: ADMIN_TEXT.downloadDailyCsv }));
    expect(files).toHaveLength(1);
    expect(files[0]!.name).toBe('daily-figures-2026-05-01-to-2026-05-03.csv');
    expect(await readText(files[0]!.blob)).toBe(
      'Day,Visits,Codes sent,Verified,Spins,Redeemed\r\n' +
        '2026-05-01,25,3,2,1,0\r\n' +
        '2026-05-02,15,2,2,2,1\r\n' +
        '2026-05-03,0,0,0,0,0\r\n',
    );
  });
});

describe('the customers CSV’s file name', () => {
  // 14:30 UTC on 24 Nov: already 01:30 on the 25th in Sydney, still 22:30 on the 24th in Perth.
  const at = new Date('2026-11-24T14:30:00.000Z');

  it.each([
    ['the default zone (Sydney)', undefined, 'customers-2026-11-25.csv'],
    ['the deployment’s zone (Perth)', 'Australia/Perth', 'customers-2026-11-24.csv'],
  ])('is the business’s date in %s', async (_label, timeZone, name) => {
    const render = await deployedIn(timeZone);
    vi.useFakeTimers({ now: at, toFake: ['Date'] });
    const user = setupUser();
    render('/admin/customers');
    await user.click(await screen.findByRole('button', { name: ADMIN_TEXT.downloadCsv }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0]!.name).toBe(name);
  });
});
