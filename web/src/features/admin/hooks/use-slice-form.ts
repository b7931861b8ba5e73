/**
 * The Add/Edit Slice form's state: its fields as typed, each field's error, the save's notice and
 * whether it is saving. The input is checked by the shared slice schema before it is sent.
 */
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { DEFAULT_SLICE_COLOR, SLICE_NAME_MAX, SLICE_WEIGHT_DEFAULT } from '@shared/constants';
import { MESSAGES } from '@shared/messages';
import { checkSliceName, sliceInputSchema, type SliceInput } from '@shared/slice';
import type { Slice } from '@shared/types';
import type { Notice } from '../components/notice';

export type SliceFieldKey = 'name' | 'comment' | 'bgColor' | 'weight' | 'stock' | 'validDays';
const FIELD_ORDER: readonly SliceFieldKey[] = [
  'name',
  'comment',
  'bgColor',
  'weight',
  'stock',
  'validDays',
];
type FieldErrors = Partial<Record<SliceFieldKey, string>>;

/** Whole numbers only: '' stays '' (for stock: unlimited); anything else becomes NaN for the schema. */
const toNumber = (text: string): number =>
  /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
/** A number a field shows: none is an empty field. */
const numberText = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** The fields as typed, from the slice being edited (or a new slice's defaults). */
function useSliceFields(slice: Slice | undefined) {
  const [name, setName] = useState(slice?.name ?? '');
  const [comment, setComment] = useState(slice?.comment ?? '');
  const [bgColor, setBgColor] = useState(slice?.bgColor ?? DEFAULT_SLICE_COLOR);
  const [weight, setWeight] = useState(String(slice?.weight ?? SLICE_WEIGHT_DEFAULT));
  const [stock, setStock] = useState(numberText(slice?.stock));
  const [validDays, setValidDays] = useState(numberText(slice?.validDays));
  // A save refused as stale reloads the slice: its stock field shows the latest figure (wins may
  // have used some), while the admin's other edits stay.
  const shownSlice = useRef(slice);
  useEffect(() => {
    if (shownSlice.current === slice) return;
    shownSlice.current = slice;
    setStock(numberText(slice?.stock));
  }, [slice]);
  const values = { name, comment, bgColor, weight, stock, validDays };
  const setters = { setName, setComment, setBgColor, setWeight, setStock, setValidDays };
  return { values, ...setters };
}

/** Each refused field's first problem. */
function errorsOf(
  nameProblem: string | undefined,
  issues: readonly { path: PropertyKey[]; message: string }[],
): FieldErrors {
  const next: FieldErrors = {};
  if (nameProblem) next.name = nameProblem;
  for (const issue of issues) {
    const key = issue.path[0] as SliceFieldKey | undefined;
    if (key && !next[key]) next[key] = issue.message;
  }
  return next;
}

export function useSliceForm(
  slice: Slice | undefined,
  onSubmit: (input: SliceInput) => Promise<Notice>,
  dialogRef: RefObject<HTMLDivElement | null>,
) {
  const fields = useSliceFields(slice);
  const { name, comment, bgColor, weight, stock, validDays } = fields.values;
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<Notice>();
  const [saving, setSaving] = useState(false);

  // The name is checked as the user types (docs/product.md): too long shows at once.
  const nameTooLong = name.length > SLICE_NAME_MAX ? MESSAGES.sliceNameTooLong : undefined;
  const nameError = nameTooLong ?? errors.name;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setNotice(undefined);
    const nameProblem = checkSliceName(name);
    // Every field of the slice, by construction: a field added to its schema does not compile here
    // until the form gives it a value.
    const input: Record<keyof SliceInput, unknown> = {
      name,
      comment,
      bgColor: bgColor.trim(),
      imageSrc: slice?.imageSrc ?? '',
      weight: toNumber(weight),
      stock: stock.trim() === '' ? null : toNumber(stock),
      validDays: validDays.trim() === '' ? null : toNumber(validDays),
    };
    const parsed = sliceInputSchema.safeParse(input);
    if (nameProblem || !parsed.success) {
      const next = errorsOf(nameProblem, parsed.success ? [] : parsed.error.issues);
      setErrors(next);
      const first = FIELD_ORDER.find((k) => next[k]);
      if (first) dialogRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    setSaving(true);
    const failure = await onSubmit(parsed.data);
    // On success the page unmounts the dialog; only a failure leaves it open.
    if (failure) {
      setNotice(failure);
      setSaving(false);
    }
  }

  return { ...fields, errors, setErrors, nameTooLong, nameError, notice, saving, submit };
}
