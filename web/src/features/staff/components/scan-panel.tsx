/**
 * The dashboard's Scan control (docs/product.md, "Scan to redeem"): Scan opens the device's rear
 * camera in the page (the camera and its decoder load only then); a code read shows that customer
 * with Claim ready, and one tap redeems. A redeemed or expired prize shows so; a forged or stale
 * code, a refused or missing camera each get a clear message, and the search stays below.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { API_MESSAGES } from '@shared/messages-api';
import { MESSAGES } from '@shared/messages';
import { COUNTER_TEXT } from '@shared/messages-counter';
import type { Customer } from '@shared/types';
import { ApiError } from '../../../lib/api-client';
import { redeemScanned, scanPrize } from '../api/scan-prize';
import type { CameraProblem } from './qr-camera';
import { RedeemFeedbackLine, useRedeemOutcome } from '../hooks/use-redeem-outcome';
import { ScannedPrize } from './scanned-prize';
import './scan-panel.css';

const QrCamera = lazy(() => import('./qr-camera').then((m) => ({ default: m.QrCamera })));

type ScanState =
  | { kind: 'idle' }
  | { kind: 'camera'; started: boolean }
  | { kind: 'checking' }
  | { kind: 'message'; text: string }
  | { kind: 'found'; customer: Customer; reference: string };

const PROBLEM_TEXT: Record<CameraProblem, string> = {
  refused: COUNTER_TEXT.cameraRefused,
  absent: COUNTER_TEXT.cameraAbsent,
  failed: COUNTER_TEXT.cameraFailed,
};

/** The message of a refused scan: the server's own for a forged or stale code. */
const scanMessage = (error: unknown): string =>
  error instanceof ApiError && error.status < 500 ? error.message : COUNTER_TEXT.scanFailed;

export interface ScanPanelProps {
  /** A customer redeemed here: the lists show it so. */
  onRedeemed: (customer: Customer) => void;
  /** True when the error was the session's (the page then signs out). */
  handleAuthFailure: (error: unknown) => boolean;
  now: Date;
  timeZone?: string;
}

export function ScanPanel({ onRedeemed, handleAuthFailure, now, timeZone }: ScanPanelProps) {
  const [state, setState] = useState<ScanState>({ kind: 'idle' });
  const { feedback, setFeedback, feedbackRef, redeeming, redeem } =
    useRedeemOutcome(handleAuthFailure);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const scanning = state.kind === 'camera';

  // The scanned customer is announced and focused as it shows.
  useEffect(() => {
    if (state.kind === 'found') resultHeading.current?.focus();
  }, [state]);

  const onCode = useCallback(
    (reference: string) => {
      setState({ kind: 'checking' });
      scanPrize(reference)
        .then((customer) => setState({ kind: 'found', customer, reference }))
        .catch((error: unknown) => {
          if (!handleAuthFailure(error)) setState({ kind: 'message', text: scanMessage(error) });
        });
    },
    [handleAuthFailure],
  );
  const onProblem = useCallback(
    (problem: CameraProblem) => setState({ kind: 'message', text: PROBLEM_TEXT[problem] }),
    [],
  );
  const onStarted = useCallback(() => setState({ kind: 'camera', started: true }), []);

  const claim = (customer: Customer, reference: string) =>
    redeem(
      customer,
      async () => {
        const { data } = await redeemScanned(reference);
        setState({ kind: 'found', customer: data, reference });
        onRedeemed(data);
      },
      async (error) => {
        if (error.status === 409) {
          // Redeemed elsewhere meanwhile, or just expired: show the prize as it now is.
          const fresh = await scanPrize(reference).catch(() => undefined);
          if (fresh) {
            setState({ kind: 'found', customer: fresh, reference });
            onRedeemed(fresh);
          }
          return error.message || API_MESSAGES.alreadyRedeemed;
        }
        if (error.status === 400) {
          // The code itself is refused now (stale or forged): said where a scan's answer shows.
          setState({ kind: 'message', text: error.message });
          return null;
        }
        return MESSAGES.redeemFailed;
      },
    );

  const start = () => {
    setFeedback(undefined);
    setState({ kind: 'camera', started: false });
  };

  return (
    <section className="ui-card staff-scan" aria-labelledby="staff-scan-heading">
      <div className="staff-list__head">
        <h2 id="staff-scan-heading" className="ui-card__title">
          {COUNTER_TEXT.scannerHeading}
        </h2>
        <button
          type="button"
          className={scanning ? 'ui-button ui-button--secondary' : 'ui-button'}
          onClick={scanning ? () => setState({ kind: 'idle' }) : start}
        >
          {scanning
            ? COUNTER_TEXT.stopScanning
            : state.kind === 'idle'
              ? COUNTER_TEXT.scan
              : COUNTER_TEXT.scanAgain}
        </button>
      </div>

      {state.kind === 'camera' && (
        <div className="staff-scan__view">
          <Suspense fallback={null}>
            <QrCamera
              label={COUNTER_TEXT.scannerHeading}
              onCode={onCode}
              onProblem={onProblem}
              onStarted={onStarted}
            />
          </Suspense>
          <p role="status" className="staff-scan__hint">
            {state.started ? COUNTER_TEXT.scannerHint : COUNTER_TEXT.scannerStarting}
          </p>
        </div>
      )}
      {state.kind === 'checking' && <p role="status">{COUNTER_TEXT.checking}</p>}
      {state.kind === 'message' && (
        <p role="alert" className="ui-error staff-scan__message">
          {state.text}
        </p>
      )}
      {state.kind === 'found' && (
        <ScannedPrize
          customer={state.customer}
          now={now}
          timeZone={timeZone}
          busy={redeeming !== undefined}
          onClaim={() => void claim(state.customer, state.reference)}
          headingRef={resultHeading}
        />
      )}
      <RedeemFeedbackLine feedback={feedback} feedbackRef={feedbackRef} />
    </section>
  );
}
