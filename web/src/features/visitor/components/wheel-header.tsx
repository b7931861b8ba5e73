import { useState } from 'react';
import { VISITOR_TEXT } from '@shared/messages';
import { BusinessLogo } from '../../../components/business-logo';

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
          <BusinessLogo
            src={logoUrl}
            alt={VISITOR_TEXT.logoAlt(businessName)}
            onError={() => setFailedLogo(logoUrl)}
          />
        )}
        <p className="wheel-header__name">{businessName}</p>
      </div>
      <h1 className="wheel-header__title">{VISITOR_TEXT.heading}</h1>
    </header>
  );
}
