import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@hausportal/contract';
import { Modal } from '@/components/ui/modal';

interface LanguageModalProps {
  open: boolean;
  current: Language;
  busy: boolean;
  onClose: () => void;
  onSave: (language: Language) => void;
}

/** The spec's language selector, now wired in: each language named in itself. */
export function LanguageModal({ open, current, busy, onClose, onSave }: LanguageModalProps) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<Language>(current);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    onSave(choice);
  }

  return (
    <Modal open={open} title={t('profile.chooseLanguage')} onClose={onClose}>
      <form className="form" onSubmit={onSubmit}>
        <fieldset className="choice-group">
          <legend className="visually-hidden">{t('profile.language')}</legend>
          {LANGUAGES.map((language) => (
            <label key={language} className="choice">
              <input
                type="radio"
                name="language"
                value={language}
                checked={choice === language}
                onChange={() => setChoice(language)}
              />
              <span lang={language}>{LANGUAGE_NAMES[language]}</span>
            </label>
          ))}
        </fieldset>
        <div className="button-row">
          <button type="button" className="button" onClick={onClose}>
            {t('profile.cancel')}
          </button>
          <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
            {t('profile.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
