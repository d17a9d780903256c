import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isBlank } from './validation';

/**
 * product §5.1: a required field left blank says so, but only once the form was submitted.
 * `markSubmitted()` records the attempt; `required(value)` is the field's message or null.
 */
export function useRequired() {
  const { t } = useTranslation();
  const [submitted, setSubmitted] = useState(false);
  return {
    markSubmitted: () => setSubmitted(true),
    required: (value: string) => (submitted && isBlank(value) ? t('errors.required') : null),
  };
}
