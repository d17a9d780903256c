import { useCallback, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LegalPage as LegalPageData, LegalPageName } from '@hausportal/contract';
import { LegalLinks } from '@/components/legal-links';
import { LoadedAt, NotLoaded } from '@/components/ui/not-loaded';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { currentLanguage } from '@/i18n';
import { registerLegalStrings } from '@/i18n/legal';
import { formatDate } from '@/lib/format-date';
import { remoteCache, useRemote } from '@/lib/use-remote';
import { fetchLegalPage } from '../api';
import { FeedbackForm } from './feedback-form';
import '@/components/legal-content.css';
import './legal.css';

registerLegalStrings();

/** The operator's text stays readable offline once it was read: it is the same for everyone. */
const legalCache = remoteCache('legal');

/**
 * Impressum, Datenschutz or Barrierefreiheit, for anyone, signed in or not. The text is
 * the operator's, in German, rendered and sanitised by the server (lib/markdown.ts there); the
 * frame around it speaks the resident's language. The accessibility statement ends with its
 * feedback form.
 */
export default function LegalPage({ page }: { page: LegalPageName }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const stored = legalCache<LegalPageData>(page);
  const load = useCallback(() => fetchLegalPage(page), [page]);
  const { data, state, reload } = useRemote(stored, load);

  // A link of the text to another page of the app ('/datenschutz') stays in the app instead of
  // loading it anew; links to other sites and mail addresses behave as links do.
  const followInternal = useCallback(
    (event: MouseEvent<HTMLElement>) => {
      const link = (event.target as HTMLElement).closest('a');
      const href = link?.getAttribute('href');
      if (!href?.startsWith('/') || href.startsWith('//') || event.metaKey || event.ctrlKey || event.shiftKey) return;
      event.preventDefault();
      navigate(href);
    },
    [navigate],
  );

  return (
    <Page title={t(`legal.titles.${page}`)} className="page-narrow legal-page">
      {data ? (
        <>
          <LoadedAt name={stored.key} />
          {data.template ? (
            <div className="notice legal-template" role="note">
              <p>
                <strong>{t('legal.template')}</strong>
              </p>
              <p>{t('legal.templateHint')}</p>
            </div>
          ) : null}
          {currentLanguage() !== 'de' ? <p className="muted legal-german-only">{t('legal.germanOnly')}</p> : null}
          {/* The operator's German text keeps its language and direction inside any interface language. */}
          <article
            className="card legal-content"
            lang="de"
            dir="ltr"
            onClick={followInternal}
            dangerouslySetInnerHTML={{ __html: data.html }}
          />
          {data.updated_at ? (
            <p className="muted legal-updated">{t('legal.updated', { date: formatDate(data.updated_at) })}</p>
          ) : null}
          {page === 'barrierefreiheit' ? <FeedbackForm /> : null}
        </>
      ) : state === 'loading' ? (
        <Spinner label={t('legal.loading')} />
      ) : (
        <NotLoaded onRetry={reload} />
      )}
      <LegalLinks current={page} />
    </Page>
  );
}
