/**
 * "12/16" under a field with a length limit, shown from the first letter so the limit is seen
 * before it bites: it turns amber within the last quarter and red past the limit (the field's own
 * error says what is wrong). Fields name it in aria-describedby, so it is read with the field.
 */
import { ADMIN_TEXT } from '@shared/messages-admin';
import './char-count.css';

export interface CharCountProps {
  id: string;
  used: number;
  max: number;
}

export function CharCount({ id, used, max }: CharCountProps) {
  const state = used > max ? 'over' : used >= max * 0.75 ? 'near' : 'ok';
  return (
    <p id={id} className="char-count" data-state={state}>
      {ADMIN_TEXT.charCount(used, max)}
    </p>
  );
}
