/**
 * The staff login form (docs/product.md): username and password, both required, a submit
 * button, and the sign-in error in a role="alert" region. Used by /login, /operator-login and
 * /admin; the page supplies the title, what submitting does, and an optional link slot.
 */
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { STAFF_TEXT } from '@shared/messages-staff';
import { loginSchema } from '@shared/password';
import './ui.css';
import './staff-login-form.css';

export interface StaffLoginFormProps {
  /** The form's heading, e.g. "Operator Login". */
  title: string;
  /**
   * Signs in. Resolve with an error message to show it, or with undefined on success (the page
   * then usually navigates away). Called only when both fields are filled.
   */
  onSubmit: (credentials: { username: string; password: string }) => Promise<string | undefined>;
  /** Submit button label; defaults to "Login". */
  submitLabel?: string;
  /** Extra content under the form, e.g. a link back to the wheel. */
  children?: ReactNode;
}

interface FieldErrors {
  username?: string;
  password?: string;
}

/** An accessible username and password form with the required required-field rules. */
export function StaffLoginForm({
  title,
  onSubmit,
  submitLabel = STAFF_TEXT.login,
  children,
}: StaffLoginFormProps) {
  const id = useId();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setError(undefined);
    const parsed = loginSchema.safeParse({ username, password });
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'username' || field === 'password') && !errors[field])
          errors[field] = issue.message;
      }
      setFieldErrors(errors);
      (errors.username ? usernameRef : passwordRef).current?.focus();
      return;
    }
    setFieldErrors({});
    setBusy(true);
    try {
      const message = await onSubmit(parsed.data);
      if (message) {
        setError(message);
        // The password is cleared after a failure so the next try starts clean.
        setPassword('');
      }
    } finally {
      setBusy(false);
    }
  }

  const usernameErrorId = `${id}-username-error`;
  const passwordErrorId = `${id}-password-error`;

  return (
    <div className="staff-login">
      <form
        className="ui-card staff-login__card"
        onSubmit={handleSubmit}
        noValidate
        aria-labelledby={`${id}-title`}
      >
        <h1 id={`${id}-title`} className="staff-login__title">
          {title}
        </h1>
        <div className="ui-field">
          <label htmlFor={`${id}-username`}>{STAFF_TEXT.username}</label>
          <input
            ref={usernameRef}
            id={`${id}-username`}
            name="username"
            type="text"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            aria-invalid={fieldErrors.username ? true : undefined}
            aria-describedby={fieldErrors.username ? usernameErrorId : undefined}
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
          {fieldErrors.username && (
            <p id={usernameErrorId} className="ui-error">
              {fieldErrors.username}
            </p>
          )}
        </div>
        <div className="ui-field">
          <label htmlFor={`${id}-password`}>{STAFF_TEXT.password}</label>
          <input
            ref={passwordRef}
            id={`${id}-password`}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            aria-invalid={fieldErrors.password ? true : undefined}
            aria-describedby={fieldErrors.password ? passwordErrorId : undefined}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          {fieldErrors.password && (
            <p id={passwordErrorId} className="ui-error">
              {fieldErrors.password}
            </p>
          )}
        </div>
        <div role="alert" className="ui-error">
          {error}
        </div>
        <button
          type="submit"
          className="ui-button ui-button--block"
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {busy ? STAFF_TEXT.signingIn : submitLabel}
        </button>
        {children && <div className="staff-login__extra">{children}</div>}
      </form>
    </div>
  );
}
