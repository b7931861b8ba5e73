/**
 * The business page's Logo field: a preview as the wheel page's header shows it (with whether it
 * is live yet), a picker that also takes a dropped file, the hint, and the upload's notice.
 */
import { useState, type ChangeEvent, type DragEvent } from 'react';
import { ADMIN_TEXT } from '@shared/messages-admin';
import { PLACEHOLDER_BUSINESS } from '@shared/business-fields';
import { BusinessLogo } from '../../../components/business-logo';
import { LOGO_ACCEPT } from '../api/upload-logo';
import { NoticeRegion, type Notice } from './notice';

export interface BusinessLogoFieldProps {
  /** The form's id: the field's elements are `${id}-logo...`. */
  id: string;
  logoUrl: string;
  businessName: string;
  /** The logo shown is uploaded but not saved yet. */
  unsaved: boolean;
  uploading: boolean;
  notice: Notice;
  /** The logo's error from a refused Save. */
  error: string | undefined;
  errorId: string;
  onFile: (file: File) => void;
}

export function BusinessLogoField(props: BusinessLogoFieldProps) {
  const { id, logoUrl, uploading, error, errorId, onFile } = props;
  /** A file is being dragged over the logo picker. */
  const [dropping, setDropping] = useState(false);

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Clearing the picker lets the same file be chosen again after a failure.
    input.value = '';
    if (file) onFile(file);
  }

  /** A file dropped on the picker is taken as if chosen. */
  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDropping(false);
    const file = event.dataTransfer.files[0];
    if (file && !uploading) onFile(file);
  }

  return (
    <div className="ui-field ui-field--wide">
      <label htmlFor={`${id}-logo`}>{ADMIN_TEXT.logo}</label>
      <div className="admin-logo">
        <LogoPreview {...props} />
        <div
          className="logo-drop"
          data-dropping={dropping || undefined}
          data-busy={uploading || undefined}
          onDragOver={(event) => {
            event.preventDefault();
            setDropping(true);
          }}
          onDragLeave={() => setDropping(false)}
          onDrop={onDrop}
        >
          <input
            id={`${id}-logo`}
            className="logo-drop__input"
            name="logo"
            type="file"
            accept={LOGO_ACCEPT}
            disabled={uploading}
            aria-describedby={`${id}-logo-hint${error ? ` ${errorId}` : ''}`}
            onChange={onChange}
          />
          <span className="ui-button ui-button--secondary logo-drop__button" aria-hidden="true">
            {logoUrl ? ADMIN_TEXT.logoReplace : ADMIN_TEXT.logoChoose}
          </span>
          <span className="logo-drop__text" aria-hidden="true">
            {ADMIN_TEXT.logoDrop}
          </span>
        </div>
      </div>
      <p id={`${id}-logo-hint`} className="admin-hint">
        {ADMIN_TEXT.logoHint}
      </p>
      {error && (
        <p id={errorId} className="ui-error">
          {error}
        </p>
      )}
      <NoticeRegion
        notice={uploading ? { kind: 'success', text: ADMIN_TEXT.uploading } : props.notice}
      />
    </div>
  );
}

/** The logo as the wheel page's header shows it; nothing without a logo or for one that fails. */
function LogoPreview({ logoUrl, businessName, unsaved }: BusinessLogoFieldProps) {
  const [brokenLogo, setBrokenLogo] = useState<string>();
  if (!logoUrl || brokenLogo === logoUrl) return null;
  return (
    <figure className="logo-preview">
      <div className="logo-preview__header wheel-header__brand">
        <BusinessLogo
          src={logoUrl}
          alt={ADMIN_TEXT.logoPreview}
          onError={() => setBrokenLogo(logoUrl)}
        />
        <span className="wheel-header__name">
          {businessName || PLACEHOLDER_BUSINESS.businessName}
        </span>
      </div>
      <figcaption className="admin-hint">
        {ADMIN_TEXT.logoVisitorPreview}
        {unsaved ? ` · ${ADMIN_TEXT.logoNotLiveYet}` : ''}
      </figcaption>
    </figure>
  );
}
