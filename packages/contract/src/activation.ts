import { z } from 'zod';
import { optionalEmail } from './admin-people.js';
import { bodyIdWholeNumber } from './fields.js';
import { passwordResetConfirm } from './schemas.js';

// Residents get into their accounts: the account status the back office shows, the
// activation letter with its one-time code, and the resident's page /aktivieren/{code}.

// ---- the code ----

/**
 * The code's characters: capitals and digits without 0/O and 1/I, which print and read aloud
 * alike. 32 characters, so each carries 5 bits.
 */
export const ACTIVATION_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Characters in a code: 60 bits, printed in three groups of four (ABCD-EFGH-JKLM). */
export const ACTIVATION_CODE_LENGTH = 12;
/** How long a letter's code works. */
export const ACTIVATION_CODE_TTL_DAYS = 30;
/** The most letters one PDF holds. */
export const MAX_ACTIVATION_LETTERS = 500;

/** The code as typed, without blanks, dashes and case: what is hashed and compared. */
export function normalizeActivationCode(input: string): string {
  return input.replace(/[\s\u2010-\u2015-]+/g, '').toUpperCase();
}

/** The code in groups of four for print and for reading aloud: ABCD-EFGH-JKLM. */
export function formatActivationCode(code: string): string {
  return (normalizeActivationCode(code).match(/.{1,4}/g) ?? []).join('-');
}

const CODE_PATTERN = new RegExp(`^[${ACTIVATION_CODE_ALPHABET}]{${ACTIVATION_CODE_LENGTH}}$`);

export const ACTIVATION_CODE_FORMAT =
  'Der Aktivierungscode besteht aus 12 Buchstaben und Ziffern, z. B. ABCD-EFGH-JKLM.';
export const ACTIVATION_CODE_UNKNOWN =
  'Diesen Aktivierungscode gibt es nicht. Bitte prüfen Sie die Eingabe. Haben Sie einen neueren Brief erhalten, gilt nur dessen Code.';
export const ACTIVATION_CODE_EXPIRED =
  'Dieser Aktivierungscode ist abgelaufen. Bitte bitten Sie Ihre Hausverwaltung um einen neuen Brief.';
export const ACTIVATION_CODE_USED =
  'Dieser Aktivierungscode wurde bereits verwendet. Melden Sie sich mit Ihrer Wohnungsnummer und Ihrem Passwort an.';
export const PASSWORDS_DIFFER = 'Die Passwörter stimmen nicht überein.';
export const ACTIVATION_DONE = 'Ihr Konto ist eingerichtet. Bitte melden Sie sich jetzt an.';

/** A code as the resident types it: blanks, dashes and case do not matter. */
export const activationCode = z
  .string({ error: ACTIVATION_CODE_FORMAT })
  .max(64, { error: ACTIVATION_CODE_FORMAT })
  .transform(normalizeActivationCode)
  .refine((s) => CODE_PATTERN.test(s), { error: ACTIVATION_CODE_FORMAT });

/** `POST /api/activation/`: the code from the letter, the new password twice, optionally an e-mail address. */
export const activationRequest = z.object({
  code: activationCode,
  // The same rules as a password reset.
  password: passwordResetConfirm.shape.password,
  repeat_password: passwordResetConfirm.shape.repeat_password,
  email: optionalEmail.default(''),
});
export type ActivationRequest = z.input<typeof activationRequest>;

/**
 * The answer: the login, the sentence to show, and a session token (ADR 044): the resident is
 * signed in at once. No token when the account's access window is not open (move dates).
 */
export const activationResult = z.object({
  apartment_number: z.string(),
  detail: z.string(),
  token: z.string().nullable(),
});
export type ActivationResult = z.infer<typeof activationResult>;

// ---- the letters ----

/** `POST /api/admin/residents/activation-letters/`: the residents to print a letter for. */
export const activationLettersRequest = z.object({
  ids: z
    .array(bodyIdWholeNumber, { error: 'Eine Liste von Bewohner:innen erwartet.' })
    .min(1, { error: 'Bitte wählen Sie mindestens eine Person aus.' })
    .max(MAX_ACTIVATION_LETTERS, {
      error: `Höchstens ${MAX_ACTIVATION_LETTERS} Aktivierungsbriefe auf einmal. Bitte wählen Sie weniger aus.`,
    }),
});
export type ActivationLettersRequest = z.input<typeof activationLettersRequest>;

// ---- the invitation link: /willkommen/{token} (ADR 044) ----

/** `POST /api/welcome/lookup/`: whom an invitation link greets. */
export const welcomeLookup = z.object({ token: z.string().max(256) });
/** The greeting: first name as the management wrote it, the house and the apartment. */
export const welcomeInfo = z.object({ name: z.string(), location_title: z.string(), apartment_number: z.string() });
export type WelcomeInfo = z.infer<typeof welcomeInfo>;
/** `POST /api/welcome/`: the first password with the link's token; answers a session token. */
export const welcomeConfirm = passwordResetConfirm;
export const welcomeResult = z.object({ token: z.string().nullable() });
export type WelcomeResult = z.infer<typeof welcomeResult>;
