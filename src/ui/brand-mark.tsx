import { useState } from 'react';
import { brandInitial } from '../theme/theme';
import { useAssistantState } from './context';

/** The logo, or the brand's initial when there is none or it fails to load. */
export function BrandMark({ className, alt }: { className: string; alt: string }) {
  const logoUrl = useAssistantState((state) => state.theme.logoUrl);
  const brandName = useAssistantState((state) => state.theme.brandName);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showLogo = logoUrl !== '' && failedUrl !== logoUrl;
  return (
    <span className={className} part={className === 'logo' ? 'logo' : undefined}>
      {showLogo ? (
        <img src={logoUrl} alt={alt} referrerPolicy="no-referrer" onError={() => setFailedUrl(logoUrl)} />
      ) : (
        <span aria-hidden="true">{brandInitial(brandName)}</span>
      )}
    </span>
  );
}
