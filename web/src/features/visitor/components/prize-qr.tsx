/**
 * The win popup's QR code for the counter (docs/product.md, "Scan to redeem"), below the product's
 * lines: a prize reference the server issues afresh each time the popup shows, and again a minute
 * before it runs out while the popup stays open (or as soon as the page is shown again after it
 * ran out). The code holds the reference only, never the number. Loaded with the popup of a
 * verified winner (a lazy chunk, with its QR library), so the wheel page's first download is as
 * before.
 */
import { useEffect, useState } from 'react';
import { toString as qrSvg } from 'qrcode';
import { COUNTER_TEXT } from '@shared/messages-counter';
import { issuePrizeReference } from '../api/issue-prize-reference';
import './prize-qr.css';

/** A reference is renewed this long before it expires. */
const RENEW_BEFORE_MS = 60_000;
/** Never sooner than this after the last (a clock far off must not make it loop). */
const RENEW_MIN_MS = 15_000;

type QrState = { kind: 'loading' } | { kind: 'failed' } | { kind: 'shown'; image: string };

/** The QR code of `text` as an SVG data URL. */
async function qrImage(text: string): Promise<string> {
  const svg = await qrSvg(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 3 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export function PrizeQr() {
  const [state, setState] = useState<QrState>({ kind: 'loading' });
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let renewAt = Infinity;
    const load = async () => {
      clearTimeout(timer);
      renewAt = Infinity;
      try {
        const issued = await issuePrizeReference();
        const image = await qrImage(issued.reference);
        if (stopped) return;
        setState({ kind: 'shown', image });
        const wait = Math.max(
          RENEW_MIN_MS,
          Date.parse(issued.expiresAt) - Date.now() - RENEW_BEFORE_MS,
        );
        renewAt = Date.now() + wait;
        timer = setTimeout(() => void load(), wait);
      } catch {
        if (!stopped) setState({ kind: 'failed' });
      }
    };
    // A hidden page's timers may be held back: renew on showing if the time has passed.
    const onVisible = () => {
      if (document.visibilityState === 'visible' && Date.now() >= renewAt) void load();
    };
    void load();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
  return (
    <figure className="prize-qr">
      {state.kind === 'shown' ? (
        <img className="prize-qr__code" src={state.image} alt={COUNTER_TEXT.qrLabel} />
      ) : (
        <div className="prize-qr__slot" />
      )}
      <figcaption className="prize-qr__note" role={state.kind === 'failed' ? 'alert' : undefined}>
        {state.kind === 'loading'
          ? COUNTER_TEXT.qrLoading
          : state.kind === 'failed'
            ? COUNTER_TEXT.qrFailed
            : COUNTER_TEXT.qrNote}
      </figcaption>
    </figure>
  );
}
