/**
 * Draws the whole wheel (slices, images, labels, lines, border) into a canvas context, once per
 * change of items, settings or size. Rotation is not drawn here: the engine turns the finished
 * canvas with a CSS transform, so spinning costs no drawing at all.
 */
import {
  FULL_TURN_DEG,
  LABEL_CHORD_RATIO,
  REFERENCE_SIZE_PX,
  ZERO_ANGLE_OFFSET_DEG,
  type LabelAlign,
} from './defaults';
import type { SliceSpan } from './geometry';

/** What the renderer needs of one slice. */
export interface RenderSlice {
  readonly span: SliceSpan;
  readonly backgroundColor: string;
  readonly label: string;
  readonly labelColor: string;
  /** Null while loading, when broken, or when there is none. */
  readonly image: HTMLImageElement | null;
  readonly imageOpacity: number;
  readonly imageRadius: number;
  readonly imageRotation: number;
  readonly imageScale: number;
}

/** The wheel settings the renderer uses (see the Wheel class for units). */
export interface RenderStyle {
  readonly radius: number;
  readonly borderColor: string;
  readonly borderWidth: number;
  readonly lineColor: string;
  readonly lineWidth: number;
  readonly itemLabelAlign: LabelAlign;
  readonly itemLabelFont: string;
  readonly itemLabelFontSizeMax: number;
  readonly itemLabelRadius: number;
  readonly itemLabelRadiusMax: number;
  readonly itemLabelRotation: number;
  readonly itemLabelStrokeColor: string;
  readonly itemLabelStrokeWidth: number;
  readonly itemLabelBaselineOffset: number;
  readonly image: HTMLImageElement | null;
}

const toRadians = (deg: number): number => (deg * Math.PI) / 180;

/**
 * Draws the wheel centred in a square of `sizePx` CSS pixels. The context must already be scaled
 * by the device pixel ratio so that one unit is one CSS pixel.
 */
export function drawWheel(
  ctx: CanvasRenderingContext2D,
  sizePx: number,
  style: RenderStyle,
  slices: readonly RenderSlice[],
): void {
  const center = sizePx / 2;
  const radius = (style.radius * sizePx) / 2;
  const scale = sizePx / REFERENCE_SIZE_PX;
  ctx.clearRect(0, 0, sizePx, sizePx);
  if (radius <= 0) return;

  ctx.save();
  ctx.translate(center, center);
  for (const slice of slices) drawSlice(ctx, radius, slice);
  drawLabels(ctx, radius, scale, style, slices);
  drawLines(ctx, radius, scale, style, slices);
  if (style.image && style.image.complete && style.image.naturalWidth > 0) {
    ctx.drawImage(style.image, -radius, -radius, radius * 2, radius * 2);
  }
  drawBorder(ctx, radius, scale, style);
  ctx.restore();
}

function slicePath(ctx: CanvasRenderingContext2D, radius: number, span: SliceSpan): void {
  ctx.beginPath();
  if (span.end - span.start >= FULL_TURN_DEG) {
    ctx.arc(0, 0, radius, 0, Math.PI * 2);
  } else {
    ctx.moveTo(0, 0);
    ctx.arc(
      0,
      0,
      radius,
      toRadians(span.start + ZERO_ANGLE_OFFSET_DEG),
      toRadians(span.end + ZERO_ANGLE_OFFSET_DEG),
    );
  }
  ctx.closePath();
}

function drawSlice(ctx: CanvasRenderingContext2D, radius: number, slice: RenderSlice): void {
  ctx.save();
  slicePath(ctx, radius, slice.span);
  ctx.fillStyle = slice.backgroundColor;
  ctx.fill();
  const image = slice.image;
  if (image && image.naturalWidth > 0 && slice.imageOpacity > 0) {
    ctx.clip();
    // In this frame "up" points from the centre through the middle of the slice.
    ctx.rotate(toRadians((slice.span.start + slice.span.end) / 2));
    ctx.translate(0, -slice.imageRadius * radius);
    ctx.rotate(toRadians(slice.imageRotation));
    const longest = Math.max(image.naturalWidth, image.naturalHeight);
    const k = (slice.imageScale * radius) / longest;
    const w = image.naturalWidth * k;
    const h = image.naturalHeight * k;
    ctx.globalAlpha = Math.min(1, slice.imageOpacity);
    ctx.drawImage(image, -w / 2, -h / 2, w, h);
  }
  ctx.restore();
}

/** One font size for every label: the largest that fits all of them, capped by the settings. */
function labelFontSize(
  ctx: CanvasRenderingContext2D,
  radius: number,
  scale: number,
  style: RenderStyle,
  slices: readonly RenderSlice[],
): number {
  const available = Math.abs(style.itemLabelRadius - style.itemLabelRadiusMax) * radius;
  const midRadius = ((style.itemLabelRadius + style.itemLabelRadiusMax) / 2) * radius;
  let size = style.itemLabelFontSizeMax * scale;
  ctx.font = `${REFERENCE_SIZE_PX}px ${style.itemLabelFont}`;
  for (const slice of slices) {
    if (!slice.label) continue;
    const width = ctx.measureText(slice.label).width;
    if (width > 0) size = Math.min(size, (REFERENCE_SIZE_PX * available) / width);
    const sweep = Math.min(slice.span.end - slice.span.start, FULL_TURN_DEG / 2);
    const chord = 2 * midRadius * Math.sin(toRadians(sweep / 2));
    size = Math.min(size, chord * LABEL_CHORD_RATIO);
  }
  return Math.max(0, size);
}

function drawLabels(
  ctx: CanvasRenderingContext2D,
  radius: number,
  scale: number,
  style: RenderStyle,
  slices: readonly RenderSlice[],
): void {
  if (!slices.some((s) => s.label)) return;
  const fontSize = labelFontSize(ctx, radius, scale, style, slices);
  if (fontSize <= 0) return;
  ctx.save();
  ctx.font = `${fontSize}px ${style.itemLabelFont}`;
  ctx.textAlign = style.itemLabelAlign;
  ctx.textBaseline = 'middle';
  ctx.lineJoin = 'round';
  const anchor =
    style.itemLabelAlign === 'right'
      ? style.itemLabelRadius
      : style.itemLabelAlign === 'left'
        ? style.itemLabelRadiusMax
        : (style.itemLabelRadius + style.itemLabelRadiusMax) / 2;
  const strokeWidth = style.itemLabelStrokeWidth * scale;
  for (const slice of slices) {
    if (!slice.label) continue;
    ctx.save();
    // +x now runs from the centre outwards through the middle of the slice.
    ctx.rotate(toRadians((slice.span.start + slice.span.end) / 2 + ZERO_ANGLE_OFFSET_DEG));
    ctx.translate(anchor * radius, 0);
    ctx.rotate(toRadians(style.itemLabelRotation));
    const y = style.itemLabelBaselineOffset * fontSize;
    if (strokeWidth > 0) {
      ctx.lineWidth = strokeWidth * 2;
      ctx.strokeStyle = style.itemLabelStrokeColor;
      ctx.strokeText(slice.label, 0, y);
    }
    ctx.fillStyle = slice.labelColor;
    ctx.fillText(slice.label, 0, y);
    ctx.restore();
  }
  ctx.restore();
}

function drawLines(
  ctx: CanvasRenderingContext2D,
  radius: number,
  scale: number,
  style: RenderStyle,
  slices: readonly RenderSlice[],
): void {
  const width = style.lineWidth * scale;
  if (width <= 0 || slices.length < 2) return;
  ctx.save();
  ctx.beginPath();
  for (const slice of slices) {
    const a = toRadians(slice.span.start + ZERO_ANGLE_OFFSET_DEG);
    ctx.moveTo(0, 0);
    ctx.lineTo(Math.cos(a) * radius, Math.sin(a) * radius);
  }
  ctx.lineWidth = width;
  ctx.strokeStyle = style.lineColor;
  ctx.lineCap = 'round';
  ctx.stroke();
  ctx.restore();
}

function drawBorder(
  ctx: CanvasRenderingContext2D,
  radius: number,
  scale: number,
  style: RenderStyle,
): void {
  const width = style.borderWidth * scale;
  if (width <= 0) return;
  ctx.beginPath();
  ctx.arc(0, 0, radius - width / 2, 0, Math.PI * 2);
  ctx.lineWidth = width;
  ctx.strokeStyle = style.borderColor;
  ctx.stroke();
}
