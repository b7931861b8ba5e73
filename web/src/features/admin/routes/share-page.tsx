/**
 * /admin/share: bring customers to the wheel. The wheel's link to copy, its QR code, and two
 * printable pieces with the shop's logo and name: an A4 poster for the window or the wall and an
 * A6 card for the counter. Each shows here as a small preview; its print button prints that piece
 * alone on its paper size (print styles in share-page.css, the sheet put straight under <body>
 * while printing).
 *
 * The QR code's library (qrcode) is imported only here, after the page shows, so no other page's
 * download grows. The code is an SVG, sharp at any print size.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { ADMIN_TEXT } from '@shared/messages-admin';
import { PLACEHOLDER_BUSINESS } from '@shared/constants';
import type { BusinessSettings } from '@shared/types';
import { PATHS } from '../../../config/paths';
import { getBusinessSettings } from '../api/get-business-settings';
import { NoticeRegion, type Notice } from '../components/notice';
import './share-page.css';

type Piece = 'poster' | 'card';

/** The paper of each piece (CSS @page size) while it prints. */
const PAPER: Record<Piece, string> = { poster: '210mm 297mm', card: '105mm 148mm' };
/** The two printed pieces as the page offers them: a preview and a print button each. */
const PIECES: readonly { piece: Piece; label: string }[] = [
  { piece: 'poster', label: ADMIN_TEXT.printPoster },
  { piece: 'card', label: ADMIN_TEXT.printCard },
];

/** The wheel page's full address on this site. */
const wheelUrl = () => new URL(PATHS.wheel, window.location.origin).href;

/** The QR code of `url` as an SVG data URL (imported on first use). */
async function qrCodeImage(url: string): Promise<string> {
  const { toString } = await import('qrcode');
  const svg = await toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

interface SheetProps {
  piece: Piece;
  url: string;
  qr: string | undefined;
  business: Pick<BusinessSettings, 'businessName' | 'logoUrl'> | undefined;
}

/** One printable piece, at its real size in millimetres. */
function Sheet({ piece, url, qr, business }: SheetProps) {
  const [brokenLogo, setBrokenLogo] = useState<string>();
  const name = business?.businessName || PLACEHOLDER_BUSINESS.businessName;
  const logo = business?.logoUrl;
  const displayUrl = url.replace(/^https?:\/\//, '').replace(/\/$/, '');
  return (
    <div className={`print-sheet print-sheet--${piece}`} data-piece={piece}>
      <div className="print-sheet__brand">
        {logo && brokenLogo !== logo ? (
          <img
            className="print-sheet__logo"
            src={logo}
            alt=""
            onError={() => setBrokenLogo(logo)}
          />
        ) : null}
        <p className="print-sheet__name">{name}</p>
      </div>
      <p className="print-sheet__headline">{ADMIN_TEXT.posterHeadline}</p>
      <p className="print-sheet__line">{ADMIN_TEXT.posterLine}</p>
      {qr ? (
        <img className="print-sheet__qr" src={qr} alt={ADMIN_TEXT.qrCode(url)} />
      ) : (
        <div className="print-sheet__qr" />
      )}
      <p className="print-sheet__url">{displayUrl}</p>
      <p className="print-sheet__steps">{ADMIN_TEXT.posterSteps}</p>
    </div>
  );
}

export function Component() {
  const id = useId();
  const url = wheelUrl();
  const [qr, setQr] = useState<string>();
  const [qrFailed, setQrFailed] = useState(false);
  const [business, setBusiness] = useState<BusinessSettings>();
  const [copyNotice, setCopyNotice] = useState<Notice>();
  const [printing, setPrinting] = useState<Piece>();
  const linkRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let live = true;
    qrCodeImage(url)
      .then((image) => live && setQr(image))
      .catch(() => live && setQrFailed(true));
    return () => {
      live = false;
    };
  }, [url]);

  useEffect(() => {
    const controller = new AbortController();
    // Without the settings the pieces carry the placeholder name and no logo.
    getBusinessSettings(controller.signal).then(setBusiness, () => undefined);
    return () => controller.abort();
  }, []);

  // Once the chosen piece is in the document, print it; after the dialog, take it out.
  useEffect(() => {
    if (!printing) return;
    const done = () => setPrinting(undefined);
    window.addEventListener('afterprint', done, { once: true });
    window.print();
    return () => window.removeEventListener('afterprint', done);
  }, [printing]);

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(url);
      setCopyNotice({ kind: 'success', text: ADMIN_TEXT.linkCopied });
    } catch {
      linkRef.current?.select();
      setCopyNotice({ kind: 'error', text: ADMIN_TEXT.copyFailed });
    }
  }

  const sheet = (piece: Piece) => <Sheet piece={piece} url={url} qr={qr} business={business} />;

  return (
    <section className="admin-page share-page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className="admin-page__title">
        {ADMIN_TEXT.share}
      </h1>
      <p>{ADMIN_TEXT.shareIntro}</p>
      <div className="ui-card share-page__link">
        <div className="ui-field">
          <label htmlFor={`${id}-link`}>{ADMIN_TEXT.wheelLink}</label>
          <div className="share-page__copy">
            <input
              ref={linkRef}
              id={`${id}-link`}
              type="url"
              readOnly
              value={url}
              onFocus={(event) => event.currentTarget.select()}
            />
            <button type="button" className="ui-button" onClick={() => void copyLink()}>
              {ADMIN_TEXT.copyLink}
            </button>
          </div>
          <NoticeRegion notice={copyNotice} />
        </div>
        <div className="share-page__qr">
          {qr ? (
            <img src={qr} alt={ADMIN_TEXT.qrCode(url)} width={176} height={176} />
          ) : qrFailed ? (
            <p role="alert" className="ui-notice ui-notice--error">
              {ADMIN_TEXT.qrFailed}
            </p>
          ) : (
            <p role="status">{ADMIN_TEXT.qrLoading}</p>
          )}
        </div>
      </div>
      <div className="ui-card">
        <p className="admin-hint">{ADMIN_TEXT.printHint}</p>
        <div className="share-page__pieces">
          {PIECES.map(({ piece, label }) => (
            <figure key={piece} className="share-page__piece">
              <div
                className={`share-page__preview share-page__preview--${piece}`}
                aria-hidden="true"
              >
                {sheet(piece)}
              </div>
              <figcaption>
                <button
                  type="button"
                  className="ui-button"
                  disabled={!qr}
                  onClick={() => setPrinting(piece)}
                >
                  {label}
                </button>
              </figcaption>
            </figure>
          ))}
        </div>
      </div>
      {printing &&
        createPortal(
          <div className="print-root" data-printing={printing}>
            <style>{`@page { size: ${PAPER[printing]}; margin: 0; }`}</style>
            {sheet(printing)}
          </div>,
          document.body,
        )}
    </section>
  );
}
