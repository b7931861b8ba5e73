/**
 * /admin/accounts/admin and /admin/accounts/operator (docs/product.md): one New
 * Password field with a show/hide toggle and Save. The password goes to Cognito through the API
 * and is needed from the next login; it is never kept in the browser beyond the field. Saving the
 * admin's own password signs the admin out everywhere (the server's global sign-out), so the page
 * says so beforehand and then takes them to the login, which tells them why.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { MESSAGES } from '@shared/messages';
import { ADMIN_TEXT } from '@shared/messages-admin';
import { isStaffRole, type StaffRole } from '@shared/types';
import { PATHS } from '../../../config/paths';
import { checkNewPassword, setStaffPassword } from '../api/set-staff-password';
import { NoticeRegion, type Notice } from '../components/notice';
import { failureDetail, useSessionErrorHandler } from '../hooks/use-admin-session';
import './account-password-page.css';

const TITLES: Record<StaffRole, string> = {
  admin: ADMIN_TEXT.adminPassword,
  operator: ADMIN_TEXT.operatorPassword,
};
const SUCCESS: Record<StaffRole, string> = {
  admin: MESSAGES.adminPasswordUpdated,
  operator: MESSAGES.operatorPasswordUpdated,
};

export function Component() {
  const { role } = useParams();
  if (!isStaffRole(role)) return <Navigate to={PATHS.adminBusiness} replace />;
  // Keyed by role: switching between the two pages starts with an empty field and no message.
  return <PasswordForm key={role} role={role} />;
}

function PasswordForm({ role }: { role: StaffRole }) {
  const id = useId();
  const onSessionError = useSessionErrorHandler();
  const [password, setPassword] = useState('');
  const [visible, setVisible] = useState(false);
  const [fieldError, setFieldError] = useState<string>();
  const [notice, setNotice] = useState<Notice>();
  const [saving, setSaving] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setNotice(undefined);
    const problem = checkNewPassword(password);
    if (problem) {
      setFieldError(problem);
      inputRef.current?.focus();
      return;
    }
    setFieldError(undefined);
    setSaving(true);
    try {
      await setStaffPassword(role, password);
      if (role === 'admin') {
        // The admin's sessions are over: straight to the login, which signs this one out and
        // says why.
        navigate(PATHS.admin, { replace: true, state: { passwordChanged: true } });
        return;
      }
      setPassword('');
      setVisible(false);
      setNotice({ kind: 'success', text: SUCCESS[role] });
    } catch (error) {
      if (onSessionError(error)) return;
      setNotice({
        kind: 'error',
        text: MESSAGES.passwordUpdateFailed,
        detail: failureDetail(error),
      });
    } finally {
      setSaving(false);
    }
  }

  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <section className="admin-page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className="admin-page__title">
        {TITLES[role]}
      </h1>
      <form className="ui-card" onSubmit={onSubmit} noValidate>
        <div className="ui-field">
          <label htmlFor={`${id}-password`}>{ADMIN_TEXT.newPassword}</label>
          <div className="admin-password-row">
            <input
              ref={inputRef}
              id={`${id}-password`}
              name="password"
              type={visible ? 'text' : 'password'}
              autoComplete="new-password"
              autoCapitalize="none"
              spellCheck={false}
              value={password}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? `${errorId} ${hintId}` : hintId}
              onChange={(e) => {
                setPassword(e.target.value);
                if (fieldError) setFieldError(undefined);
                // A notice about the last save no longer describes what is being typed.
                setNotice(undefined);
              }}
            />
            <button
              type="button"
              className="ui-button ui-button--secondary"
              aria-controls={`${id}-password`}
              onClick={() => setVisible((v) => !v)}
            >
              {visible ? ADMIN_TEXT.hidePassword : ADMIN_TEXT.showPassword}
            </button>
          </div>
          {fieldError && (
            <p id={errorId} className="ui-error" role="alert">
              {fieldError}
            </p>
          )}
          <p id={hintId} className="admin-hint">
            {role === 'admin' ? ADMIN_TEXT.ownPasswordNextLogin : ADMIN_TEXT.passwordNextLogin}
          </p>
        </div>
        <div className="admin-actions">
          <button type="submit" className="ui-button" disabled={saving}>
            {saving ? ADMIN_TEXT.saving : ADMIN_TEXT.save}
          </button>
        </div>
        <NoticeRegion notice={notice} />
      </form>
    </section>
  );
}
