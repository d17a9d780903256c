import { useEffect, useState, type ChangeEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, type Language } from '@hausportal/contract';
import { useSession } from '@/entities/session/use-session';
import { fetchProfile, updateProfile } from '@/entities/user/slice';
import { Avatar } from '@/components/ui/avatar';
import { Icon } from '@/components/ui/icon';
import { Page } from '@/components/ui/page';
import { useAppDispatch, useAppSelector } from '@/lib/redux/hooks';
import { parseErrorBody } from '@/lib/api-client';
import { describeError } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { ACCEPT, isAcceptedImage, isTooLarge } from '@/lib/files';
import { apartmentPart } from '@/lib/text';
import { i18next, setLanguage } from '@/i18n';
import { SignedInDevices } from '@/components/signed-in-devices';
import { LegalLinks } from '@/components/legal-links';
import { downloadMyData, residentSessions } from '../api';
import { LanguageModal } from './language-modal';
import { NotificationsCard } from '../notifications/notifications-card';
import { InstallCard } from './install-card';
import { registerBackOfficeStrings } from '@/i18n/back-office';
import { registerPostStrings } from '@/i18n/posts';

registerBackOfficeStrings();
registerPostStrings();

export default function ProfilePage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { signOut } = useSession();
  const { success } = useParams();
  const { data: user, updating } = useAppSelector((s) => s.user);
  const loggingOut = useAppSelector((s) => s.auth.fetching);
  const [languageOpen, setLanguageOpen] = useState(false);
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    void dispatch(fetchProfile());
  }, [dispatch]);

  const showError = (body: unknown) => {
    const errors = describeError(body, t);
    notify('error', errors.general ?? Object.values(errors.fields).join(' '));
  };

  async function onPicture(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // product §5.3: the size is checked before anything is sent.
    if (isTooLarge(file)) {
      notify('error', t('errors.fileTooLarge', { filename: file.name }));
      return;
    }
    if (!(await isAcceptedImage(file))) {
      notify('error', t('newMessage.onlyImage', { filename: file.name }));
      return;
    }
    try {
      await dispatch(updateProfile({ picture: file })).unwrap();
      notify('success', t('profile.pictureSaved'));
    } catch (body) {
      showError(body);
    }
  }

  async function onLanguage(language: Language) {
    try {
      await dispatch(updateProfile({ language })).unwrap();
      await setLanguage(language);
      setLanguageOpen(false);
      // In the language just chosen: `t` of this render still speaks the old one.
      notify('success', i18next.t('profile.languageSaved'));
    } catch (body) {
      showError(body);
    }
  }

  async function onExport() {
    if (!user) return;
    setExporting(true);
    try {
      await downloadMyData(user.apartment_number);
      notify('success', t('profile.exported'));
    } catch (failure) {
      showError(parseErrorBody(failure));
    } finally {
      setExporting(false);
    }
  }

  const language: Language = user?.language ?? 'de';

  return (
    <Page title={t('titles.profile')} className="page-narrow">
      {/* product §2.15: any value of the optional route parameter counts, not only /profile/success. */}
      {success !== undefined ? (
        <p className="notice notice-success" role="status">
          {t('profile.success')}
        </p>
      ) : null}
      <section className="card profile-card">
        <div className="profile-picture">
          <Avatar src={user?.profile_picture} alt={t('profile.picture')} size={112} />
          <label className="button button-small picture-change">
            <Icon name="camera" />
            <span>{t('profile.change')}</span>
            <input
              className="visually-hidden"
              type="file"
              name="profile_picture"
              accept={ACCEPT.image}
              onChange={onPicture}
              disabled={updating}
            />
          </label>
        </div>
        <p className="profile-name">
          <bdi>{user?.name}</bdi>
        </p>
        {/* product §2.15: 'Wohnung' and the part of the apartment number after the first dash, as one line. */}
        <p className="profile-apartment">
          {user ? (
            <>
              {t('profile.apartment')} <bdi>{apartmentPart(user.apartment_number)}</bdi>
            </>
          ) : null}
        </p>
        <dl className="details profile-details">
          <div>
            <dt>{t('profile.email')}</dt>
            <dd>{user?.email}</dd>
          </div>
          <div>
            <dt>{t('profile.language')}</dt>
            <dd lang={language}>{LANGUAGE_NAMES[language]}</dd>
          </div>
        </dl>
        <div className="stack">
          <Link to="/requests" className="button button-block">
            <Icon name="comment" />
            <span>{t('backOffice.myRequests')}</span>
          </Link>
          <Link to="/change-password" className="button button-block">
            <Icon name="key" />
            <span>{t('profile.changePassword')}</span>
          </Link>
          <button type="button" className="button button-block" onClick={() => setLanguageOpen(true)}>
            <Icon name="language" />
            <span>{t('profile.changeLanguage')}</span>
          </button>
          <button
            type="button"
            className="button button-block button-danger"
            disabled={loggingOut}
            aria-busy={loggingOut}
            onClick={() => void signOut()}
          >
            <Icon name="logout" />
            <span>{t('profile.logout')}</span>
          </button>
        </div>
      </section>
      <NotificationsCard />
      <InstallCard />
      <SignedInDevices api={residentSessions} />
      <section className="card stack profile-section" aria-labelledby="my-data-heading">
        <h2 id="my-data-heading">{t('profile.myData')}</h2>
        <p className="muted">{t('profile.exportHint')}</p>
        <button
          type="button"
          className="button button-block"
          onClick={() => void onExport()}
          disabled={exporting || !user}
          aria-busy={exporting}
        >
          <Icon name="download" />
          <span>{exporting ? t('profile.exporting') : t('profile.exportData')}</span>
        </button>
      </section>
      <LegalLinks />
      <LanguageModal
        key={languageOpen ? 'open' : 'closed'}
        open={languageOpen}
        current={language}
        busy={updating}
        onClose={() => setLanguageOpen(false)}
        onSave={(choice) => void onLanguage(choice)}
      />
    </Page>
  );
}
