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
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
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
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { getBusinessSettings } from '../api/get-business-settings';
import { businessSettingsInputSchema, putBusinessSettings } from '../api/put-business-settings';
import { BusinessLogoField } from '../components/business-logo-field';
import { CharCount } from '../components/char-count';
import { NoticeRegion, type Notice } from '../components/notice';
import { failureDetail, useSessionErrorHandler } from '../hooks/use-admin-session';
import { useLogoUpload } from '../hooks/use-logo-upload';
import { useUnsavedGuard } from '../hooks/use-unsaved-guard';
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

type FieldErrors = Partial<Record<keyof Values, string>>;

export function Component() {
  const id = useId();
  const onSessionError = useSessionErrorHandler();
  const { values, setValues, stored, loadFailed, show } = useStoredBusiness();
  const save = useBusinessSave(onSessionError, show);
  const { setSaveNotice, setFieldErrors } = save;
  const logo = useLogoUpload({
    // A new upload makes an earlier "Saved successfully" stale.
    onStart: () => setSaveNotice(undefined),
    onUploaded: (logoUrl) => {
      setValues((previous) => (previous ? { ...previous, logoUrl } : previous));
      setFieldErrors((errors) => ({ ...errors, logoUrl: undefined }));
    },
    onSessionError,
  });
  // An uploaded logo not saved yet: leaving the page (a link, Back, closing the tab) asks first.
  const unsavedLogo =
    values !== undefined && stored !== undefined && values.logoUrl !== stored.logoUrl;
  const blocker = useUnsavedGuard(unsavedLogo);

  if (loadFailed || !values) return <BusinessPageState id={id} failed={loadFailed} />;
  const current = values;
  const { fieldErrors } = save;

  function setField(key: keyof Values, value: string) {
    setValues({ ...current, [key]: value });
    if (fieldErrors[key]) setFieldErrors({ ...fieldErrors, [key]: undefined });
  }

  function completeOnLeave(key: FieldKey) {
    const completed = completeField(key, current[key]);
    if (completed !== current[key])
      setValues((previous) => previous && { ...previous, [key]: completed });
  }

  const errorId = (key: string) => `${id}-${key}-error`;
  const renderField = (field: (typeof FIELDS)[number], wide: boolean) => (
    <BusinessField
      key={field.key}
      id={id}
      field={field}
      wide={wide}
      value={current[field.key]}
      error={fieldErrors[field.key]}
      onChange={(value) => setField(field.key, value)}
      onBlur={() => completeOnLeave(field.key)}
    />
  );

  return (
    <section className="admin-page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className="admin-page__title">
        {ADMIN_TEXT.businessSettings}
      </h1>
      <form
        ref={save.formRef}
        className="ui-card"
        onSubmit={(event) => save.onSubmit(event, current, stored, () => logo.setNotice(undefined))}
        noValidate
      >
        <div className="admin-grid">
          {FIELDS.slice(0, 1).map((field) => renderField(field, true))}
          <BusinessLogoField
            id={id}
            logoUrl={current.logoUrl}
            businessName={current.businessName}
            unsaved={unsavedLogo}
            uploading={logo.uploading}
            notice={logo.notice}
            error={fieldErrors.logoUrl}
            errorId={errorId('logoUrl')}
            onFile={(file) => void logo.takeLogo(file)}
          />
          <p id={`${id}-placeholder-hint`} className="admin-hint ui-field--wide">
            {ADMIN_TEXT.fieldPlaceholderHint}
          </p>
          {FIELDS.slice(1).map((field) => renderField(field, false))}
        </div>
        <div className="admin-actions">
          <button type="submit" className="ui-button" disabled={save.saving || logo.uploading}>
            {save.saving ? ADMIN_TEXT.saving : ADMIN_TEXT.save}
          </button>
        </div>
        <NoticeRegion notice={save.saveNotice} />
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
}

/** The stored settings as the form's values, loaded once. */
function useStoredBusiness() {
  const [values, setValues] = useState<Values>();
  // What the server last answered: Save sends only the fields that differ (a merge), so a
  // stored value the form would not accept (e.g. a seeded placeholder) never blocks other edits.
  const [stored, setStored] = useState<Values>();
  const [loadFailed, setLoadFailed] = useState(false);
  /** Shows settings the server answered, as both the form and what is stored. */
  const show = (settings: BusinessSettings) => {
    setValues(pickValues(settings));
    setStored(pickValues(settings));
  };
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
  return { values, setValues, stored, loadFailed, show };
}

/** Save: only the fields that differ from what is stored, each checked first. */
function useBusinessSave(
  onSessionError: (error: unknown) => boolean,
  onSaved: (settings: BusinessSettings) => void,
) {
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [saveNotice, setSaveNotice] = useState<Notice>();
  const formRef = useRef<HTMLFormElement>(null);

  /** Refuses the save with each field's first problem, focusing the first field refused. */
  function refuse(errors: FieldErrors) {
    setFieldErrors(errors);
    setSaveNotice({ kind: 'error', text: MESSAGES.saveFailed });
    const first = Object.keys(errors)[0];
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  async function onSubmit(
    event: FormEvent,
    current: Values,
    stored: Values | undefined,
    onSaveStart: () => void,
  ) {
    event.preventDefault();
    if (saving) return;
    setSaveNotice(undefined);
    // "Logo uploaded" is stale once Save answers either way.
    onSaveStart();
    const changes = Object.fromEntries(
      (Object.keys(current) as (keyof Values)[])
        .filter((key) => current[key] !== stored?.[key])
        .map((key) => [key, key === 'logoUrl' ? current[key] : completeField(key, current[key])]),
    );
    const parsed = businessSettingsInputSchema.safeParse(changes);
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Values | undefined;
        if (key && !errors[key]) errors[key] = issue.message;
      }
      refuse(errors);
      return;
    }
    setFieldErrors({});
    setSaving(true);
    try {
      onSaved(await putBusinessSettings(parsed.data));
      setSaveNotice({ kind: 'success', text: MESSAGES.savedSuccessfully });
    } catch (error) {
      if (onSessionError(error)) return;
      setSaveNotice({ kind: 'error', text: MESSAGES.saveFailed, detail: failureDetail(error) });
    } finally {
      setSaving(false);
    }
  }

  return { fieldErrors, setFieldErrors, saving, saveNotice, setSaveNotice, formRef, onSubmit };
}

/** The page before its form: loading, or the settings could not be loaded. */
function BusinessPageState({ id, failed }: { id: string; failed: boolean }) {
  return (
    <section
      className="admin-page"
      aria-labelledby={`${id}-title`}
      aria-busy={failed ? undefined : 'true'}
    >
      <h1 id={`${id}-title`} className="admin-page__title">
        {ADMIN_TEXT.businessSettings}
      </h1>
      {failed ? (
        <p role="alert" className="ui-notice ui-notice--error">
          {MESSAGES.loadSettingsFailed}
        </p>
      ) : (
        <p role="status">{ADMIN_TEXT.loading}</p>
      )}
    </section>
  );
}

/** One text field of the form; the business name also counts its characters. */
function BusinessField({
  id,
  field,
  wide,
  value,
  error,
  onChange,
  onBlur,
}: {
  id: string;
  field: (typeof FIELDS)[number];
  wide: boolean;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const errorId = `${id}-${field.key}-error`;
  return (
    <div className={`ui-field${wide ? ' ui-field--wide' : ''}`}>
      <label htmlFor={`${id}-${field.key}`}>{field.label}</label>
      <input
        id={`${id}-${field.key}`}
        name={field.key}
        type={field.type}
        autoComplete={field.autoComplete ?? 'off'}
        autoCapitalize={field.key === 'businessName' ? undefined : 'none'}
        inputMode={field.type === 'tel' ? 'tel' : undefined}
        value={value}
        placeholder={PLACEHOLDER_BUSINESS[field.key]}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-placeholder-hint${error ? ` ${errorId}` : ''}${field.key === 'businessName' ? ` ${id}-name-count` : ''}`}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      />
      {field.key === 'businessName' && (
        <CharCount id={`${id}-name-count`} used={value.length} max={BUSINESS_NAME_MAX} />
      )}
      {error && (
        <p id={errorId} className="ui-error">
          {error}
        </p>
      )}
    </div>
  );
}
