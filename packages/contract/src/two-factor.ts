import { z } from 'zod';
import { bodyBoolean, requiredText } from './fields.js';

// Staff sign-in with a second factor (ADR 025): TOTP (RFC 6238) with recovery codes.

/** The machine-readable code of `POST /api/staff/login/` when the account needs a second factor. */
export const TWO_FACTOR_REQUIRED_CODE = 'two_factor_required';
/** The detail sent with TWO_FACTOR_REQUIRED_CODE (401). */
export const TWO_FACTOR_REQUIRED_DETAIL =
  'Bitte geben Sie den 6-stelligen Code aus Ihrer Authenticator-App oder einen Wiederherstellungscode ein.';
/** The code of the 403 every other back-office call answers while a required setup is missing. */
export const TWO_FACTOR_SETUP_CODE = 'two_factor_setup_required';
export const TWO_FACTOR_SETUP_DETAIL =
  'Ihre Hausverwaltung verlangt für alle Konten die Anmeldung mit zweitem Faktor. Bitte richten Sie sie zuerst ein.';
/** A code that is wrong, too old or already used. */
export const TWO_FACTOR_WRONG_CODE = 'Der Code ist falsch oder abgelaufen. Bitte geben Sie den aktuellen Code ein.';
export const TWO_FACTOR_CODE_USED =
  'Dieser Code wurde schon verwendet. Bitte warten Sie auf den nächsten Code Ihrer App.';

/** How many one-time recovery codes a setup (or a regeneration) hands out. */
export const RECOVERY_CODE_COUNT = 10;

/** A code from the app (6 digits) or a recovery code, as typed (spaces and hyphens are ignored). */
export const twoFactorCode = requiredText(64);

/** The caller's second factor (`GET /api/admin/two-factor/`); never the secret. */
export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  enabled_at: z.string().nullable(),
  /** The install requires a second factor for every staff account. */
  required: z.boolean(),
  recovery_codes_left: z.number(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

/** A new, not yet confirmed secret: shown once, for the app (QR code) or typed by hand. */
export const twoFactorSetup = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  /** The otpauth URL as a QR code, a `data:image/svg+xml` URL. */
  qr_code: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetup>;

export const twoFactorConfirm = z.object({ code: twoFactorCode });
export type TwoFactorConfirm = z.infer<typeof twoFactorConfirm>;

/** The recovery codes, shown once after the setup or a regeneration. */
export const recoveryCodes = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodes>;

export const twoFactorDisable = z.object({ password: requiredText(256), code: twoFactorCode });
export type TwoFactorDisable = z.infer<typeof twoFactorDisable>;

/** The administrators' setting: every staff account must use a second factor. */
export const twoFactorRequirement = z.object({ required: bodyBoolean });
export type TwoFactorRequirement = z.infer<typeof twoFactorRequirement>;

/** A staff member and whether their second factor is set up (for an administrator's reset). */
export const staffTwoFactor = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['manager', 'admin']),
  enabled: z.boolean(),
});
export type StaffTwoFactor = z.infer<typeof staffTwoFactor>;
