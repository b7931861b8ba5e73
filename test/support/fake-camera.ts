/**
 * Chromium's fake camera for the counter's scan test and bench: a browser whose camera is a y4m file
 * (`--use-file-for-fake-video-capture`), read afresh each time a page opens the camera, and that
 * file written from a PNG (a screenshot of the visitor's QR code, or a code made here): the image
 * in grey, centred on a white frame, as a 4:2:0 y4m. PNG is read with node:zlib (8-bit RGB or
 * RGBA, not interlaced: what Chromium's screenshots and qrcode's PNGs are).
 */
import { writeFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, ensureChromium } from './browser';

/** The fake camera's frame: 4:3, as a tablet's rear camera gives by default. */
const FRAME = { width: 640, height: 480 } as const;
/** Frames in the file (Chromium loops them). */
const FRAMES = 2;

/** A Chromium whose camera shows `y4mFile` without asking. */
export function launchWithFakeCamera(y4mFile: string): Promise<Browser> {
  return chromium.launch({
    executablePath: ensureChromium(),
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${y4mFile}`,
    ],
  });
}

interface Grey {
  width: number;
  height: number;
  /** One luma byte per pixel. */
  luma: Uint8Array;
}

/** The Paeth predictor of the PNG specification. */
function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** A PNG's pixels in grey (BT.601 luma). */
function readPngGrey(png: Buffer): Grey {
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colour, , , interlace] = [body[8], body[9], body[10], body[11], body[12]];
      channels = colour === 6 ? 4 : colour === 2 ? 3 : colour === 0 ? 1 : 0;
      if (depth !== 8 || channels === 0 || interlace !== 0)
        throw new Error(`PNG kind not read here: depth ${depth}, colour ${colour}`);
    } else if (type === 'IDAT') data.push(body);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const byte = raw[y * (stride + 1) + 1 + x] ?? 0;
      const a = x >= channels ? (pixels[y * stride + x - channels] ?? 0) : 0;
      const b = y > 0 ? (pixels[(y - 1) * stride + x] ?? 0) : 0;
      const c = x >= channels && y > 0 ? (pixels[(y - 1) * stride + x - channels] ?? 0) : 0;
      const predicted =
        filter === 1
          ? a
          : filter === 2
            ? b
            : filter === 3
              ? (a + b) >> 1
              : filter === 4
                ? paeth(a, b, c)
                : 0;
      pixels[y * stride + x] = (byte + predicted) & 0xff;
    }
  }
  const luma = new Uint8Array(width * height);
  for (let i = 0; i < width * height; i++) {
    const p = i * channels;
    luma[i] =
      channels < 3
        ? (pixels[p] ?? 0)
        : Math.round(
            0.299 * (pixels[p] ?? 0) + 0.587 * (pixels[p + 1] ?? 0) + 0.114 * (pixels[p + 2] ?? 0),
          );
  }
  return { width, height, luma };
}

/**
 * Writes `png` (or, without one, a blank white view) as the fake camera's y4m: scaled to fill
 * `fill` of the frame's height, centred on white.
 */
export function writeCameraFile(file: string, png?: Buffer, fill = 0.8): void {
  const { width, height } = FRAME;
  const y = new Uint8Array(width * height).fill(255);
  if (png) {
    const image = readPngGrey(png);
    const scale = (height * fill) / Math.max(image.width, image.height);
    const w = Math.round(image.width * scale);
    const h = Math.round(image.height * scale);
    const left = Math.floor((width - w) / 2);
    const top = Math.floor((height - h) / 2);
    for (let row = 0; row < h; row++)
      for (let col = 0; col < w; col++) {
        const sx = Math.min(image.width - 1, Math.floor(col / scale));
        const sy = Math.min(image.height - 1, Math.floor(row / scale));
        y[(top + row) * width + left + col] = image.luma[sy * image.width + sx] ?? 255;
      }
  }
  const chroma = new Uint8Array((width / 2) * (height / 2)).fill(128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: FRAMES }, () => frame)]));
}
