import { useTranslation } from 'react-i18next';
import { TICKET_SCOPES, type TicketScope } from '@hausportal/contract';
import type { ReportDraft } from '../validate-report';

/** 'Wo ist der Schaden?': in the apartment or in the building, with its error under the choices. */
export function ScopeChoice({
  id,
  value,
  error,
  disabled,
  onChange,
}: {
  /** The first radio's id, which the error summary focuses. */
  id: string;
  value: ReportDraft['scope'];
  error: string | undefined;
  disabled: boolean;
  onChange: (scope: TicketScope) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset
      className={`choice-group${error ? ' field-invalid' : ''}`}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend>{t('tickets.where')}</legend>
      {TICKET_SCOPES.map((scope, index) => (
        <label className="choice" key={scope}>
          <input
            type="radio"
            name="scope"
            value={scope}
            id={index === 0 ? id : undefined}
            checked={value === scope}
            onChange={() => onChange(scope)}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
          />
          <span>{t(`tickets.scopes.${scope}`)}</span>
        </label>
      ))}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
