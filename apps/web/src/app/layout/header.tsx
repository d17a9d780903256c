import { forwardRef } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/ui/avatar';
import { Icon } from '@/components/ui/icon';
import { backTarget } from '@/lib/navigation';
import { useAppSelector } from '../hooks';

const DEFAULT_LOGO = '/logo.svg';

/** SPEC §2: back button, logo (the location's on /), and the profile button on /. */
export const Header = forwardRef<HTMLElement>(function Header(_, ref) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const signedIn = useAppSelector((s) => Boolean(s.auth.token));
  const location = useAppSelector((s) => s.location.data);
  const user = useAppSelector((s) => s.user.data);
  const back = backTarget(pathname, search);
  const onHome = pathname === '/';
  const useLocationLogo = onHome && signedIn && Boolean(location?.logo);
  const logo = useLocationLogo ? location!.logo! : DEFAULT_LOGO;
  const logoAlt = useLocationLogo ? t('app.locationLogoAlt', { name: location!.title }) : t('app.defaultLogoAlt');

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
          <img
            src={logo}
            alt={logoAlt}
            height={40}
            onError={(event) => {
              // A persisted logo URL may have expired; the default logo is always there.
              const img = event.currentTarget;
              if (!img.src.endsWith(DEFAULT_LOGO)) img.src = DEFAULT_LOGO;
            }}
          />
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
