/**
 * /admin/share: bring customers to the wheel, from the shop's own devices. A link and QR code for
 * each place it goes (poster, counter card, receipt, social post, or a place the owner names),
 * each carrying its short source tag (shared/source-tag.ts) so Insights can tell which place
 * brings visitors; two printable pieces, an A4 poster for the window or the wall and an A6 card
 * for the counter, each with the shop's logo and name, its real wheel (components/poster-wheel.ts,
 * drawn at print resolution) turned to a headline prize the owner picks (the rarest by default),
 * and the QR code of its own link; and the shop's Wi-Fi, trusted from the device on it.
 *
 * Each piece shows here as a small preview of the very sheet that prints: its print button puts
 * that sheet alone straight under <body> on its paper size (print styles in share-page.css).
 *
 * The QR code's library (qrcode) is imported only for this page (components/share-qr.ts), after
 * it shows, so no other page's download grows. The code is an SVG, sharp at any print size.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { ADMIN_TEXT } from '@shared/messages-admin';
import { PLACEHOLDER_BUSINESS } from '@shared/business-fields';
import { rarestPrize } from '@shared/slice';
import { sourceLink } from '@shared/source-tag';
import type { BusinessSettings, Slice } from '@shared/types';
import { wheelColors } from '@shared/wheel-colors';
import { PATHS } from '../../../config/paths';
import { loadRuntimeConfig } from '../../../config/runtime';
import { getBusinessSettings } from '../api/get-business-settings';
import { getGameSettings } from '../api/get-game-settings';
import { listSlices } from '../api/list-slices';
import { recordPrinted } from '../api/setup';
import { posterWheelImage, posterWheelTurn } from '../components/poster-wheel';
import { ShareLink } from '../components/share-link';
import { svgDataUrl, useQrCode } from '../components/share-qr';
import { TrustedConnection } from '../components/trusted-connection';
import { useSessionErrorHandler } from '../hooks/use-admin-session';
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

interface SheetProps {
  piece: Piece;
  url: string;
  qr: string | null | undefined;
  business: Pick<BusinessSettings, 'businessName' | 'logoUrl'> | undefined;
  /** The shop's wheel as a picture, once drawn, and the turn that brings the prize to the top. */
  wheel: { image: string; turn: number } | undefined;
  /** The prize the piece leads with. */
  prize: string | undefined;
}

/** One printable piece, at its real size in millimetres. */
function Sheet({ piece, url, qr, business, wheel, prize }: SheetProps) {
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
      {prize ? (
        <p className="print-sheet__prize">
          <span className="print-sheet__prize-label">{ADMIN_TEXT.posterTopPrize}</span> {prize}
        </p>
      ) : null}
      <div className="print-sheet__middle">
        {wheel ? (
          <div className="print-sheet__wheel">
            <img src={wheel.image} alt="" style={{ transform: `rotate(${wheel.turn}deg)` }} />
            <span className="print-sheet__pointer" aria-hidden="true" />
          </div>
        ) : null}
        {qr ? (
          <img className="print-sheet__qr" src={svgDataUrl(qr)} alt={ADMIN_TEXT.qrCode(url)} />
        ) : (
          <div className="print-sheet__qr" />
        )}
      </div>
      <p className="print-sheet__line">{ADMIN_TEXT.posterLine}</p>
      <p className="print-sheet__url">{displayUrl}</p>
      <p className="print-sheet__steps">{ADMIN_TEXT.posterSteps}</p>
    </div>
  );
}

/**
 * The piece being printed: once it is in the document, the print dialog opens; after it, the piece
 * is taken out.
 */
function usePrinting() {
  const [printing, setPrinting] = useState<Piece>();
  useEffect(() => {
    if (!printing) return;
    const done = () => setPrinting(undefined);
    window.addEventListener('afterprint', done, { once: true });
    // Recorded for the "Get ready" list; printing does not wait for it.
    recordPrinted().catch(() => undefined);
    window.print();
    return () => window.removeEventListener('afterprint', done);
  }, [printing]);
  return [printing, setPrinting] as const;
}

export function Component() {
  const id = useId();
  const onSessionError = useSessionErrorHandler();
  const base = wheelUrl();
  const [business, setBusiness] = useState<BusinessSettings>();
  const [slices, setSlices] = useState<Slice[]>();
  const [colors, setColors] = useState<readonly string[]>();
  const [headlineId, setHeadlineId] = useState<string>();
  const [wheelImage, setWheelImage] = useState<string>();
  const [timeZone, setTimeZone] = useState<string>();
  const [printing, setPrinting] = usePrinting();

  const pieceLinks = { poster: sourceLink(base, 'poster'), card: sourceLink(base, 'card') };
  const pieceQr = { poster: useQrCode(pieceLinks.poster), card: useQrCode(pieceLinks.card) };

  useEffect(() => {
    const controller = new AbortController();
    // Without the settings the pieces carry the placeholder name and no logo.
    getBusinessSettings(controller.signal).then(setBusiness, () => undefined);
    listSlices(controller.signal).then(setSlices, (error: unknown) => {
      if (!controller.signal.aborted) onSessionError(error);
    });
    getGameSettings(controller.signal).then(
      (game) => setColors(wheelColors(game.itemBackgroundColors)),
      () => !controller.signal.aborted && setColors(wheelColors(undefined)),
    );
    loadRuntimeConfig().then(
      (config) => setTimeZone(config.timeZone),
      () => undefined,
    );
    return () => controller.abort();
  }, [onSessionError]);

  /** The prizes on the wheel (those that can be won), and the one the pieces lead with. */
  const onWheel = useMemo(() => (slices ?? []).filter((slice) => slice.stock !== 0), [slices]);
  const headline =
    onWheel.find((slice) => slice.id === headlineId) ?? rarestPrize(onWheel) ?? undefined;
  const headlineIndex = headline ? onWheel.indexOf(headline) : 0;

  useEffect(() => {
    if (!colors || onWheel.length === 0) return;
    let live = true;
    posterWheelImage(onWheel, colors).then(
      (image) => live && setWheelImage(image),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [onWheel, colors]);
  const wheel = wheelImage
    ? { image: wheelImage, turn: posterWheelTurn(onWheel.length, headlineIndex) }
    : undefined;

  const sheet = (piece: Piece) => (
    <Sheet
      piece={piece}
      url={pieceLinks[piece]}
      qr={pieceQr[piece]}
      business={business}
      wheel={wheel}
      prize={headline?.name}
    />
  );
  const ready = (piece: Piece) => Boolean(pieceQr[piece]) && (onWheel.length === 0 || !!wheel);

  return (
    <section className="admin-page share-page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className="admin-page__title">
        {ADMIN_TEXT.share}
      </h1>
      <p>{ADMIN_TEXT.shareIntro}</p>
      <ShareLink id={id} base={base} />
      <div className="ui-card">
        {onWheel.length > 0 && (
          <HeadlinePrize id={id} prizes={onWheel} headline={headline} onPick={setHeadlineId} />
        )}
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
                  disabled={!ready(piece)}
                  onClick={() => setPrinting(piece)}
                >
                  {label}
                </button>
              </figcaption>
            </figure>
          ))}
        </div>
      </div>
      <TrustedConnection timeZone={timeZone} />
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

/** The prize the pieces lead with, chosen among those on the wheel. */
function HeadlinePrize({
  id,
  prizes,
  headline,
  onPick,
}: {
  id: string;
  prizes: readonly Slice[];
  headline: Slice | undefined;
  onPick: (sliceId: string) => void;
}) {
  return (
    <div className="ui-field share-page__headline">
      <label htmlFor={`${id}-headline`}>{ADMIN_TEXT.headlinePrize}</label>
      <select
        id={`${id}-headline`}
        value={headline?.id}
        aria-describedby={`${id}-headline-hint`}
        onChange={(event) => onPick(event.target.value)}
      >
        {prizes.map((slice) => (
          <option key={slice.id} value={slice.id}>
            {slice.name}
          </option>
        ))}
      </select>
      <p id={`${id}-headline-hint`} className="admin-hint">
        {ADMIN_TEXT.headlinePrizeHint}
      </p>
    </div>
  );
}
