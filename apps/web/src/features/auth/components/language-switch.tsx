import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@hausportal/contract';
import { Icon } from '@/components/ui/icon';
import { currentLanguage, setLanguage } from '@/i18n';

/**
 * The login screen's language switch: a native select, which every phone shows as its
 * own large picker and screen readers know. Each language is named in itself, so a visitor finds
 * theirs whatever the screen speaks now.
 */
export function LanguageSwitch({ onChange }: { onChange: (language: Language) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="language-switch">
      <Icon name="globe" />
      <label htmlFor={id} className="visually-hidden">
        {t('profile.language')}
      </label>
      <select
        id={id}
        value={currentLanguage()}
        onChange={(event) => {
          const language = event.target.value as Language;
          void setLanguage(language).then(() => onChange(language));
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
