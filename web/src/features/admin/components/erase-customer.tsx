/**
 * "Erase a customer" on the Customers page: the admin types the number a customer asked to be
 * forgotten, confirms in a dialog, and the server removes the record and the sign-in (keeping
 * only a one-way code so the number cannot win again). Numbers follow the dashboard search rules.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { checkSearchInput, searchPhoneSchema } from '@shared/dashboard-search';
import { MESSAGES } from '@shared/messages';
import { ADMIN_TEXT } from '@shared/messages-admin';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { eraseCustomer } from '../api/erase-customer';
import { failureDetail, useSessionErrorHandler } from '../hooks/use-admin-session';
import { NoticeRegion, type Notice } from './notice';
import './erase-customer.css';

export function EraseCustomer() {
  const id = useId();
  const onSessionError = useSessionErrorHandler();
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>();
  const inputRef = useRef<HTMLInputElement>(null);

  function ask(event: FormEvent) {
    event.preventDefault();
    setNotice(undefined);
    const problem =
      checkSearchInput(phone) ??
      (searchPhoneSchema.safeParse(phone).success ? undefined : MESSAGES.searchInvalid);
    if (problem) {
      setError(problem);
      inputRef.current?.focus();
      return;
    }
    setError(undefined);
    setConfirming(true);
  }

  async function erase() {
    setConfirming(false);
    setBusy(true);
    try {
      const result = await eraseCustomer(phone);
      setNotice({ kind: 'success', text: result.message });
      setPhone('');
    } catch (failure) {
      if (onSessionError(failure)) return;
      setNotice({ kind: 'error', text: failureDetail(failure) ?? ADMIN_TEXT.eraseFailed });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="ui-card" onSubmit={ask} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`} className="ui-card__title">
        {ADMIN_TEXT.eraseHeading}
      </h2>
      <p id={`${id}-hint`} className="admin-hint">
        {ADMIN_TEXT.eraseHint}
      </p>
      <div className="erase-customer__row">
        <div className="ui-field">
          <label htmlFor={`${id}-phone`}>{ADMIN_TEXT.eraseLabel}</label>
          <input
            ref={inputRef}
            id={`${id}-phone`}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder="04XXXXXXXX"
            value={phone}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : `${id}-hint`}
            onChange={(e) => {
              setPhone(e.target.value);
              setError(undefined);
            }}
          />
          {error && (
            <p id={`${id}-error`} className="ui-error">
              {error}
            </p>
          )}
        </div>
        <button
          type="submit"
          className="ui-button ui-button--danger"
          aria-disabled={busy || undefined}
        >
          {busy ? ADMIN_TEXT.erasing : ADMIN_TEXT.erase}
        </button>
      </div>
      <NoticeRegion notice={notice} />
      {confirming && (
        <ConfirmDialog
          message={ADMIN_TEXT.eraseConfirm(phone)}
          confirmLabel={ADMIN_TEXT.erase}
          onConfirm={() => {
            void erase();
          }}
          onCancel={() => setConfirming(false)}
        />
      )}
    </form>
  );
}
