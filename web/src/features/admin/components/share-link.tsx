/**
 * The Share page's link card: the place the link goes (a standard one or a name the owner gives),
 * its wheel link with its source tag to copy, and its QR code to download.
 */
import { useRef, useState } from 'react';
import { ADMIN_TEXT } from '@shared/messages-admin';
import { parseSourceTag, sourceLink, STANDARD_SOURCES } from '@shared/source-tag';
import { NoticeRegion, type Notice } from './notice';
import { saveFile } from './save-file';
import { svgDataUrl, useQrCode } from './share-qr';

/** The choice that lets the owner name a place of their own. */
const OTHER = 'other';

/** `id`: the page's, which the card's fields' ids start with; `base`: the wheel page's address. */
export function ShareLink({ id, base }: { id: string; base: string }) {
  const [place, setPlace] = useState<string>(STANDARD_SOURCES[0]);
  const [otherName, setOtherName] = useState('');
  const [copyNotice, setCopyNotice] = useState<Notice>();
  const linkRef = useRef<HTMLInputElement>(null);
  const tag = place === OTHER ? parseSourceTag(otherName) : place;
  const otherInvalid = place === OTHER && otherName !== '' && tag === null;
  const link = tag ? sourceLink(base, tag) : undefined;
  const qr = useQrCode(link);

  async function copyLink() {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setCopyNotice({ kind: 'success', text: ADMIN_TEXT.linkCopied });
    } catch {
      linkRef.current?.select();
      setCopyNotice({ kind: 'error', text: ADMIN_TEXT.copyFailed });
    }
  }

  return (
    <div className="ui-card share-page__link">
      <div className="share-page__place">
        <div className="ui-field">
          <label htmlFor={`${id}-place`}>{ADMIN_TEXT.placement}</label>
          <select
            id={`${id}-place`}
            value={place}
            aria-describedby={`${id}-place-hint`}
            onChange={(event) => {
              setPlace(event.target.value);
              setCopyNotice(undefined);
            }}
          >
            {STANDARD_SOURCES.map((source) => (
              <option key={source} value={source}>
                {ADMIN_TEXT.placements[source]}
              </option>
            ))}
            <option value={OTHER}>{ADMIN_TEXT.placementOther}</option>
          </select>
          <p id={`${id}-place-hint`} className="admin-hint">
            {ADMIN_TEXT.placementHint}
          </p>
        </div>
        {place === OTHER && (
          <div className="ui-field">
            <label htmlFor={`${id}-other`}>{ADMIN_TEXT.placementName}</label>
            <input
              id={`${id}-other`}
              type="text"
              value={otherName}
              maxLength={24}
              autoComplete="off"
              aria-invalid={otherInvalid || undefined}
              aria-describedby={`${id}-other-hint`}
              onChange={(event) => setOtherName(event.target.value)}
            />
            <p
              id={`${id}-other-hint`}
              className={otherInvalid ? 'ui-error' : 'admin-hint'}
              role={otherInvalid ? 'alert' : undefined}
            >
              {otherInvalid ? ADMIN_TEXT.placementNameInvalid : ADMIN_TEXT.placementNameHint}
            </p>
          </div>
        )}
        <div className="ui-field">
          <label htmlFor={`${id}-link`}>{ADMIN_TEXT.wheelLink}</label>
          <div className="share-page__copy">
            <input
              ref={linkRef}
              id={`${id}-link`}
              type="url"
              readOnly
              value={link ?? ''}
              onFocus={(event) => event.currentTarget.select()}
            />
            <button
              type="button"
              className="ui-button"
              disabled={!link}
              onClick={() => void copyLink()}
            >
              {ADMIN_TEXT.copyLink}
            </button>
          </div>
          <NoticeRegion notice={copyNotice} />
        </div>
      </div>
      <div className="share-page__qr">
        {!link ? null : qr ? (
          <>
            <img src={svgDataUrl(qr)} alt={ADMIN_TEXT.qrCode(link)} width={176} height={176} />
            <button
              type="button"
              className="ui-button ui-button--secondary ui-button--small"
              onClick={() =>
                saveFile(new Blob([qr], { type: 'image/svg+xml' }), `wheel-qr-${tag}.svg`)
              }
            >
              {ADMIN_TEXT.downloadQr}
            </button>
          </>
        ) : qr === null ? (
          <p role="alert" className="ui-notice ui-notice--error">
            {ADMIN_TEXT.qrFailed}
          </p>
        ) : (
          <p role="status">{ADMIN_TEXT.qrLoading}</p>
        )}
      </div>
    </div>
  );
}
