import { API_ERRORS } from '@hausportal/contract';
import type { TFunction } from 'i18next';
import { OFFLINE_MESSAGE } from './api-client';

/** What a form shows: messages under fields, and one for the general error area. */
export interface FormErrors {
  fields: Record<string, string>;
  general: string | null;
}

/** A form with nothing to complain about. */
export const noFormErrors: FormErrors = { fields: {}, general: null };

function messages(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
}

/**
 * Turns a parsed DRF error body (product §6.1) into form messages as they came:
 * field lists under their fields, `detail` and `non_field_errors` in the general area.
 * A body that is not JSON is not meant for residents, so it becomes a polite sentence;
 * the offline error gets its own sentence (product §9.14).
 */
export function describeError(body: unknown, t: TFunction, handled: readonly string[] = []): FormErrors {
  const result: FormErrors = { fields: {}, general: null };
  if (typeof body === 'string') {
    result.general = body === OFFLINE_MESSAGE ? t('errors.offline') : t('errors.generic');
    return result;
  }
  if (!body || typeof body !== 'object') {
    result.general = t('errors.generic');
    return result;
  }
  const general: string[] = [];
  let handledAny = false;
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    const list = messages(value);
    if (list.length === 0) continue;
    if (key === 'non_field_errors' || key === 'detail' || key === 'status' || key === 'error') {
      for (const message of list) {
        // Messages the caller maps to a field itself are left out of the general area.
        if (handled.includes(message)) handledAny = true;
        else general.push(message);
      }
    } else result.fields[key] = list.join(' ');
  }
  result.general = general.length ? general.join(' ') : null;
  if (!handledAny && !result.general && Object.keys(result.fields).length === 0) result.general = t('errors.generic');
  return result;
}

function nonField(body: unknown): string[] {
  return body && typeof body === 'object' ? messages((body as Record<string, unknown>).non_field_errors) : [];
}

/** product §6.2, login: the two server messages become German texts under the fields. */
export function loginErrors(body: unknown, t: TFunction): FormErrors {
  const list = nonField(body);
  if (list.includes(API_ERRORS.unknownApartment)) {
    return { fields: { apartment_number: t('errors.unknownApartment') }, general: null };
  }
  if (list.includes(API_ERRORS.invalidCredentials)) {
    return { fields: { password: t('errors.invalidCredentials') }, general: null };
  }
  return describeError(body, t);
}

/** product §6.2, forgot password: 'Nicht gefunden.' means the username does not exist. */
export function forgotPasswordErrors(body: unknown, t: TFunction): FormErrors {
  if (body && typeof body === 'object' && (body as { detail?: unknown }).detail === API_ERRORS.notFound) {
    return { fields: { apartment_number: t('errors.userNotFound') }, general: null };
  }
  const errors = describeError(body, t);
  // The lookup and the reset call know the field as apartment_number or email; it is one field here.
  const fieldMessage = errors.fields.apartment_number ?? errors.fields.email;
  return fieldMessage ? { fields: { apartment_number: fieldMessage }, general: errors.general } : errors;
}

/** product §6.2, reset: status 'notfound' and the mismatch get German texts. */
export function resetConfirmErrors(body: unknown, t: TFunction): FormErrors {
  if (body && typeof body === 'object' && (body as { status?: unknown }).status === API_ERRORS.resetTokenNotFound) {
    return { fields: {}, general: t('errors.tokenInvalid') };
  }
  const errors = describeError(body, t, [API_ERRORS.passwordsDoNotMatch]);
  if (nonField(body).includes(API_ERRORS.passwordsDoNotMatch)) {
    errors.fields.repeat_password = t('errors.passwordsDoNotMatch');
  }
  return errors;
}

/**
 * product §6.2, change password: a wrong old password and the mismatch go under their fields in
 * German; other non-field errors are shown as they are in the general area.
 */
export function changePasswordErrors(body: unknown, t: TFunction): FormErrors {
  const errors = describeError(body, t, [API_ERRORS.passwordsDoNotMatch]);
  const old = body && typeof body === 'object' ? messages((body as Record<string, unknown>).old_password) : [];
  if (old.includes(API_ERRORS.wrongPassword)) errors.fields.old_password = t('errors.wrongPassword');
  if (nonField(body).includes(API_ERRORS.passwordsDoNotMatch)) {
    errors.fields.repeat_password = t('errors.passwordsDoNotMatch');
  }
  return errors;
}
