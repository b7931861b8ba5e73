import { useState } from 'react';
import { VISITOR_TEXT } from '@shared/messages';

export interface WheelHeaderProps {
  businessName: string;
  logoUrl: string;
}

/** Logo and business name, then the "Spin & Win" heading. A logo that cannot load is left out. */
export function WheelHeader({ businessName, logoUrl }: WheelHeaderProps) {
  const [failedLogo, setFailedLogo] = useState<string>();
  return (
    <header className="wheel-header">
      <div className="wheel-header__brand">
        {failedLogo === logoUrl ? null : (
          <img
            className="wheel-header__logo"
            src={logoUrl}
            alt={VISITOR_TEXT.logoAlt(businessName)}
            width={56}
            height={56}
            onError={() => setFailedLogo(logoUrl)}
          />
        )}
        <p className="wheel-header__name">{businessName}</p>
      </div>
      <h1 className="wheel-header__title">{VISITOR_TEXT.heading}</h1>
    </header>
  );
}
