/**
 * The invisible challenge in front of every code (hooks/use-otp-challenge.ts): fetched and solved
 * as the verification dialog opens, spent by Send Code, replaced once when the server finds it
 * outdated, and a failure shows the spec's send failure: no widget and no new words.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { setupUser } from '../support/user';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, VISITOR_TEXT } from '@shared/messages';
import { Component as WheelPage } from '../../../web/src/features/visitor/routes/wheel-page';
import { freshWheelPage } from '../support/visitor';
import type { FakeBackend } from '../support/visitor-routes';

let backend: FakeBackend;

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  backend = freshWheelPage();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openDialog() {
  const user = setupUser();
  render(<WheelPage />);
  await user.click(await screen.findByRole('button', { name: VISITOR_TEXT.spin }));
  return { user, dialog: await screen.findByRole('dialog') };
}

const sendCode = async (user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) => {
  await user.type(within(dialog).getByLabelText(VISITOR_TEXT.phoneLabel), '0412345678');
  await user.click(within(dialog).getByRole('button', { name: VISITOR_TEXT.sendCode }));
};

describe('the challenge in front of every code', () => {
  it('is fetched as the dialog opens, before Send Code, and shows nothing', async () => {
    expect(backend.otpChallenges).toBe(0);
    const { user, dialog } = await openDialog();
    const before = dialog.textContent;
    await waitFor(() => expect(backend.otpChallenges).toBe(1));
    expect(backend.requests.some((r) => r.url === '/api/otp/start')).toBe(false);
    expect(dialog.textContent).toBe(before);
    await sendCode(user, dialog);
    expect(await within(dialog).findByLabelText(VISITOR_TEXT.otpLabel)).toBeInTheDocument();
    // The prepared challenge was spent; the next one is under way for Resend.
    expect(backend.requests.filter((r) => r.url === '/api/otp/start')).toHaveLength(1);
    await waitFor(() => expect(backend.otpChallenges).toBe(2));
  });

  it('shows the send failure for a challenge the server refuses; Send Code again uses a fresh one', async () => {
    backend.staleChallenges = 1;
    const { user, dialog } = await openDialog();
    await sendCode(user, dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.otpSendFailed);
    await user.click(within(dialog).getByRole('button', { name: VISITOR_TEXT.sendCode }));
    expect(await within(dialog).findByLabelText(VISITOR_TEXT.otpLabel)).toBeInTheDocument();
    const spent = backend.requests
      .filter((r) => r.url === '/api/otp/start')
      .map((r) => (r.body as { altcha: { challenge: { parameters: { nonce: string } } } }).altcha);
    expect(spent).toHaveLength(2);
    expect(spent[0]!.challenge.parameters.nonce).not.toBe(spent[1]!.challenge.parameters.nonce);
  });

  it('shows the required send failure when no challenge can be had, and asks for no code', async () => {
    backend.otpChallengeStatus = 503;
    const { user, dialog } = await openDialog();
    await sendCode(user, dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.otpSendFailed);
    expect(backend.requests.some((r) => r.url === '/api/otp/start')).toBe(false);
    expect(within(dialog).queryByLabelText(VISITOR_TEXT.otpLabel)).not.toBeInTheDocument();
  });
});
