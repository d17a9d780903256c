import { z } from 'zod';
import { API_ERRORS } from './errors.js';
import {
  bodyBoolean,
  bodyIdWholeNumber,
  csvFlag,
  queryBoolean,
  requiredText,
  textIdWholeNumber,
  tooLong,
} from './fields.js';
import { listQuery } from './schemas.js';

// Back-office schemas for staff sessions, residents, mail and the audit log;
// see docs/decisions/014-back-office.md.

// ---- staff session ----

/** What the back office's sign-in sends: staff sign in with their e-mail address. */
export const staffLoginRequest = z.object({
  email: requiredText(254),
  password: requiredText(256),
  /** The second factor (ADR 025): a code from the app or a recovery code, for accounts that use one. */
  code: z
    .string()
    .max(64, { error: tooLong(64) })
    .optional(),
});
export type StaffLoginRequest = z.infer<typeof staffLoginRequest>;

/** The refusal of a wrong e-mail or password on the staff sign-in, whatever was wrong. */
export const STAFF_LOGIN_FAILED = 'E-Mail oder Passwort ist falsch.';
/** The error code of `POST /api/login/` for a staff account with the right password. */
export const STAFF_ACCOUNT_CODE = 'staff_account';
/** The detail sent with STAFF_ACCOUNT_CODE. */
export const STAFF_ACCOUNT_DETAIL =
  'Dieses Konto gehört zur Hausverwaltung. Bitte melden Sie sich im Verwaltungsbereich an.';

/** The signed-in staff member as the back office shows them (`GET /api/admin/me/`). */
export const staffMe = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['manager', 'admin']),
  locations: z.array(z.object({ id: z.number(), title: z.string(), name: z.string() })),
  /**
   * The installation's access days (ACCESS_OPENS_DAYS_BEFORE_MOVE_IN and
   * ACCESS_CLOSES_DAYS_AFTER_MOVE_OUT): access opens this many days before the move-in and the
   * last day with access is this many days after the move-out.
   */
  access_days: z.object({ opens_before_move_in: z.number(), closes_after_move_out: z.number() }),
});
export type StaffMe = z.infer<typeof staffMe>;

/** The staff members a caller may pick in the audit log's "Person" filter. */
export const staffMember = z.object({ id: z.number(), name: z.string() });
export type StaffMember = z.infer<typeof staffMember>;

// ---- residents ----

export const INVALID_EMAIL = 'Keine gültige E-Mail-Adresse.';
export const APARTMENT_TAKEN = 'Diese Wohnungsnummer ist bereits vergeben.';
/**
 * A location with an apartment-number prefix takes only numbers that start with it (ADR 028), checked before any lookup, so a number of another location's namespace is refused by
 * its form alone.
 */
export const apartmentPrefixRequired = (prefix: string) =>
  `Wohnungsnummern in diesem Standort beginnen mit „${prefix}“.`;
/** Whether an apartment number lies in a location's namespace (case-insensitive; no prefix: any). */
export const inApartmentNamespace = (apartmentNumber: string, prefix: string | null | undefined) =>
  !prefix || apartmentNumber.trim().toLowerCase().startsWith(prefix.toLowerCase());
export const APARTMENT_TWICE = 'Diese Wohnungsnummer kommt in den Daten mehrfach vor.';
/** The import's name for an apartment that occurs on other lines of the file too: 'Wohnung doppelt in Zeile 7'. */
export function apartmentTwiceIn(otherLines: number[]): string {
  if (otherLines.length === 0) return APARTMENT_TWICE;
  const sorted = [...otherLines].sort((a, b) => a - b);
  if (sorted.length === 1) return `Wohnung doppelt in Zeile ${sorted[0]}`;
  return `Wohnung doppelt in Zeilen ${sorted.slice(0, -1).join(', ')} und ${sorted.at(-1)}`;
}
export const NO_EMAIL = 'Für diese Person ist keine E-Mail-Adresse hinterlegt.';
export const MAIL_QUEUED = 'Die E-Mail wurde in den Versand gegeben.';
/** The name an erased resident's posts and comments show (ADR 014). */
export const ERASED_NAME = 'ehemalige:r Bewohner:in';

/**
 * The apartment number is the resident's login (product §3.4, may hold a dash): letters, digits and
 * `- . / _`, no `@`, so it never collides with a staff login (an e-mail address).
 */
export const apartmentNumber = z
  .string({ error: API_ERRORS.required })
  .trim()
  .min(1, { error: API_ERRORS.required, abort: true })
  .max(50, { error: tooLong(50), abort: true })
  .regex(/^[\p{L}\p{N}][\p{L}\p{N}._/-]*$/u, {
    error: 'Nur Buchstaben, Ziffern und die Zeichen - . / _ erlaubt, ohne Leerzeichen.',
  });

/** An e-mail address or nothing: residents without one can still be created (and invited later). */
export const optionalEmail = z
  .string({ error: INVALID_EMAIL })
  .trim()
  .max(254, { error: tooLong(254) })
  .refine((s) => s === '' || z.email().safeParse(s).success, { error: INVALID_EMAIL })
  .transform((s) => s.toLowerCase());

/** A resident's account as the back office names it (product §3.4); an erased one shows 'Gelöscht'. */
export const ACCOUNT_STATUSES = ['invited', 'active', 'never', 'deactivated'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
export const ACCOUNT_STATUS_LABELS: Record<AccountStatus, string> = {
  invited: 'Eingeladen',
  active: 'Aktiv',
  never: 'Nie angemeldet',
  deactivated: 'Deaktiviert',
};

// ---- move-in, move-out and access ----

const DAY_MESSAGE = 'Bitte ein Datum wie 2026-11-01 angeben.';
/**
 * A move-in or move-out day: 'YYYY-MM-DD', a calendar day in Europe/Berlin (a contract's dates
 * carry no time), or null when unknown.
 */
export const moveDay = z.iso.date({ error: DAY_MESSAGE }).nullable();
/** The refusal of a move-out before the move-in. */
export const MOVE_OUT_BEFORE_MOVE_IN = 'Der Auszug darf nicht vor dem Einzug liegen.';
/** Whether a move-out lies on or after a move-in (either unknown: fine). */
export const moveDatesInOrder = (moveIn: string | null | undefined, moveOut: string | null | undefined) =>
  !moveIn || !moveOut || moveOut >= moveIn;

/**
 * Where a resident's access stands by the dates: 'scheduled' before the window opens (the account
 * exists, sign-in is refused, no invitation yet), 'open', or 'closed' some days after move-out
 * (sign-in refused, sessions ended). The same rules for the ERP, the CSV import and the back office.
 */
export const ACCESS_STATES = ['scheduled', 'open', 'closed'] as const;
export type AccessState = (typeof ACCESS_STATES)[number];
export const ACCESS_STATE_LABELS: Record<AccessState, string> = {
  scheduled: 'Zugang ab Einzug',
  open: 'Zugang offen',
  closed: 'Zugang beendet',
};

/** The error code of a resident's sign-in (403) outside the access window, with the day in `detail`. */
export const ACCESS_NOT_OPEN_CODE = 'access_not_open';

/** A resident as the back office lists and edits them. */
export const adminResident = z.object({
  id: z.number(),
  name: z.string(),
  apartment_number: z.string(),
  email: z.string(),
  location_id: z.number(),
  location_title: z.string(),
  is_receptionist: z.boolean(),
  emergency_services_deactivated: z.boolean(),
  is_active: z.boolean(),
  invited_at: z.string().nullable(),
  erased_at: z.string().nullable(),
  created_at: z.string(),
  /** 'deactivated' wins; signed in once: 'active'; a link or code pending: 'invited'; else 'never'. */
  account_status: z.enum(ACCOUNT_STATUSES),
  last_login_at: z.string().nullable(),
  /** Until when the newest unused activation code works, if one does. */
  activation_expires_at: z.string().nullable(),
  /** The ERP's id when the resident comes from the sync; read-only in the back office. */
  external_id: z.string().nullable(),
  move_in_on: z.string().nullable(),
  move_out_on: z.string().nullable(),
  /** By the dates and the configured days. */
  access: z.enum(ACCESS_STATES),
  /** The first day of access (null: open from the start). */
  access_opens_on: z.string().nullable(),
  /** The first day without access (null: no move-out known). */
  access_closes_on: z.string().nullable(),
});
export type AdminResident = z.infer<typeof adminResident>;

/** `GET /api/admin/residents/`: paging, location, free-text search and active filter. */
export const adminResidentQuery = listQuery.extend({
  location_id: textIdWholeNumber.optional(),
  search: z
    .string()
    .max(200, { error: tooLong(200) })
    .optional(),
  active: queryBoolean.optional(),
  status: z.enum(ACCOUNT_STATUSES, { error: 'Erwartet invited, active, never oder deactivated.' }).optional(),
});

const residentFormFields = {
  location_id: bodyIdWholeNumber,
  name: requiredText(150).transform((s) => s.trim()),
  apartment_number: apartmentNumber,
  email: optionalEmail.default(''),
  is_receptionist: bodyBoolean.default(false),
  emergency_services_deactivated: bodyBoolean.default(false),
  /** Left out, the resident's dates stay as they are; null clears one. */
  move_in_on: moveDay.optional(),
  move_out_on: moveDay.optional(),
};

/**
 * `PUT /api/admin/residents/:id/`: every field of the form. A move-out before the move-in is
 * refused by the server (MOVE_OUT_BEFORE_MOVE_IN on `move_out_on`); the schema stays a plain
 * object so the web can extend it.
 */
export const adminResidentUpdate = z.object(residentFormFields);
export type AdminResidentUpdate = z.input<typeof adminResidentUpdate>;

/**
 * `POST /api/admin/residents/`: the form, and whether to send the invitation right away. With a
 * move-in date whose access window has not opened yet, the invitation goes out when it opens.
 */
export const adminResidentCreate = adminResidentUpdate.extend({
  send_invitation: bodyBoolean.default(false),
});
export type AdminResidentCreate = z.input<typeof adminResidentCreate>;

/** `POST /api/admin/residents/:id/erasure/`: keep the resident's posts anonymously or delete them. */
export const residentErasure = z.object({
  content: z.enum(['anonymize', 'delete'], { error: 'Erwartet anonymize oder delete.' }),
});
export const residentErasureResult = z.object({ id: z.number(), erased_at: z.string() });

/** The answer of the invitation and password-reset actions. */
export const mailQueued = z.object({ detail: z.string() });

/** A date cell of the import: ISO or German ('01.11.2026'); an empty cell is null. */
const csvDay = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    const s = v.trim();
    if (s === '') return null;
    const german = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(s);
    return german ? `${german[3]}-${german[2]!.padStart(2, '0')}-${german[1]!.padStart(2, '0')}` : s;
  },
  z.iso.date({ error: 'Bitte ein Datum wie 01.11.2026 oder 2026-11-01 angeben.' }).nullable(),
);

/**
 * One row of a resident import as the client parsed it from the CSV. A missing optional field
 * leaves an existing resident's value as it is. `line` is the CSV line, echoed in errors.
 */
export const residentImportRow = z.object({
  apartment_number: apartmentNumber,
  name: requiredText(150).transform((s) => s.trim()),
  email: optionalEmail.optional(),
  is_receptionist: csvFlag.optional(),
  emergency_services_deactivated: csvFlag.optional(),
  /** Columns `einzug` and `auszug`: 2026-11-01 or 01.11.2026; empty clears the date. */
  move_in_on: csvDay.optional(),
  move_out_on: csvDay.optional(),
  line: z.number().int().min(0).max(10_000_000).optional(),
});
export type ResidentImportRow = z.input<typeof residentImportRow>;

/** The most rows one import call takes; the client sends batches of 500. */
export const MAX_IMPORT_ROWS = 1000;

/** `POST /api/admin/residents/import/`: rows are checked one by one, so each is any JSON value here. */
export const residentImportRequest = z.object({
  location_id: bodyIdWholeNumber,
  rows: z
    .array(z.unknown())
    .min(1, { error: 'Mindestens eine Zeile erwartet.' })
    .max(MAX_IMPORT_ROWS, { error: `Höchstens ${MAX_IMPORT_ROWS} Zeilen pro Aufruf.` }),
  dry_run: bodyBoolean.default(false),
  // The import invites by default; the screen's checkbox starts checked.
  send_invitations: bodyBoolean.default(true),
});

export const residentImportResult = z.object({
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  invited: z.number(),
  errors: z.array(
    z.object({
      row: z.number(),
      line: z.number().optional(),
      errors: z.record(z.string(), z.array(z.string())),
    }),
  ),
});
export type ResidentImportResult = z.infer<typeof residentImportResult>;

// ---- mail ----

export const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const;

/** A mail of the outbox as the back office lists it. */
export const adminEmail = z.object({
  id: z.number(),
  to_address: z.string(),
  subject: z.string(),
  kind: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  location_id: z.number().nullable(),
});
export type AdminEmail = z.infer<typeof adminEmail>;
/** One mail with its body (redacted when it held a secret link). */
export const adminEmailDetail = adminEmail.extend({ body_text: z.string() });
export type AdminEmailDetail = z.infer<typeof adminEmailDetail>;

export const adminEmailQuery = listQuery.extend({
  status: z.enum(MAIL_STATUSES, { error: 'Erwartet pending, sent oder failed.' }).optional(),
  location_id: textIdWholeNumber.optional(),
});

// ---- audit log ----

/** One entry of the audit log; details, before and after are the parsed JSON. */
export const auditEntry = z.object({
  id: z.number(),
  created_at: z.string(),
  user_id: z.number().nullable(),
  user_name: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.number().nullable(),
  location_id: z.number().nullable(),
  details: z.unknown(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditQuery = listQuery.extend({
  location_id: textIdWholeNumber.optional(),
  user_id: textIdWholeNumber.optional(),
  entity: z
    .string()
    .max(50, { error: tooLong(50) })
    .optional(),
});

/** How long an invitation link lets a new resident set their first password. */
export const INVITATION_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
