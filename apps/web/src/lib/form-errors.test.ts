import { describe, expect, it } from 'vitest';
import { i18next } from '@/i18n';
import {
  changePasswordErrors,
  describeError,
  forgotPasswordErrors,
  loginErrors,
  resetConfirmErrors,
} from './form-errors';

const t = i18next.getFixedT('de');

describe('loginErrors', () => {
  it("shows 'Unknown apartment number' as the German username error", () => {
    expect(loginErrors({ non_field_errors: ['Unknown apartment number'] }, t)).toEqual({
      fields: { apartment_number: 'Der Benutzername ist falsch, bitte überprüfen Sie die Schreibweise' },
      general: null,
    });
  });

  it("shows 'Invalid Credentials' as the German password error", () => {
    expect(loginErrors({ non_field_errors: ['Invalid Credentials'] }, t)).toEqual({
      fields: { password: 'Das Passwort ist falsch, bitte überprüfen Sie die Schreibweise' },
      general: null,
    });
  });

  it("shows the spec's offline error value ('Network unavailable, try later.') in German", () => {
    expect(loginErrors('Network unavailable, try later.', t).general).toBe(
      'Nicht gesendet: Sie sind offline. Bitte versuchen Sie es erneut, sobald Sie wieder online sind.',
    );
  });

  it('shows other server messages in the general area', () => {
    expect(loginErrors({ detail: 'Zu viele Versuche.' }, t)).toEqual({ fields: {}, general: 'Zu viele Versuche.' });
  });
});

describe('forgotPasswordErrors', () => {
  it("shows 'Nicht gefunden.' as 'Dieser Benutzername existiert nicht.' under the username", () => {
    expect(forgotPasswordErrors({ detail: 'Nicht gefunden.' }, t)).toEqual({
      fields: { apartment_number: 'Dieser Benutzername existiert nicht.' },
      general: null,
    });
  });

  it('puts a field error of the reset call under the one username field', () => {
    expect(forgotPasswordErrors({ email: ['Eingabe ist zwingend'] }, t).fields).toEqual({
      apartment_number: 'Eingabe ist zwingend',
    });
  });
});

describe('resetConfirmErrors', () => {
  it("shows status 'notfound' as 'Der Token ist ungültig'", () => {
    expect(resetConfirmErrors({ status: 'notfound' }, t)).toEqual({ fields: {}, general: 'Der Token ist ungültig' });
  });

  it("shows 'Passwords do not match' as the German mismatch under the repeat field", () => {
    expect(resetConfirmErrors({ non_field_errors: ['Passwords do not match'] }, t)).toEqual({
      fields: { repeat_password: 'Die Passwörter stimmen nicht überein.' },
      general: null,
    });
  });

  it('shows a password field error under its field', () => {
    const message = 'Das Passwort muss mindestens 8 Zeichen lang sein.';
    expect(resetConfirmErrors({ password: [message] }, t).fields.password).toBe(message);
  });
});

describe('changePasswordErrors', () => {
  it("shows old_password 'Wrong password' as the German text under the current password", () => {
    expect(changePasswordErrors({ old_password: ['Wrong password'] }, t)).toEqual({
      fields: { old_password: 'Das eingegebene Passwort ist falsch, bitte überprüfen Sie die Schreibweise.' },
      general: null,
    });
  });

  it('shows the mismatch under the repeat field', () => {
    expect(changePasswordErrors({ non_field_errors: ['Passwords do not match'] }, t)).toEqual({
      fields: { repeat_password: 'Die Passwörter stimmen nicht überein.' },
      general: null,
    });
  });

  it('shows other non-field errors as they are in the general area', () => {
    expect(changePasswordErrors({ non_field_errors: ['Das Passwort ist zu einfach.'] }, t)).toEqual({
      fields: {},
      general: 'Das Passwort ist zu einfach.',
    });
  });

  it('keeps other non-field errors next to a handled mismatch', () => {
    const errors = changePasswordErrors({ non_field_errors: ['Passwords do not match', 'Noch etwas.'] }, t);
    expect(errors.fields.repeat_password).toBe('Die Passwörter stimmen nicht überein.');
    expect(errors.general).toBe('Noch etwas.');
  });
});

describe('describeError', () => {
  it('turns a body that is not JSON into a polite German sentence', () => {
    expect(describeError('<html>Bad Gateway</html>', t).general).toBe(
      'Das hat leider nicht geklappt. Bitte versuchen Sie es später erneut.',
    );
  });

  it('puts field lists under their fields', () => {
    expect(describeError({ text: ['Eingabe ist zwingend'] }, t)).toEqual({
      fields: { text: 'Eingabe ist zwingend' },
      general: null,
    });
  });
});
