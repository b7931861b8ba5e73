/**
 * "Search By Phone Number" (docs/product.md): numbers only ("Please enter only numbers"), at most 10
 * digits ("Phone number cannot exceed 10 digits"), and a search needs exactly 10 ("Please enter a
 * valid 10-digit phone number"). Numbers are taken as staff type or paste them: spaces, dashes and
 * a +61 prefix are fine (shared/dashboard-search.ts). The last 3 or 4 digits alone search for
 * the customers whose number ends so. A rejected keystroke keeps the previous value and shows the
 * message.
 */
import { useId, useState, type FormEvent } from 'react';
import { acceptSearchInput, isLastDigits, searchPhoneSchema } from '@shared/dashboard-search';
import { normalizePhoneInput } from '@shared/phone-format';
import { STAFF_TEXT } from '@shared/messages-staff';
import './search-box.css';

/** A search: a whole local number, or its last 3 or 4 digits. */
export type SearchQuery = { phoneNumber: string } | { lastDigits: string };

export interface SearchBoxProps {
  /** Runs the search for a valid 10-digit number or 3 or 4 last digits. */
  onSearch: (query: SearchQuery) => void;
  /** A search was asked for but the text is not one: what the last one showed no longer holds. */
  onInvalid: () => void;
  busy: boolean;
}

/** The search form. */
export function SearchBox({ onSearch, onInvalid, busy }: SearchBoxProps) {
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
    if (isLastDigits(value)) {
      setError(undefined);
      onSearch({ lastDigits: normalizePhoneInput(value) });
      return;
    }
    const parsed = searchPhoneSchema.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      onInvalid();
      return;
    }
    setError(undefined);
    onSearch({ phoneNumber: parsed.data });
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
          aria-describedby={`${id}-error ${id}-hint`}
          onChange={(e) => onChange(e.target.value)}
        />
        <button type="submit" className="ui-button" disabled={busy}>
          {busy ? STAFF_TEXT.searching : STAFF_TEXT.search}
        </button>
      </div>
      <p id={`${id}-hint`} className="staff-search__hint">
        {STAFF_TEXT.searchHint}
      </p>
      <p id={`${id}-error`} role="alert" className="ui-error">
        {error}
      </p>
    </form>
  );
}
