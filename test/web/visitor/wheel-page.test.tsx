import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { setupUser } from '../support/user';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, VISITOR_TEXT } from '@shared/messages';
import { PRIZE_TEXT } from '@shared/messages-prize';
import { useCountdown } from '../../../web/src/features/visitor/hooks/use-countdown';
import { Component as WheelPage } from '../../../web/src/features/visitor/routes/wheel-page';
import { freshWheelPage, signInVisitor } from '../support/visitor';
import { CORRECT_CODE, FakeBackend, SAMPLE_WHEEL } from '../support/visitor-routes';

let backend: FakeBackend;

// Whole journeys (dialog, codes, a spin and the popup's delays) on a machine the suite shares.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  backend = freshWheelPage();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const spinButton = () => screen.findByRole('button', { name: VISITOR_TEXT.spin });
/** The win popup, once the wheel has landed (a 4 s turn, shortened in tests) and it opens. */
const winPopup = () =>
  screen.findByRole('dialog', { name: VISITOR_TEXT.winDialogLabel }, { timeout: 3000 });

/** The page in spin-first, rendered, Spin pressed: the popup of the prize drawn. */
async function spinFirstPopup(user: ReturnType<typeof userEvent.setup>) {
  backend.wheel.game.spinMode = 'spin-first';
  render(<WheelPage />);
  await user.click(await spinButton());
  return winPopup();
}

describe('wheel page', () => {
  it('leaves sold-out prizes off the wheel', async () => {
    backend = new FakeBackend({
      ...structuredClone(SAMPLE_WHEEL),
      slices: SAMPLE_WHEEL.slices.map((slice) => ({ ...slice, soldOut: slice.id === 's2' })),
    });
    render(<WheelPage />);
    await spinButton();
    expect(screen.getByRole('img', { name: /The wheel has 2 slices\./ })).toBeInTheDocument();
    expect(screen.queryByText('BOGOF Main')).not.toBeInTheDocument();
  });

  it('shows the loading state, then the business, the heading, the wheel and only the changed footer links', async () => {
    backend.wheelDelayMs = 50;
    render(<WheelPage />);
    expect(screen.getByText(VISITOR_TEXT.loading)).toBeInTheDocument();
    expect(screen.getByText(VISITOR_TEXT.goodLuck)).toBeInTheDocument();
    expect(await spinButton()).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Spin & Win' })).toBeInTheDocument();
    expect(screen.getByText('Tasty Takeaway')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Tasty Takeaway logo' })).toHaveAttribute(
      'src',
      '/media/business/logo.png',
    );
    expect(screen.getByRole('img', { name: /The wheel has 3 slices\./ })).toBeInTheDocument();
    // website, phone, instagram and uber eats differ from the placeholders; email and facebook do not.
    const footer = screen.getByRole('navigation', { name: VISITOR_TEXT.footerLabel });
    expect(
      within(footer)
        .getAllByRole('link')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Website', 'Phone', 'Instagram', 'Uber Eats']);
    expect(within(footer).getByRole('link', { name: 'Phone' })).toHaveAttribute(
      'href',
      'tel:0298765432',
    );
  });

  it('keeps loading and tries again with backoff when the wheel cannot load, then shows it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    backend.wheelFailures = 2;
    render(<WheelPage />);
    await waitFor(() => expect(backend.apiCalls()).toEqual(['GET /api/wheel']));
    // Still loading, with the placeholder name and no copy beyond the loading state's.
    expect(screen.getByText(VISITOR_TEXT.loading)).toBeInTheDocument();
    expect(screen.getByText('Your Business Name')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: VISITOR_TEXT.spin })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1100)); // first retry within 1 s
    await waitFor(() => expect(backend.apiCalls()).toHaveLength(2));
    expect(screen.getByText(VISITOR_TEXT.loading)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1200)); // not yet: the second wait is 1.5 to 2 s
    expect(backend.apiCalls()).toHaveLength(2);
    act(() => vi.advanceTimersByTime(900));
    expect(await spinButton()).toBeInTheDocument();
    expect(backend.apiCalls()).toEqual(['GET /api/wheel', 'GET /api/wheel', 'GET /api/wheel']);
    expect(screen.getByText('Tasty Takeaway')).toBeInTheDocument();
  });

  it('tries again at once when the browser comes back online', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    backend.wheelFailures = 1;
    render(<WheelPage />);
    await waitFor(() => expect(backend.apiCalls()).toHaveLength(1));
    await act(async () => {
      await Promise.resolve();
      window.dispatchEvent(new Event('online'));
    });
    expect(await spinButton()).toBeInTheDocument();
  });

  it('verifies by SMS code, shows the banner, then spins to the server-drawn prize', async () => {
    const user = setupUser();
    render(<WheelPage />);
    await user.click(await spinButton());
    const dialog = await screen.findByRole('dialog', {
      name: VISITOR_TEXT.verificationDialogLabel,
    });
    const phone = within(dialog).getByLabelText(VISITOR_TEXT.phoneLabel);
    expect(phone).toHaveFocus();
    expect(phone).toHaveAttribute('inputmode', 'tel');
    expect(phone).toHaveAttribute('autocomplete', 'tel');
    // No maxlength: it would cut a pasted "+61 412 345 678" before the field's rules see it.
    expect(phone).not.toHaveAttribute('maxlength');

    // Phone rules as the user types
    await user.type(phone, 'ab05');
    expect(phone).toHaveValue('05');
    await user.type(phone, '1');
    expect(phone).toHaveValue('05');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MESSAGES.phoneMustStartWith04);
    await user.clear(phone);
    await user.type(phone, '04123');
    await user.click(within(dialog).getByRole('button', { name: VISITOR_TEXT.sendCode }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MESSAGES.phoneInvalid);
    await user.type(phone, '456789999');
    expect(phone).toHaveValue('0412 345 678'); // grouped as it reads; the number is 10 digits
    await user.click(within(dialog).getByRole('button', { name: VISITOR_TEXT.sendCode }));

    // Step 2
    const code = await within(dialog).findByLabelText(VISITOR_TEXT.otpLabel);
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveFocus();
    expect(within(dialog).getByText('Resend in 60s')).toBeInTheDocument();
    expect(backend.requests.find((r) => r.url === '/api/otp/start')?.body).toEqual({
      phoneNumber: '0412345678',
      altcha: { challenge: expect.any(Object), solution: expect.any(Object) },
    });
    await user.type(code, '12x3');
    expect(code).toHaveValue('123');
    await user.click(within(dialog).getByRole('button', { name: VISITOR_TEXT.verify }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MESSAGES.otpMustBe6Digits);
    await user.clear(code);
    // Six digits in submit themselves: no press of Verify.
    await user.type(code, '000000');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.otpIncorrect);
    await user.type(code, CORRECT_CODE);

    // Verified: dialog closed, focus back on Spin, green banner
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await spinButton()).toHaveFocus();
    const banner = screen.getByText(MESSAGES.verificationSuccessful);
    expect(banner).toHaveAttribute('role', 'status');

    // Spin: the server draws (slice s2), the page lands there and opens the popup
    await user.click(await spinButton());
    const popup = await winPopup();
    expect(within(popup).getByText(VISITOR_TEXT.congratulations)).toBeInTheDocument();
    expect(within(popup).getByText(VISITOR_TEXT.youWon)).toBeInTheDocument();
    expect(within(popup).getByText('BOGOF MAIN')).toBeInTheDocument();
    expect(within(popup).getByText('Buy one main, get one free')).toBeInTheDocument();
    expect(within(popup).getByText(VISITOR_TEXT.visitStore)).toBeInTheDocument();
    const spinCall = backend.requests.find((r) => r.method === 'POST' && r.url === '/api/spins')!;
    expect(spinCall.body).toEqual({});
    expect(spinCall.authorization).toMatch(/^Bearer \S+\.\S+\.\S+$/);
    expect(backend.customers.get('+61412345678')?.sliceId).toBe('s2');
    // The banner shows for 2 s only.
    await waitFor(
      () => expect(screen.queryByText(MESSAGES.verificationSuccessful)).not.toBeInTheDocument(),
      {
        timeout: 3000,
      },
    );
  });

  it('refuses a number that already has a reward with the required message', async () => {
    backend.customers.set('+61412345678', { sliceId: 's1', offer: 'Free Side', comment: '' });
    const user = setupUser();
    render(<WheelPage />);
    await user.click(await spinButton());
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(VISITOR_TEXT.phoneLabel), '0412345678');
    await user.click(within(dialog).getByRole('button', { name: VISITOR_TEXT.sendCode }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.alreadyHasReward);
    expect(within(dialog).queryByLabelText(VISITOR_TEXT.otpLabel)).not.toBeInTheDocument();
  });

  it('shows the required send failure for an SMS limit and never more', async () => {
    backend.otpStartStatus = 429;
    const user = setupUser();
    render(<WheelPage />);
    await user.click(await spinButton());
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(VISITOR_TEXT.phoneLabel), '0412345679');
    await user.click(within(dialog).getByRole('button', { name: VISITOR_TEXT.sendCode }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.otpSendFailed);
    expect(backend.requests.some((r) => r.url.startsWith('https://cognito'))).toBe(false);
  });

  it('counts down to a refusal’s retry time on the send button ("Resend in {n}s"), asking nothing meanwhile', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    backend.otpStartStatus = 429;
    backend.otpStartRetryAfter = 1500;
    const user = setupUser({ advanceTimers: vi.advanceTimersByTime });
    render(<WheelPage />);
    await user.click(await spinButton());
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(VISITOR_TEXT.phoneLabel), '0412345679');
    await user.click(within(dialog).getByRole('button', { name: VISITOR_TEXT.sendCode }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.otpSendFailed);
    const countdown = within(dialog).getByRole('button', { name: VISITOR_TEXT.resendIn(1500) });
    expect(countdown).toHaveAttribute('aria-disabled', 'true');
    const starts = () => backend.apiCalls().filter((c) => c === 'POST /api/otp/start').length;
    await user.click(countdown);
    expect(starts()).toBe(1);
    act(() => vi.advanceTimersByTime(10_000));
    expect(within(dialog).getByRole('button', { name: VISITOR_TEXT.resendIn(1490) })).toBeVisible();
    // At the retry time the send is offered again, and asks.
    backend.otpStartStatus = undefined;
    act(() => vi.advanceTimersByTime(1_490_000));
    await user.click(within(dialog).getByRole('button', { name: VISITOR_TEXT.sendCode }));
    expect(await within(dialog).findByLabelText(VISITOR_TEXT.otpLabel)).toBeInTheDocument();
    expect(starts()).toBe(2);
  });

  it.each([
    ['otp/start answers 503 (Cognito throttled creating the user)', { otpStart: 503 }],
    [
      'the send trigger fails (SNS throttled)',
      {
        initiate: {
          type: 'UserLambdaValidationException',
          message: 'CreateAuthChallenge failed with error INTERNAL: Something went wrong.',
        },
      },
    ],
    [
      'Cognito throttles the sign-in',
      { initiate: { type: 'TooManyRequestsException', message: 'Too many requests' } },
    ],
  ] as const)('shows the required send failure when %s', async (_case, fault) => {
    if ('otpStart' in fault) backend.otpStartStatus = fault.otpStart;
    if ('initiate' in fault) backend.initiateAuthError = { ...fault.initiate };
    const user = setupUser();
    render(<WheelPage />);
    await user.click(await spinButton());
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(VISITOR_TEXT.phoneLabel), '0412345670');
    await user.click(within(dialog).getByRole('button', { name: VISITOR_TEXT.sendCode }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.otpSendFailed);
    expect(within(dialog).queryByLabelText(VISITOR_TEXT.otpLabel)).not.toBeInTheDocument();
  });

  it('closes the dialog with Escape and returns focus to Spin', async () => {
    const user = setupUser();
    render(<WheelPage />);
    await user.click(await spinButton());
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await spinButton()).toHaveFocus();
  });

  it('keeps a verified visitor verified across a reload and shows the saved prize, not a new spin', async () => {
    signInVisitor('+61412340000');
    backend.customers.set('+61412340000', {
      sliceId: 's3',
      offer: 'Free Drink',
      comment: 'Any can',
    });
    const user = setupUser();
    render(<WheelPage />);
    const popup = await screen.findByRole('dialog', { name: VISITOR_TEXT.winDialogLabel });
    expect(within(popup).getByText('FREE DRINK')).toBeInTheDocument();
    expect(within(popup).getByText(VISITOR_TEXT.visitStore)).toBeInTheDocument();
    await user.click(within(popup).getByRole('button', { name: VISITOR_TEXT.closeLabel }));
    // Spin replays the saved prize without asking the server for a draw.
    await user.click(await spinButton());
    expect(await screen.findByText('FREE DRINK', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(backend.apiCalls().filter((c) => c === 'POST /api/spins')).toHaveLength(0);
  });

  it('verified but not yet spun after a reload: Spin goes straight to the server draw', async () => {
    signInVisitor('+61412340001');
    const user = setupUser();
    render(<WheelPage />);
    await waitFor(() => expect(backend.apiCalls()).toContain('GET /api/spins/mine'));
    await user.click(await spinButton());
    expect(
      screen.queryByRole('dialog', { name: VISITOR_TEXT.verificationDialogLabel }),
    ).not.toBeInTheDocument();
    expect(await screen.findByText('BOGOF MAIN', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(backend.customers.get('+61412340001')?.sliceId).toBe('s2');
  });
});

describe('wheel page, focus', () => {
  it('keeps focus on Spin while the wheel turns, and puts it back there when the popup closes', async () => {
    signInVisitor('+61412340002');
    const user = setupUser();
    render(<WheelPage />);
    await waitFor(() => expect(backend.apiCalls()).toContain('GET /api/spins/mine'));
    const spin = await spinButton();
    spin.focus();
    await user.keyboard('{Enter}');
    expect(spin).toHaveAttribute('aria-disabled', 'true');
    expect(spin).toHaveFocus();
    const popup = await screen.findByRole('dialog', { name: VISITOR_TEXT.winDialogLabel });
    // Focus on the popup's heading: no field, so a phone's keyboard does not cover the win.
    await waitFor(() =>
      expect(
        within(popup).getByRole('heading', { name: VISITOR_TEXT.congratulations }),
      ).toHaveFocus(),
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(spin).toHaveFocus();
  });

  it('a saved prize shown on load: closing the popup puts focus on Spin', async () => {
    signInVisitor('+61412340003');
    backend.customers.set('+61412340003', { sliceId: 's1', offer: 'Free Side', comment: '' });
    const user = setupUser();
    render(<WheelPage />);
    const popup = await screen.findByRole('dialog', { name: VISITOR_TEXT.winDialogLabel });
    await user.click(within(popup).getByRole('button', { name: VISITOR_TEXT.closeLabel }));
    expect(await spinButton()).toHaveFocus();
  });

  it('moves focus to the store note when a claim succeeds; Escape still closes the popup', async () => {
    const user = setupUser();
    const popup = await spinFirstPopup(user);
    await user.type(within(popup).getByLabelText(VISITOR_TEXT.phoneLabel), '0498765400');
    await user.click(within(popup).getByRole('button', { name: VISITOR_TEXT.sendPrize }));
    const code = await within(popup).findByLabelText(VISITOR_TEXT.otpLabel);
    expect(code).toHaveFocus();
    await user.type(code, CORRECT_CODE);
    const note = await within(popup).findByText(VISITOR_TEXT.visitStore);
    await waitFor(() => expect(note).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await spinButton()).toHaveFocus();
  });

  it('keeps focus on Send Code while the code is being sent and after it fails', async () => {
    backend.otpStartStatus = 500;
    const user = setupUser();
    render(<WheelPage />);
    await user.click(await spinButton());
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(VISITOR_TEXT.phoneLabel), '0411111112');
    const send = within(dialog).getByRole('button', { name: VISITOR_TEXT.sendCode });
    send.focus();
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.otpSendFailed);
    expect(send).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('wheel page, resend', () => {
  it('after the third wrong code, clears the field and leads the visitor to Resend', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = setupUser({ advanceTimers: vi.advanceTimersByTime });
    render(<WheelPage />);
    await user.click(await spinButton());
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(VISITOR_TEXT.phoneLabel), '0411111113');
    await user.click(within(dialog).getByRole('button', { name: VISITOR_TEXT.sendCode }));
    const code = await within(dialog).findByLabelText(VISITOR_TEXT.otpLabel);
    for (const wrong of ['000001', '000002', '000003']) {
      await user.type(code, wrong);
      await waitFor(() => expect(code).toHaveValue(''));
      expect(within(dialog).getByRole('alert')).toHaveTextContent(MESSAGES.otpIncorrect);
    }
    // The sign-in is over: the field cannot take a code, and focus waits on the resend control.
    const resendControl = within(dialog).getByRole('button', { name: /^Resend in \d+s$/ });
    expect(resendControl).toHaveFocus();
    expect(code).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: VISITOR_TEXT.verify })).toBeDisabled();
    act(() => vi.advanceTimersByTime(60_000));
    expect(resendControl).toHaveTextContent(VISITOR_TEXT.resend);
    expect(resendControl).toHaveFocus();
    await user.keyboard('{Enter}');
    // A new code: the field is back and focused, and the right code now verifies.
    await waitFor(() => expect(code).toBeEnabled());
    expect(code).toHaveFocus();
    await user.type(code, CORRECT_CODE);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await spinButton()).toHaveFocus();
  });

  it('offers Resend after 60 s, which starts a new sign-in session and restarts the countdown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = setupUser({ advanceTimers: vi.advanceTimersByTime });
    render(<WheelPage />);
    await user.click(await spinButton());
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(VISITOR_TEXT.phoneLabel), '0411111111');
    await user.click(within(dialog).getByRole('button', { name: VISITOR_TEXT.sendCode }));
    expect(await within(dialog).findByText('Resend in 60s')).toBeInTheDocument();
    expect(
      within(dialog).queryByRole('button', { name: VISITOR_TEXT.resend }),
    ).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(30_000));
    // Half-way: 30 s left, less whatever real time the fake clock took along on a busy machine.
    // The countdown's ticking starts in an effect a busy machine may run after the clock moved:
    // the count is then read from the deadline at the next tick, which the wait allows.
    expect(await within(dialog).findByText(/^Resend in (?:[12]\d|30)s$/)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(30_000));
    const resend = await within(dialog).findByRole('button', { name: VISITOR_TEXT.resend });
    const initiations = () =>
      backend.requests.filter((r) => r.url.startsWith('https://cognito')).length;
    const before = initiations();
    await user.click(resend);
    expect(await within(dialog).findByText('Resend in 60s')).toBeInTheDocument();
    expect(initiations()).toBe(before + 1);
    expect(backend.apiCalls().filter((c) => c === 'POST /api/otp/start')).toHaveLength(2);
  });
});

describe('wheel page, spin first and verify to claim', () => {
  it('spins on a server preview, then claims by SMS code with the ticket', async () => {
    backend.drawSliceId = 's1';
    const user = setupUser();
    const popup = await spinFirstPopup(user);
    expect(within(popup).getByText('FREE SIDE')).toBeInTheDocument();
    expect(
      within(popup).getByRole('heading', { name: VISITOR_TEXT.claimViaSms }),
    ).toBeInTheDocument();
    expect(within(popup).queryByText(VISITOR_TEXT.visitStore)).not.toBeInTheDocument();
    expect(backend.customers.size).toBe(0);

    await user.type(within(popup).getByLabelText(VISITOR_TEXT.phoneLabel), '0498765432');
    await user.click(within(popup).getByRole('button', { name: VISITOR_TEXT.sendPrize }));
    const codeField = await within(popup).findByLabelText(VISITOR_TEXT.otpLabel);
    expect(within(popup).getByText('Resend in 60s')).toBeInTheDocument();
    await user.type(codeField, CORRECT_CODE);

    expect(await within(popup).findByText(VISITOR_TEXT.visitStore)).toBeInTheDocument();
    expect(within(popup).queryByLabelText(VISITOR_TEXT.otpLabel)).not.toBeInTheDocument();
    const preview = backend.requests.find((r) => r.url === '/api/spins/preview')!;
    const record = backend.requests.find((r) => r.method === 'POST' && r.url === '/api/spins')!;
    expect(record.body).toEqual({
      ticket: expect.stringMatching(/^T/),
      secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(preview).toBeDefined();
    expect(backend.customers.get('+61498765432')?.sliceId).toBe('s1');
  });
});

describe('wheel page, spin first: closing a prize not claimed yet', () => {
  it('asks first; "Keep it open" keeps it, "Close" closes it; a claimed prize closes at once', async () => {
    const user = setupUser();
    const popup = await spinFirstPopup(user);
    const close = within(popup).getByRole('button', { name: VISITOR_TEXT.closeLabel });
    await user.click(close);
    const question = await screen.findByRole('dialog', { name: PRIZE_TEXT.closeUnclaimedTitle });
    expect(question).toHaveTextContent(PRIZE_TEXT.closeUnclaimedQuestion);
    expect(within(question).getByRole('button', { name: PRIZE_TEXT.keepOpen })).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: PRIZE_TEXT.keepOpen }));
    expect(question).not.toBeInTheDocument();
    expect(popup).toBeInTheDocument();
    expect(close).toHaveFocus();
    // Escape asks too.
    await user.keyboard('{Escape}');
    const again = await screen.findByRole('dialog', { name: PRIZE_TEXT.closeUnclaimedTitle });
    await user.click(within(again).getByRole('button', { name: VISITOR_TEXT.closeLabel }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await spinButton()).toHaveFocus();

    // Claimed: Close closes without a question. Spin shows the prize again once the wheel's
    // spinning state has cleared (SPIN_STATE_CLEAR_MS after the landing; Spin is aria-disabled
    // until then).
    const spinAgain = await spinButton();
    await waitFor(() => expect(spinAgain).not.toHaveAttribute('aria-disabled'), { timeout: 3000 });
    await user.click(spinAgain);
    const shown = await winPopup();
    await user.type(within(shown).getByLabelText(VISITOR_TEXT.phoneLabel), '0498765411');
    await user.click(within(shown).getByRole('button', { name: VISITOR_TEXT.sendPrize }));
    await user.type(await within(shown).findByLabelText(VISITOR_TEXT.otpLabel), CORRECT_CODE);
    await within(shown).findByText(VISITOR_TEXT.visitStore);
    await user.click(within(shown).getByRole('button', { name: VISITOR_TEXT.closeLabel }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('useCountdown', () => {
  it('counts whole seconds down to 0', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useCountdown());
    expect(result.current.remaining).toBe(0);
    act(() => result.current.restart(60));
    expect(result.current.remaining).toBe(60);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.remaining).toBe(59);
    act(() => vi.advanceTimersByTime(59_000));
    expect(result.current.remaining).toBe(0);
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current.remaining).toBe(0);
  });
});
