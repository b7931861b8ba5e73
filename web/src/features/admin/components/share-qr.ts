/**
 * QR codes for the Share page, as SVG text (sharp at any print size). The library (qrcode) is
 * imported on first use, so it loads only with that page.
 */
import { useEffect, useState } from 'react';

/** The QR code of `url` as SVG text (the library imported on first use). */
async function qrCodeSvg(url: string): Promise<string> {
  const { toString } = await import('qrcode');
  return toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}
export const svgDataUrl = (svg: string) =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** The QR code of `url` (SVG text), undefined while it is made, null when it could not be. */
export function useQrCode(url: string | undefined): string | null | undefined {
  const [made, setMade] = useState<{ url: string; svg: string | null }>();
  useEffect(() => {
    if (!url) return;
    let live = true;
    qrCodeSvg(url).then(
      (svg) => live && setMade({ url, svg }),
      () => live && setMade({ url, svg: null }),
    );
    return () => {
      live = false;
    };
  }, [url]);
  return made && made.url === url ? made.svg : undefined;
}
