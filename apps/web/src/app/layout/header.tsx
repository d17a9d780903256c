import { forwardRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/ui/avatar';
import { Icon } from '@/components/ui/icon';
import { backTarget } from '@/lib/navigation';
import { useAppSelector } from '@/lib/redux/hooks';

/**
 * The product's own logo: the house mark and the configured product name (APP_NAME) as text,
 * so a renamed product is not shown with a baked-in name.
 */
function DefaultLogo({ name }: { name: string }) {
  return (
    <span className="default-logo" role="img" aria-label={name}>
      <img src="/logo-mark.svg" alt="" width={40} height={40} />
      <span aria-hidden="true">{name}</span>
    </span>
  );
}

/** product §2.3: back button, logo (the location's on /), and the profile button on /. */
export const Header = forwardRef<HTMLElement>(function Header(_, ref) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const signedIn = useAppSelector((s) => Boolean(s.auth.token));
  const location = useAppSelector((s) => s.location.data);
  const user = useAppSelector((s) => s.user.data);
  const back = backTarget(pathname, search, signedIn);
  const onHome = pathname === '/';
  // A persisted logo URL may have expired; the product's logo is always there.
  const [failedLogo, setFailedLogo] = useState<string | null>(null);
  const locationLogo = onHome && signedIn && location?.logo && location.logo !== failedLogo ? location.logo : null;

  return (
    <header className="app-header" ref={ref}>
      <div className="app-header-inner">
        <div className="header-start">
          {back ? (
            <Link to={back} className="back-button">
              <Icon name="back" />
              <span>{t('app.back')}</span>
            </Link>
          ) : null}
        </div>
        <Link to="/" className="header-logo" title={t('app.home')}>
          {locationLogo ? (
            <img
              src={locationLogo}
              alt={t('app.locationLogoAlt', { name: location!.title })}
              width={260}
              height={48}
              onError={() => setFailedLogo(locationLogo)}
            />
          ) : (
            <DefaultLogo name={t('app.name')} />
          )}
        </Link>
        <div className="header-end">
          {onHome && signedIn ? (
            <Link to="/profile" className="profile-button" aria-label={t('app.profileButton')}>
              <Avatar src={user?.profile_picture} alt="" size={40} />
            </Link>
          ) : null}
        </div>
      </div>
    </header>
  );
});
