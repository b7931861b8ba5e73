/**
 * The shop's logo as the wheel page shows it (56 px tall): a square-ish logo in a circle, a wide
 * one (a wordmark) whole in a rounded box as wide as it needs, up to three times its height.
 * The admin's Business Settings preview shows the same element, so the owner sees what visitors
 * will. Styles: `.wheel-header__logo` in app/global.css.
 */
import { useState, type SyntheticEvent } from 'react';

/** Wider than this (width / height) is shown whole in a rounded box instead of a circle. */
const WIDE_RATIO = 1.25;

export interface BusinessLogoProps {
  src: string;
  alt: string;
  onError?: () => void;
}

export function BusinessLogo({ src, alt, onError }: BusinessLogoProps) {
  const [wideSrc, setWideSrc] = useState<string>();
  function onLoad(event: SyntheticEvent<HTMLImageElement>) {
    const { naturalWidth, naturalHeight } = event.currentTarget;
    setWideSrc(naturalHeight > 0 && naturalWidth / naturalHeight > WIDE_RATIO ? src : undefined);
  }
  return (
    <img
      className="wheel-header__logo"
      data-shape={wideSrc === src ? 'wide' : undefined}
      src={src}
      alt={alt}
      width={56}
      height={56}
      onLoad={onLoad}
      onError={onError}
    />
  );
}
