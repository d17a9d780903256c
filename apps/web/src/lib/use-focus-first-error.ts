import { useEffect, type RefObject } from 'react';

/**
 * After a refused submit the focus moves to the first field the answer marked invalid (a screen
 * reader then reads its label and error, a keyboard user can retype at once), or else to the
 * form-wide error. Without it the message appears silently under a field while the focus stays on
 * the button. `refusals` counts the refusals; each new one moves the focus again.
 */
export function useFocusFirstError(form: RefObject<HTMLFormElement | null>, refusals: number) {
  useEffect(() => {
    if (!refusals || !form.current) return;
    const field = form.current.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (field) {
      field.focus();
      return;
    }
    const message = form.current.querySelector<HTMLElement>('.form-error:not([hidden])');
    if (!message) return;
    message.tabIndex = -1;
    message.focus();
  }, [form, refusals]);
}
