/**
 * Draws the whole wheel (slices, images, labels, lines, border) into a canvas context, once per
 * change of items, settings or size. Rotation is not drawn here: the engine turns the finished
 * canvas with a CSS transform, so spinning costs no drawing at all.
 */
import {
  FULL_TURN_DEG,
  LABEL_OUTLINE_EM,
  PEG_RADIUS_OF_RIM,
  REFERENCE_SIZE_PX,
  SHADE_START_RATIO,
  ZERO_ANGLE_OFFSET_DEG,
  type LabelAlign,
} from './defaults';
import { normalizeAngle as normalizeDeg, type SliceSpan } from './geometry';
import { LABEL_LINE_HEIGHT_EM, fitWheelLabels, type LabelRoom } from './label-layout';
import { mixColor } from '@shared/wheel-colors';

/** What the renderer needs of one slice. */
export interface RenderSlice {
  readonly span: SliceSpan;
  readonly backgroundColor: string;
  readonly label: string;
  readonly labelColor: string;
  /** Null: no outline. */
  readonly labelOutlineColor: string | null;
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
  readonly itemLabelFontWeight: string;
  readonly itemLabelUpright: boolean;
  readonly rimWidth: number;
  readonly rimColor: string;
  readonly pegColor: string;
  readonly sliceShade: number;
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

  const face = faceRadius(radius, style);
  ctx.save();
  ctx.translate(center, center);
  for (const slice of slices) drawSlice(ctx, face, slice);
  drawShade(ctx, face, style);
  drawLines(ctx, face, scale, style, slices);
  drawLabels(ctx, radius, scale, style, slices);
  if (style.image && style.image.complete && style.image.naturalWidth > 0) {
    ctx.drawImage(style.image, -radius, -radius, radius * 2, radius * 2);
  }
  drawRim(ctx, radius, face, style, slices);
  drawBorder(ctx, radius, scale, style);
  ctx.restore();
}

/** The slices' radius: inside the rim, when there is one. */
const faceRadius = (radius: number, style: Pick<RenderStyle, 'rimWidth'>): number =>
  radius * (1 - Math.min(0.2, style.rimWidth));

/** A faint shade over every slice, darkest at the rim, so the face reads as a dish, not a chart. */
function drawShade(ctx: CanvasRenderingContext2D, face: number, style: RenderStyle): void {
  if (style.sliceShade <= 0) return;
  const shade = ctx.createRadialGradient(0, 0, face * SHADE_START_RATIO, 0, 0, face);
  shade.addColorStop(0, 'rgb(0 0 0 / 0)');
  shade.addColorStop(1, `rgb(0 0 0 / ${Math.min(1, style.sliceShade)})`);
  ctx.beginPath();
  ctx.arc(0, 0, face, 0, Math.PI * 2);
  ctx.fillStyle = shade;
  ctx.fill();
}

/** The rim: a dark ring with a lit edge, and one peg at each slice boundary. */
function drawRim(
  ctx: CanvasRenderingContext2D,
  radius: number,
  face: number,
  style: RenderStyle,
  slices: readonly RenderSlice[],
): void {
  const width = radius - face;
  if (width <= 0) return;
  ctx.save();
  const ring = ctx.createRadialGradient(0, 0, face, 0, 0, radius);
  ring.addColorStop(0, style.rimColor);
  ring.addColorStop(0.55, lighten(style.rimColor));
  ring.addColorStop(1, style.rimColor);
  ctx.beginPath();
  ctx.arc(0, 0, radius, 0, Math.PI * 2);
  ctx.arc(0, 0, face, 0, Math.PI * 2, true);
  ctx.fillStyle = ring;
  // A soft glow round the wheel, even all round so that it looks the same however the wheel turns.
  ctx.shadowColor = 'rgb(0 0 0 / 0.35)';
  ctx.shadowBlur = width * 1.2;
  ctx.fill();
  ctx.shadowColor = 'transparent';
  // A thin light line where the face meets the rim.
  ctx.beginPath();
  ctx.arc(0, 0, face, 0, Math.PI * 2);
  ctx.lineWidth = Math.max(1, width * 0.08);
  ctx.strokeStyle = 'rgb(255 255 255 / 0.55)';
  ctx.stroke();
  const pegRadius = width * PEG_RADIUS_OF_RIM;
  const pegAt = face + width / 2;
  const bounds = slices.length > 1 ? slices.map((s) => s.span.start) : [];
  for (const angle of bounds) {
    const a = toRadians(angle + ZERO_ANGLE_OFFSET_DEG);
    const x = Math.cos(a) * pegAt;
    const y = Math.sin(a) * pegAt;
    const bead = ctx.createRadialGradient(
      x - pegRadius * 0.35,
      y - pegRadius * 0.35,
      pegRadius * 0.1,
      x,
      y,
      pegRadius,
    );
    bead.addColorStop(0, '#ffffff');
    bead.addColorStop(0.45, style.pegColor);
    bead.addColorStop(1, shadeHex(style.pegColor));
    ctx.beginPath();
    ctx.arc(x, y, pegRadius, 0, Math.PI * 2);
    ctx.fillStyle = bead;
    ctx.shadowColor = 'rgb(0 0 0 / 0.45)';
    ctx.shadowBlur = pegRadius * 0.6;
    ctx.fill();
  }
  ctx.restore();
}

/** A colour mixed a third of the way to white. */
const lighten = (color: string): string => mixColor(color, 255, 1 / 3);

/** A colour mixed a third of the way to black. */
const shadeHex = (color: string): string => mixColor(color, 0, 1 / 3);

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

/** What of the look decides the room a label has. */
export type LabelRoomStyle = Pick<
  RenderStyle,
  'radius' | 'rimWidth' | 'itemLabelRadius' | 'itemLabelRadiusMax' | 'itemLabelFontSizeMax'
>;

/**
 * The room a slice of `sweepDeg` degrees gives its label on a wheel drawn in a square of `sizePx`
 * CSS px: from the hub (itemLabelRadiusMax of the radius) out to itemLabelRadius of the face
 * inside the rim.
 */
export function labelRoom(sizePx: number, style: LabelRoomStyle, sweepDeg: number): LabelRoom {
  const radius = (style.radius * sizePx) / 2;
  const face = faceRadius(radius, style);
  return {
    sweepDeg,
    innerPx: Math.min(style.itemLabelRadius, style.itemLabelRadiusMax) * radius,
    outerPx: Math.max(style.itemLabelRadius, style.itemLabelRadiusMax) * face,
    maxFontPx: (style.itemLabelFontSizeMax * sizePx) / REFERENCE_SIZE_PX,
  };
}

/**
 * The smallest label, as a share of the wheel's square: 12 CSS px on a 375 px phone, whose wheel
 * is 92 vw (345 px) across. A label that would be smaller breaks or ends in an ellipsis instead.
 */
export const LABEL_MIN_SHARE = 12 / 345;

/** The CSS font of a label at `px`. */
export const labelFont = (
  style: Pick<RenderStyle, 'itemLabelFont' | 'itemLabelFontWeight'>,
  px: number,
) => `${style.itemLabelFontWeight} ${px}px ${style.itemLabelFont}`;

function drawLabels(
  ctx: CanvasRenderingContext2D,
  radius: number,
  scale: number,
  style: RenderStyle,
  slices: readonly RenderSlice[],
): void {
  if (!slices.some((s) => s.label)) return;
  const sizePx = (2 * radius) / style.radius;
  ctx.save();
  const measure = (text: string) => {
    ctx.font = labelFont(style, REFERENCE_SIZE_PX);
    return ctx.measureText(text).width / REFERENCE_SIZE_PX;
  };
  ctx.textBaseline = 'middle';
  ctx.lineJoin = 'round';
  const strokeWidth = style.itemLabelStrokeWidth * scale;
  const rooms = slices.map((slice) => labelRoom(sizePx, style, slice.span.end - slice.span.start));
  const layouts = fitWheelLabels(
    slices.map((slice) => slice.label),
    rooms,
    measure,
    LABEL_MIN_SHARE * sizePx,
  );
  for (const [i, slice] of slices.entries()) {
    const room = rooms[i]!;
    const layout = layouts[i]!;
    if (layout.fontPx <= 0) continue;
    const fontPx = layout.fontPx;
    ctx.font = labelFont(style, fontPx);
    const width = Math.max(...layout.lines.map((line) => ctx.measureText(line).width));
    const middle = (slice.span.start + slice.span.end) / 2;
    // Labels on the left half would read upside down at rest: turned half a turn they read upright.
    const flip = style.itemLabelUpright && normalizeDeg(middle) > FULL_TURN_DEG / 2;
    // Where the block's outer and inner ends sit along the slice's middle.
    const outer =
      style.itemLabelAlign === 'right'
        ? room.outerPx
        : style.itemLabelAlign === 'left'
          ? room.innerPx + width
          : (room.outerPx + room.innerPx + width) / 2;
    ctx.save();
    // +x now runs from the centre outwards through the middle of the slice.
    ctx.rotate(toRadians(middle + ZERO_ANGLE_OFFSET_DEG));
    if (flip) {
      ctx.translate(outer - width, 0);
      ctx.rotate(Math.PI);
      ctx.textAlign = 'left';
      ctx.translate(-width, 0);
    } else {
      ctx.translate(outer, 0);
      ctx.textAlign = 'right';
    }
    ctx.rotate(toRadians(style.itemLabelRotation));
    const pitch = fontPx * LABEL_LINE_HEIGHT_EM;
    const top = -((layout.lines.length - 1) * pitch) / 2 + style.itemLabelBaselineOffset * fontPx;
    layout.lines.forEach((line, i) => {
      const y = top + i * pitch;
      if (slice.labelOutlineColor) {
        ctx.lineWidth = fontPx * LABEL_OUTLINE_EM * 2;
        ctx.strokeStyle = slice.labelOutlineColor;
        ctx.strokeText(line, 0, y);
      } else if (strokeWidth > 0) {
        ctx.lineWidth = strokeWidth * 2;
        ctx.strokeStyle = style.itemLabelStrokeColor;
        ctx.strokeText(line, 0, y);
      }
      ctx.fillStyle = slice.labelColor;
      ctx.fillText(line, 0, y);
    });
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
