import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LEGAL_PAGES, type LegalPageName } from '@hausportal/contract';
import { registerLegalLinkStrings } from '@/i18n/legal-links';

registerLegalLinkStrings();

/**
 * One tap to each page German law asks for: under the login form, in the profile and
 * under each of the pages. `current` marks the page on screen for screen readers.
 */
export function LegalLinks({ current }: { current?: LegalPageName }) {
  const { t } = useTranslation();
  return (
    <nav className="legal-links" aria-label={t('legalLinks.label')}>
      <ul>
        {LEGAL_PAGES.map((page) => (
          <li key={page}>
            <Link to={`/${page}`} aria-current={page === current ? 'page' : undefined}>
              {t(`legalLinks.${page}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
