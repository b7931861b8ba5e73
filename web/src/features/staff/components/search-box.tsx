/**
 * "Search By Phone Number" (docs/product.md): numbers only ("Please enter only numbers"), at most 10
 * digits ("Phone number cannot exceed 10 digits"), and a search needs exactly 10 ("Please enter a
 * valid 10-digit phone number"). Numbers are taken as staff type or paste them: spaces, dashes and
 * a +61 prefix are fine (shared/dashboard-search.ts). A rejected keystroke keeps the previous value
 * and shows the message.
 */
import { useId, useState, type FormEvent } from 'react';
import { acceptSearchInput, searchPhoneSchema } from '@shared/dashboard-search';
import { STAFF_TEXT } from '@shared/messages-staff';

export interface SearchBoxProps {
  /** Runs the search for a valid 10-digit number. */
  onSearch: (phoneNumber: string) => void;
  busy: boolean;
}

/** The search form. */
export function SearchBox({ onSearch, busy }: SearchBoxProps) {
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();

  function onChange(next: string) {
    const accepted = acceptSearchInput(value, next);
    setError(accepted.error);
    setValue(accepted.value);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = searchPhoneSchema.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    onSearch(parsed.data);
  }

  return (
    <form
      className="staff-search"
      onSubmit={onSubmit}
      noValidate
      role="search"
      aria-labelledby={`${id}-heading`}
    >
      <h2 id={`${id}-heading`} className="ui-card__title">
        {STAFF_TEXT.searchHeading}
      </h2>
      <label htmlFor={`${id}-input`} className="visually-hidden">
        {STAFF_TEXT.searchLabel}
      </label>
      <div className="staff-search__row">
        <input
          className="ui-input"
          id={`${id}-input`}
          type="text"
          inputMode="tel"
          autoComplete="off"
          placeholder={STAFF_TEXT.searchPlaceholder}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-error`}
          onChange={(e) => onChange(e.target.value)}
        />
        <button type="submit" className="ui-button" disabled={busy}>
          {busy ? STAFF_TEXT.searching : STAFF_TEXT.search}
        </button>
      </div>
      <p id={`${id}-error`} role="alert" className="ui-error">
        {error}
      </p>
    </form>
  );
}
