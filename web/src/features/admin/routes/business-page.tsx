/**
 * /admin/business: Business Settings (docs/product.md). Every field of the business document, a logo upload
 * (images only: "Uploading...", then a thumbnail) and Save, which merges into the stored document.
 * The uploaded logo's URL is saved with the other fields, so it is live only after Save; leaving
 * the page with an upload not saved asks first. The picked image is made the size the pages need
 * in the browser (api/upload-logo.ts) and previewed as the wheel page shows it.
 *
 * The fields are the business fields' table's (shared/business-field-table.ts). Links are completed
 * as the owner leaves a field (shared/business-links.ts: a bare domain gets https://, a @handle the
 * network's address). A stored placeholder default (PLACEHOLDER_BUSINESS, which the wheel page's
 * footer hides) shows as the field's greyed placeholder, not as a value to delete.
 */
import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type DragEvent,
  type FormEvent,
} from 'react';
import { useBlocker } from 'react-router-dom';
import { MESSAGES } from '@shared/messages';
import { ADMIN_TEXT } from '@shared/messages-admin';
import { BUSINESS_NAME_MAX } from '@shared/constants';
import {
  EMPTY_BUSINESS_SETTINGS,
  FORM_FIELDS as FIELDS,
  PLACEHOLDER_BUSINESS,
  type BusinessFieldKey,
} from '@shared/business-fields';
import { completeBusinessField } from '@shared/business-links';
import type { BusinessSettings } from '@shared/types';
import { BusinessLogo } from '../../../components/business-logo';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { getBusinessSettings } from '../api/get-business-settings';
import { businessSettingsInputSchema, putBusinessSettings } from '../api/put-business-settings';
import {
  LOGO_ACCEPT,
  precheckLogo,
  prepareLogo,
  UnreadableLogoError,
  uploadLogo,
} from '../api/upload-logo';
import { CharCount } from '../components/char-count';
import { NoticeRegion, type Notice } from '../components/notice';
import { failureDetail, useSessionErrorHandler } from '../hooks/use-admin-session';
import './business-logo-preview.css';
import './business-page.css';

type Values = Omit<BusinessSettings, 'updatedAt'>;
type FieldKey = Exclude<BusinessFieldKey, 'logoUrl'>;

/** A stored placeholder default reads as empty: the field shows it greyed, as its placeholder. */
const pickValues = (settings: BusinessSettings): Values => {
  const { updatedAt: _updatedAt, ...stored } = settings;
  const values: Values = { ...EMPTY_BUSINESS_SETTINGS, ...stored };
  for (const { key } of FIELDS) if (values[key] === PLACEHOLDER_BUSINESS[key]) values[key] = '';
  return values;
};

/** The link the owner meant (a bare domain, a @handle), as the server will store it. */
const completeField = (key: FieldKey, value: string): string => completeBusinessField(key, value);

export function Component() {
  const id = useId();
  const onSessionError = useSessionErrorHandler();
  const [values, setValues] = useState<Values>();
  // What the server last answered: Save sends only the fields that differ (a merge), so a
  // stored value the form would not accept (e.g. a seeded placeholder) never blocks other edits.
  const [stored, setStored] = useState<Values>();
  const [brokenLogo, setBrokenLogo] = useState<string>();
  const [loadFailed, setLoadFailed] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [saving, setSaving] = useState(false);
  const [saveNotice, setSaveNotice] = useState<Notice>();
  const [uploading, setUploading] = useState(false);
  const [logoNotice, setLogoNotice] = useState<Notice>();
  /** A file is being dragged over the logo picker. */
  const [dropping, setDropping] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // An uploaded logo not saved yet: leaving the page (a link, Back, closing the tab) asks first.
  const unsavedLogo =
    values !== undefined && stored !== undefined && values.logoUrl !== stored.logoUrl;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsavedLogo && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!unsavedLogo) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [unsavedLogo]);

  useEffect(() => {
    const controller = new AbortController();
    getBusinessSettings(controller.signal)
      .then((settings) => {
        setValues(pickValues(settings));
        setStored(pickValues(settings));
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoadFailed(true);
        return error;
      });
    return () => controller.abort();
  }, []);

  if (loadFailed) {
    return (
      <section className="admin-page" aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`} className="admin-page__title">
          {ADMIN_TEXT.businessSettings}
        </h1>
        <p role="alert" className="ui-notice ui-notice--error">
          {MESSAGES.loadSettingsFailed}
        </p>
      </section>
    );
  }
  if (!values) {
    return (
      <section className="admin-page" aria-labelledby={`${id}-title`} aria-busy="true">
        <h1 id={`${id}-title`} className="admin-page__title">
          {ADMIN_TEXT.businessSettings}
        </h1>
        <p role="status">{ADMIN_TEXT.loading}</p>
      </section>
    );
  }
  const current = values;

  function setField(key: keyof Values, value: string) {
    setValues({ ...current, [key]: value });
    if (fieldErrors[key]) setFieldErrors({ ...fieldErrors, [key]: undefined });
  }

  function completeOnLeave(key: FieldKey) {
    const completed = completeField(key, current[key]);
    if (completed !== current[key])
      setValues((previous) => previous && { ...previous, [key]: completed });
  }

  function onLogoChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Clearing the picker lets the same file be chosen again after a failure.
    input.value = '';
    if (file) void takeLogo(file);
  }

  /** A file dropped on the picker is taken as if chosen. */
  function onLogoDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDropping(false);
    const file = event.dataTransfer.files[0];
    if (file && !uploading) void takeLogo(file);
  }

  async function takeLogo(file: File) {
    // A new upload makes an earlier "Saved successfully" stale.
    setSaveNotice(undefined);
    const problem = precheckLogo(file);
    if (problem) {
      setLogoNotice({ kind: 'error', text: MESSAGES.logoUploadFailed, detail: problem });
      return;
    }
    setUploading(true);
    setLogoNotice(undefined);
    try {
      const logoUrl = await uploadLogo(await prepareLogo(file));
      setValues((previous) => (previous ? { ...previous, logoUrl } : previous));
      setFieldErrors((errors) => ({ ...errors, logoUrl: undefined }));
      setLogoNotice({ kind: 'success', text: MESSAGES.logoUploaded });
    } catch (error) {
      if (onSessionError(error)) return;
      setLogoNotice({
        kind: 'error',
        text: MESSAGES.logoUploadFailed,
        detail: error instanceof UnreadableLogoError ? error.message : failureDetail(error),
      });
    } finally {
      setUploading(false);
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setSaveNotice(undefined);
    // "Logo uploaded" is stale once Save answers either way.
    setLogoNotice(undefined);
    const changes = Object.fromEntries(
      (Object.keys(current) as (keyof Values)[])
        .filter((key) => current[key] !== stored?.[key])
        .map((key) => [key, key === 'logoUrl' ? current[key] : completeField(key, current[key])]),
    );
    const parsed = businessSettingsInputSchema.safeParse(changes);
    if (!parsed.success) {
      const errors: Partial<Record<keyof Values, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Values | undefined;
        if (key && !errors[key]) errors[key] = issue.message;
      }
      setFieldErrors(errors);
      setSaveNotice({ kind: 'error', text: MESSAGES.saveFailed });
      const first = Object.keys(errors)[0];
      if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setFieldErrors({});
    setSaving(true);
    try {
      const saved = await putBusinessSettings(parsed.data);
      setValues(pickValues(saved));
      setStored(pickValues(saved));
      setSaveNotice({ kind: 'success', text: MESSAGES.savedSuccessfully });
    } catch (error) {
      if (onSessionError(error)) return;
      setSaveNotice({ kind: 'error', text: MESSAGES.saveFailed, detail: failureDetail(error) });
    } finally {
      setSaving(false);
    }
  }

  const errorId = (key: string) => `${id}-${key}-error`;
  const logoError = fieldErrors.logoUrl;

  return (
    <section className="admin-page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className="admin-page__title">
        {ADMIN_TEXT.businessSettings}
      </h1>
      <form ref={formRef} className="ui-card" onSubmit={onSubmit} noValidate>
        <div className="admin-grid">
          {FIELDS.slice(0, 1).map((field) => renderField(field, true))}
          <div className="ui-field ui-field--wide">
            <label htmlFor={`${id}-logo`}>{ADMIN_TEXT.logo}</label>
            <div className="admin-logo">
              {current.logoUrl && brokenLogo !== current.logoUrl ? (
                <figure className="logo-preview">
                  <div className="logo-preview__header wheel-header__brand">
                    <BusinessLogo
                      src={current.logoUrl}
                      alt={ADMIN_TEXT.logoPreview}
                      onError={() => setBrokenLogo(current.logoUrl)}
                    />
                    <span className="wheel-header__name">
                      {current.businessName || PLACEHOLDER_BUSINESS.businessName}
                    </span>
                  </div>
                  <figcaption className="admin-hint">
                    {ADMIN_TEXT.logoVisitorPreview}
                    {unsavedLogo ? ` · ${ADMIN_TEXT.logoNotLiveYet}` : ''}
                  </figcaption>
                </figure>
              ) : null}
              <div
                className="logo-drop"
                data-dropping={dropping || undefined}
                data-busy={uploading || undefined}
                onDragOver={(event) => {
                  event.preventDefault();
                  setDropping(true);
                }}
                onDragLeave={() => setDropping(false)}
                onDrop={onLogoDrop}
              >
                <input
                  id={`${id}-logo`}
                  className="logo-drop__input"
                  name="logo"
                  type="file"
                  accept={LOGO_ACCEPT}
                  disabled={uploading}
                  aria-describedby={`${id}-logo-hint${logoError ? ` ${errorId('logoUrl')}` : ''}`}
                  onChange={onLogoChange}
                />
                <span
                  className="ui-button ui-button--secondary logo-drop__button"
                  aria-hidden="true"
                >
                  {current.logoUrl ? ADMIN_TEXT.logoReplace : ADMIN_TEXT.logoChoose}
                </span>
                <span className="logo-drop__text" aria-hidden="true">
                  {ADMIN_TEXT.logoDrop}
                </span>
              </div>
            </div>
            <p id={`${id}-logo-hint`} className="admin-hint">
              {ADMIN_TEXT.logoHint}
            </p>
            {logoError && (
              <p id={errorId('logoUrl')} className="ui-error">
                {logoError}
              </p>
            )}
            <NoticeRegion
              notice={uploading ? { kind: 'success', text: ADMIN_TEXT.uploading } : logoNotice}
            />
          </div>
          <p id={`${id}-placeholder-hint`} className="admin-hint ui-field--wide">
            {ADMIN_TEXT.fieldPlaceholderHint}
          </p>
          {FIELDS.slice(1).map((field) => renderField(field, false))}
        </div>
        <div className="admin-actions">
          <button type="submit" className="ui-button" disabled={saving || uploading}>
            {saving ? ADMIN_TEXT.saving : ADMIN_TEXT.save}
          </button>
        </div>
        <NoticeRegion notice={saveNotice} />
      </form>
      {blocker.state === 'blocked' && (
        <ConfirmDialog
          message={ADMIN_TEXT.logoUnsaved}
          confirmLabel={ADMIN_TEXT.leavePage}
          onConfirm={() => blocker.proceed()}
          onCancel={() => blocker.reset()}
        />
      )}
    </section>
  );

  function renderField(field: (typeof FIELDS)[number], wide: boolean) {
    const error = fieldErrors[field.key];
    return (
      <div key={field.key} className={`ui-field${wide ? ' ui-field--wide' : ''}`}>
        <label htmlFor={`${id}-${field.key}`}>{field.label}</label>
        <input
          id={`${id}-${field.key}`}
          name={field.key}
          type={field.type}
          autoComplete={field.autoComplete ?? 'off'}
          autoCapitalize={field.key === 'businessName' ? undefined : 'none'}
          inputMode={field.type === 'tel' ? 'tel' : undefined}
          value={current[field.key]}
          placeholder={PLACEHOLDER_BUSINESS[field.key]}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-placeholder-hint${error ? ` ${errorId(field.key)}` : ''}${field.key === 'businessName' ? ` ${id}-name-count` : ''}`}
          onChange={(e) => setField(field.key, e.target.value)}
          onBlur={() => completeOnLeave(field.key)}
        />
        {field.key === 'businessName' && (
          <CharCount
            id={`${id}-name-count`}
            used={current.businessName.length}
            max={BUSINESS_NAME_MAX}
          />
        )}
        {error && (
          <p id={errorId(field.key)} className="ui-error">
            {error}
          </p>
        )}
      </div>
    );
  }
}
