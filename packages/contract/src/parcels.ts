import { z } from 'zod';
import { requiredTrimmedText, textId, trimmedText } from './fields.js';
import { PARCEL_CARRIERS, PARCEL_STATUSES } from './labels/index.js';
import { listQuery } from './schemas.js';

// Parcels at the reception (ADR 030): the receptionist logs a parcel for an apartment of
// their location, the apartment's residents hear of it and pick it up with a 4-digit code.

export const MAX_PARCEL_PIECES = 50;
/** Days after which the residents are reminded once, and after which a parcel counts as long-waiting. */
export const PARCEL_REMINDER_DAYS = 3;
export const PARCEL_LONG_WAIT_DAYS = 7;
export const PICKUP_CODE_PATTERN = /^\d{4}$/;
/**
 * A tracking number ('Sendungsnummer') as the carriers print it: 5 to 40 letters, digits and
 * hyphens (DHL 00340434…, JJD…, UPS 1Z…, Amazon TBA…). Spaces are dropped and letters written
 * large, so a number typed with the spaces of the label and one scanned are the same.
 */
export const TRACKING_NUMBER_PATTERN = /^[A-Z0-9-]{5,40}$/;
export const TRACKING_NUMBER_MAX = 40;
const TRACKING_MESSAGE = 'Die Sendungsnummer hat 5 bis 40 Buchstaben, Ziffern oder Bindestriche.';

const CARRIER_MESSAGE = `Bitte wählen Sie einen Paketdienst: ${PARCEL_CARRIERS.join(', ')}.`;
const PIECES_MESSAGE = `Bitte geben Sie 1 bis ${MAX_PARCEL_PIECES} Stück an.`;
const CODE_MESSAGE = 'Der Abholcode hat 4 Ziffern.';

/** `POST /api/reception/parcels/` (header Idempotency-Key): the apartment by number (or account id). */
export const parcelCreate = z.object({
  apartment: requiredTrimmedText(150),
  carrier: z.enum(PARCEL_CARRIERS, { error: CARRIER_MESSAGE }),
  pieces: z.coerce
    .number({ error: PIECES_MESSAGE })
    .int({ error: PIECES_MESSAGE })
    .min(1, { error: PIECES_MESSAGE })
    .max(MAX_PARCEL_PIECES, { error: PIECES_MESSAGE })
    .default(1),
  storage_place: trimmedText(60).default(''),
  note: trimmedText(500).default(''),
  /** Optional; '' for none. */
  tracking_number: z
    .string({ error: TRACKING_MESSAGE })
    .max(200, { error: TRACKING_MESSAGE })
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .refine((v) => v === '' || TRACKING_NUMBER_PATTERN.test(v), { error: TRACKING_MESSAGE })
    .default(''),
});
export type ParcelCreate = z.infer<typeof parcelCreate>;

/**
 * The photo of a parcel's label: names and addresses, so only the reception and managers of the
 * location get it, as links bound to their session (ADR 026). The desk sends it as `photo`.
 */
export const parcelLabelPhoto = z.object({ url: z.string(), thumbnail: z.string() });
export type ParcelLabelPhoto = z.infer<typeof parcelLabelPhoto>;
/** The multipart field of the label photo in `POST /api/reception/parcels/`. */
export const PARCEL_PHOTO_FIELD = 'photo';

/** A parcel as the reception and managers see it. */
export const receptionParcel = z.object({
  id: z.number(),
  apartment_number: z.string(),
  carrier: z.enum(PARCEL_CARRIERS),
  pieces: z.number(),
  storage_place: z.string(),
  note: z.string(),
  /** The tracking number, '' for none: staff only, never the residents (ADR 030). */
  tracking_number: z.string(),
  status: z.enum(PARCEL_STATUSES),
  logged_by: z.string().nullable(),
  logged_at: z.string(),
  handed_over_by: z.string().nullable(),
  handed_over_at: z.string().nullable(),
  handover_note: z.string(),
  label_photo: parcelLabelPhoto.nullable(),
});
export type ReceptionParcel = z.infer<typeof receptionParcel>;

/** `GET /api/reception/parcels/?status=open&apartment=…|code=…`. */
export const receptionParcelQuery = listQuery.extend({
  status: z.enum(PARCEL_STATUSES, { error: 'Status „open“ oder „handed_over“.' }).optional(),
  apartment: trimmedText(150).optional(),
  code: z.string().regex(PICKUP_CODE_PATTERN, { error: CODE_MESSAGE }).optional(),
});

/**
 * `POST /api/reception/parcels/handover/`: the apartment's open parcels (or the selected `ids`)
 * with the resident's pickup code, or without it with a note saying to whom they went.
 */
export const parcelHandover = z
  .object({
    apartment: requiredTrimmedText(150),
    code: z.string().regex(PICKUP_CODE_PATTERN, { error: CODE_MESSAGE }).optional(),
    note: trimmedText(500).default(''),
    ids: z.array(textId).max(200).optional(),
  })
  .refine((v) => v.code !== undefined || v.note !== '', {
    error: 'Bitte geben Sie den Abholcode ein oder notieren Sie, wem Sie die Pakete übergeben haben.',
    path: ['code'],
  });
export const parcelHandoverResult = z.object({ handed_over: z.array(receptionParcel) });

/**
 * `GET /api/reception/apartments/?q=`: the type-ahead of the reception's location, by part of the
 * apartment number or of a resident's name.
 */
export const receptionApartmentQuery = z.object({ q: trimmedText(150).default('') });
export const receptionApartment = z.object({
  apartment_number: z.string(),
  open_parcels: z.number(),
  /**
   * The names of the apartment's residents who hear of its parcels (active accounts), so the
   * receptionist knows whom the parcel is for: the reception only, never residents.
   */
  residents: z.array(z.string()),
});

/** A parcel as the apartment's residents see it: no label photo, no staff names. */
export const parcel = z.object({
  id: z.number(),
  carrier: z.enum(PARCEL_CARRIERS),
  pieces: z.number(),
  status: z.enum(PARCEL_STATUSES),
  logged_at: z.string(),
  handed_over_at: z.string().nullable(),
});
export type Parcel = z.infer<typeof parcel>;

/** `GET /api/parcels/`: the apartment's open parcels and those handed over in the last 30 days, with the code. */
export const parcelSummary = z.object({
  pickup_code: z.string().nullable(),
  open: z.array(parcel),
  recent: z.array(parcel),
});
export type ParcelSummary = z.infer<typeof parcelSummary>;

/** `GET /api/admin/parcels/?location_id=&status=&from=&to=&waiting_days=`. */
const berlinDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Ein Datum im Format JJJJ-MM-TT.' });
export const adminParcelQuery = listQuery.extend({
  location_id: textId.optional(),
  status: z.enum(PARCEL_STATUSES, { error: 'Status „open“ oder „handed_over“.' }).optional(),
  from: berlinDate.optional(),
  to: berlinDate.optional(),
  /** Only open parcels waiting longer than this many days ('länger als 7 Tage': 7). */
  waiting_days: z.coerce.number().int().min(1).max(365).optional(),
});
export const adminParcel = receptionParcel.extend({ location_id: z.number() });
export const parcelDailyQuery = z.object({ location_id: textId.optional(), from: berlinDate, to: berlinDate });
export const parcelDailyCount = z.object({ date: z.string(), logged: z.number(), handed_over: z.number() });
