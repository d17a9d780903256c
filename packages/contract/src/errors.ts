/**
 * Error strings the server sends verbatim (product §6.2). The web app maps
 * them to its German texts, so both sides must agree on these exact values.
 */
export const API_ERRORS = {
  unknownApartment: 'Unknown apartment number',
  invalidCredentials: 'Invalid Credentials',
  notFound: 'Nicht gefunden.',
  passwordsDoNotMatch: 'Passwords do not match',
  wrongPassword: 'Wrong password',
  resetTokenNotFound: 'notfound',
  required: 'Eingabe ist zwingend',
} as const;

/** The oversize message of product §6.2, with the file name filled in. */
export function fileTooLargeMessage(filename: string): string {
  return `Die Datei ${filename} ist zu gross`;
}

/** A DRF-shaped error body: `detail`, field lists or `non_field_errors`. */
export type ApiErrorBody = { detail?: string; non_field_errors?: string[]; status?: string } & Record<string, unknown>;
