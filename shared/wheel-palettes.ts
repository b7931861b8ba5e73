/**
 * Ready colour lists for the wheel, offered in Game Settings beside the admin's own colours. Any
 * two colours of a palette differ by at least the neighbour distance of shared/wheel-colors.ts,
 * so however the wheel's slices fall, neighbours stay apart; the label rule gives each a label
 * colour with 4.5:1 contrast.
 */

export interface WheelPalette {
  /** Its name in Game Settings (admin wording). */
  readonly name: string;
  readonly colors: readonly string[];
}

export const WHEEL_PALETTES: readonly WheelPalette[] = Object.freeze([
  {
    name: 'Fairground',
    colors: ['#e53935', '#fdd835', '#1565c0', '#43a047', '#fb8c00', '#8e24aa'],
  },
  {
    name: 'Takeaway',
    colors: ['#c62828', '#f9a825', '#6d4c41', '#ef6c00', '#fff3e0', '#2e7d32'],
  },
  {
    name: 'Pastel',
    colors: ['#ffa3b8', '#9fdc9f', '#8ec9f0', '#ffe98a', '#c4a6f5', '#ffbf80'],
  },
  { name: 'Gold and black', colors: ['#111827', '#d4a017', '#7f1d1d', '#f5deb3'] },
  {
    name: 'Seaside',
    colors: ['#0b3954', '#087e8b', '#bfd7ea', '#ff5a5f', '#c81d25', '#f4d35e'],
  },
]);
