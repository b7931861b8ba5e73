/**
 * Type checks for the engine's setters. An invalid value falls back to the default with a logged
 * message; `undefined` falls back silently (it means "reset to the default").
 */

/** A named check that narrows an unknown value; `expected` words it for the log. */
export interface Check<T> {
  readonly expected: string;
  readonly test: (value: unknown) => value is T;
}

function check<T>(expected: string, test: (value: unknown) => value is T): Check<T> {
  return Object.freeze({ expected, test });
}

/** The value if it passes `rule`, else `fallback`, logging why unless the value was undefined. */
export function pick<T>(name: string, value: unknown, rule: Check<T>, fallback: T): T {
  if (value === undefined) return fallback;
  if (rule.test(value)) return value;
  console.warn(
    `Wheel: ${name} must be ${rule.expected}; got ${describe(value)}, using the default ${describe(fallback)}`,
  );
  return fallback;
}

function describe(value: unknown): string {
  if (typeof value === 'function') return 'a function';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

const isFinite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

export const IS_STRING = check('a string', (v): v is string => typeof v === 'string');
export const IS_NUMBER = check('a finite number', isFinite);
export const IS_NON_NEGATIVE = check(
  'a number of at least 0',
  (v): v is number => isFinite(v) && v >= 0,
);
export const IS_POSITIVE = check(
  'a number greater than 0',
  (v): v is number => isFinite(v) && v > 0,
);
export const IS_BOOLEAN = check('a boolean', (v): v is boolean => typeof v === 'boolean');
export const IS_STRING_OR_NULL = check(
  'a string or null',
  (v): v is string | null => v === null || typeof v === 'string',
);
export const IS_STRING_ARRAY = check(
  'an array of strings',
  (v): v is readonly string[] => Array.isArray(v) && v.every((x) => typeof x === 'string'),
);
export const IS_ARRAY = check('an array', (v): v is readonly unknown[] => Array.isArray(v));
export const IS_FUNCTION_OR_NULL = check(
  'a function or null',
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- narrowed again by the caller's type
  (v): v is Function | null => v === null || typeof v === 'function',
);
export const IS_IMAGE_OR_NULL = check(
  'an image element or null',
  (v): v is HTMLImageElement | null =>
    v === null || (typeof HTMLImageElement !== 'undefined' && v instanceof HTMLImageElement),
);
export const IS_IMAGE_SOURCE_OR_NULL = check(
  'an image element, an image URL or null',
  (v): v is HTMLImageElement | string | null => typeof v === 'string' || IS_IMAGE_OR_NULL.test(v),
);
export const IS_OFFSET = check(
  'an object {x, y} of numbers',
  (v): v is { x: number; y: number } =>
    typeof v === 'object' &&
    v !== null &&
    isFinite((v as { x?: unknown }).x) &&
    isFinite((v as { y?: unknown }).y),
);
export function isOneOf<T extends string>(values: readonly T[]): Check<T> {
  return check(`one of ${values.join(', ')}`, (v): v is T => values.includes(v as T));
}
