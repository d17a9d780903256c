import { z } from 'zod';
import { ACCESS_STATES, ACCOUNT_STATUSES, apartmentNumber, moveDay, optionalEmail } from './admin-people.js';
import { bodyBoolean, bodyIdWholeNumber, requiredText, textIdWholeNumber, tooLong } from './fields.js';
import { listQuery } from './schemas.js';

// The resident sync from an ERP: `PUT /api/integration/residents/{external_id}` upserts
// one resident, `POST /api/integration/residents/sync` up to MAX_SYNC_RECORDS; both with the scope
// `residents:write`, reads with `residents:read`. Access opens and closes by the move dates, by the
// same rules as the back office and the CSV import.

/** The most records one sync call takes. */
export const MAX_SYNC_RECORDS = 5000;

export const EXTERNAL_ID_MESSAGE =
  'Eine externe ID aus Buchstaben, Ziffern und den Zeichen . _ : - (höchstens 100 Zeichen).';
/** An ERP's id of a resident: letters, digits and `. _ : -`, as it stands in a path segment. */
export const externalId = z
  .string({ error: EXTERNAL_ID_MESSAGE })
  .max(100, { error: tooLong(100), abort: true })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:-]*$/, { error: EXTERNAL_ID_MESSAGE });

export const externalIdParams = z.object({ external_id: externalId });

/**
 * What the ERP sends of a resident. Flags and `is_active` left out keep the resident's values
 * (false for a new one, active for a new one); the dates left out or null mean unknown.
 */
export const integrationResidentFields = {
  location_id: bodyIdWholeNumber,
  apartment_number: apartmentNumber,
  name: requiredText(150).transform((s) => s.trim()),
  email: optionalEmail.default(''),
  is_receptionist: bodyBoolean.optional(),
  emergency_services_deactivated: bodyBoolean.optional(),
  /** False deactivates the account (sessions end); true reactivates one the sync deactivated. */
  is_active: bodyBoolean.optional(),
  move_in_on: moveDay.default(null),
  move_out_on: moveDay.default(null),
};

/** `PUT /api/integration/residents/{external_id}`. */
export const integrationResidentPut = z.object(integrationResidentFields);
export type IntegrationResidentPut = z.input<typeof integrationResidentPut>;

/** One record of a sync: the PUT's body with its external id. */
export const integrationSyncRecord = z.object({ external_id: externalId, ...integrationResidentFields });
export type IntegrationSyncRecord = z.input<typeof integrationSyncRecord>;

/** A resident as the integration API shows them. */
export const integrationResident = z.object({
  id: z.number(),
  external_id: z.string().nullable(),
  location_id: z.number(),
  apartment_number: z.string(),
  name: z.string(),
  email: z.string(),
  is_receptionist: z.boolean(),
  emergency_services_deactivated: z.boolean(),
  is_active: z.boolean(),
  move_in_on: z.string().nullable(),
  move_out_on: z.string().nullable(),
  access: z.enum(ACCESS_STATES),
  access_opens_on: z.string().nullable(),
  access_closes_on: z.string().nullable(),
  account_status: z.enum(ACCOUNT_STATUSES),
  invited_at: z.string().nullable(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
});
export type IntegrationResident = z.infer<typeof integrationResident>;

export const UPSERT_RESULTS = ['created', 'updated', 'unchanged'] as const;
/** The answer of a PUT: 201 with 'created', 200 with 'updated' or 'unchanged'. */
export const integrationResidentUpserted = z.object({
  result: z.enum(UPSERT_RESULTS),
  resident: integrationResident,
});

/** `GET /api/integration/residents/`: the key's locations, by apartment number. */
export const integrationResidentQuery = listQuery.extend({
  location_id: textIdWholeNumber.optional(),
  external_id: externalId.optional(),
});

/** `POST /api/integration/residents/sync`: each record is checked on its own, so any JSON value here. */
export const integrationSyncRequest = z.object({
  records: z
    .array(z.unknown(), { error: 'Eine Liste von Datensätzen erwartet.' })
    .max(MAX_SYNC_RECORDS, { error: `Höchstens ${MAX_SYNC_RECORDS} Datensätze pro Aufruf.` }),
  /**
   * Deactivates the residents of the key's locations that have an external id and are not in
   * `records` (moved out in the ERP). Residents without an external id (created by hand or by the
   * CSV import) are never touched.
   */
  deactivate_missing: bodyBoolean.default(false),
});
export type IntegrationSyncRequest = z.input<typeof integrationSyncRequest>;

export const integrationSyncResult = z.object({
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  deactivated: z.number(),
  /** Per bad record: its position in `records`, its external id if readable, the field errors. */
  errors: z.array(
    z.object({
      index: z.number(),
      external_id: z.string().nullable(),
      errors: z.record(z.string(), z.array(z.string())),
    }),
  ),
});
export type IntegrationSyncResult = z.infer<typeof integrationSyncResult>;
