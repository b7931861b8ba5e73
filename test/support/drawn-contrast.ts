/**
 * Label contrast measured on a wheel's drawn pixels: the same canvas drawn with its labels and
 * without, each changed pixel compared with the slice beneath it (shading included), or for an
 * outlined label, its letters' pixels with its outline's. Used by the wheel bench
 * (bench/wheel/page-labels.ts, page-edges.ts) and the visitor's browser tests alike. Pure: no DOM.
 */

/** A letter's pixels: those that change by at least this share of the slice's largest change. */
const LETTER_CORE_SHARE = 0.6;
/** A slice's label contrast: this low percentile of its letters' pixels (edges blend). */
const CONTRAST_PERCENTILE = 0.1;

/** WCAG relative luminance of 0-255 channels. */
function luminance(r: number, g: number, b: number): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

interface Sample {
  readonly diff: number;
  readonly contrast: number;
  /** Luminance as drawn, and of the slice beneath. */
  readonly drawn: number;
  readonly beneath: number;
}

/** A group's letter pixels: those that change by at least LETTER_CORE_SHARE of its largest change. */
function core(samples: readonly Sample[]): Sample[] {
  const largest = Math.max(...samples.map((s) => s.diff));
  return samples.filter((s) => s.diff >= largest * LETTER_CORE_SHARE);
}

/** The low CONTRAST_PERCENTILE of `values` (0 for none). */
const lowPercentile = (values: number[]): number =>
  values.sort((p, q) => p - q)[Math.floor(values.length * CONTRAST_PERCENTILE)] ?? 0;

/**
 * An outlined label's contrast as drawn: its letters against the outline round them. The pixels
 * lighter than the slice beneath and those darker are the letters and the outline (either way
 * round); the dimmest of the light ones and the brightest of the dark ones, each at the low
 * percentile, are compared.
 */
function outlinedContrast(samples: readonly Sample[]): number {
  const light = core(samples.filter((s) => s.drawn > s.beneath)).map((s) => s.drawn);
  const dark = core(samples.filter((s) => s.drawn < s.beneath)).map((s) => -s.drawn);
  if (light.length === 0 || dark.length === 0) return 0;
  const dimmestLight = lowPercentile(light);
  const brightestDark = -lowPercentile(dark);
  return (dimmestLight + 0.05) / (brightestDark + 0.05);
}

/**
 * Each slice's label contrast from two RGBA pixel arrays of a square canvas `side` pixels wide:
 * `withLabels` and `plain` (the same wheel without labels). Only pixels inside the face (radius
 * `face` pixels from the centre) count; slice k spans k to k + 1 slice widths clockwise from the top.
 * A label with an outline (`outlined[k]`) is measured against its outline, others against the
 * slice beneath them.
 */
export function drawnLabelContrasts(
  withLabels: ArrayLike<number>,
  plain: ArrayLike<number>,
  side: number,
  face: number,
  slices: number,
  outlined: readonly boolean[] = [],
): number[] {
  const half = side / 2;
  const perSlice: Sample[][] = Array.from({ length: slices }, () => []);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const dx = x + 0.5 - half;
      const dy = y + 0.5 - half;
      if (Math.hypot(dx, dy) >= face) continue;
      const i = (y * side + x) * 4;
      const diff =
        Math.abs(withLabels[i]! - plain[i]!) +
        Math.abs(withLabels[i + 1]! - plain[i + 1]!) +
        Math.abs(withLabels[i + 2]! - plain[i + 2]!);
      if (diff === 0) continue;
      const angle = ((Math.atan2(dx, -dy) * 180) / Math.PI + 360) % 360;
      const slice = Math.min(slices - 1, Math.floor(angle / (360 / slices)));
      const a = luminance(withLabels[i]!, withLabels[i + 1]!, withLabels[i + 2]!);
      const b = luminance(plain[i]!, plain[i + 1]!, plain[i + 2]!);
      perSlice[slice]!.push({
        diff,
        contrast: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05),
        drawn: a,
        beneath: b,
      });
    }
  }
  return perSlice.map((samples, k) =>
    outlined[k] ? outlinedContrast(samples) : lowPercentile(core(samples).map((s) => s.contrast)),
  );
}
