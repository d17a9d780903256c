import type { TFunction } from 'i18next';
import { tooLong, type TicketScope } from '@hausportal/contract';
import type { ReportFields } from './api';

// The rules of the contract's `ticketCreate`, checked on the phone before a report is kept or
// sent, so every message shows at once and in the resident's language. Written out rather than
// run through the zod schema: zod (25 kB gzip) would otherwise load with the background sender
// on every start. validate-report.test.ts holds both to the same answers.

export const PLACE_MAX = 200;
export const DESCRIPTION_MAX = 5000;
export const PHONE_MAX = 50;
/** The phone numbers `phoneOrEmpty` takes (contract fields.ts): digits with + ( ) / - . and spaces. */
const PHONE_PATTERN = /^\+?[0-9 ()/.-]*[0-9][0-9 ()/.-]*$/;

export type ReportField = 'for_apartment' | 'category_id' | 'scope' | 'place' | 'description' | 'contact_phone';
/** The order of the form's fields, which is the order the focus looks for the first error in. */
export const REPORT_FIELDS: ReportField[] = [
  'for_apartment',
  'category_id',
  'scope',
  'place',
  'description',
  'contact_phone',
];
/** The longest apartment number the server takes. */
export const APARTMENT_MAX = 150;

export interface ReportDraft {
  categoryId: string;
  scope: TicketScope | '';
  place: string;
  description: string;
  consent: boolean;
  phone: string;
  /** Only at the reception's desk: the apartment of the resident the report is for. */
  forApartment: string;
}

export const emptyDraft: ReportDraft = {
  categoryId: '',
  scope: '',
  place: '',
  description: '',
  consent: false,
  phone: '',
  forApartment: '',
};

/** The report to send, or the message for each field that keeps it from being sent. */
export function validateReport(
  draft: ReportDraft,
  t: TFunction,
): { fields: ReportFields | null; errors: Partial<Record<ReportField, string>> } {
  const errors: Partial<Record<ReportField, string>> = {};
  const place = draft.place.trim();
  const description = draft.description.trim();
  // A number without consent would never reach the craftsman, so it is not checked or sent.
  const phone = draft.consent ? draft.phone.trim() : '';
  const categoryId = Number(draft.categoryId);
  const forApartment = draft.forApartment.trim();
  if (forApartment.length > APARTMENT_MAX) errors.for_apartment = tooLong(APARTMENT_MAX);

  if (!Number.isInteger(categoryId) || categoryId <= 0) errors.category_id = t('tickets.categoryRequired');
  if (draft.scope !== 'apartment' && draft.scope !== 'building') errors.scope = t('tickets.scopeRequired');
  if (draft.scope === 'building' && place === '') errors.place = t('tickets.placeRequired');
  else if (draft.scope === 'building' && place.length > PLACE_MAX) errors.place = tooLong(PLACE_MAX);
  if (description === '') errors.description = t('errors.required');
  else if (description.length > DESCRIPTION_MAX) errors.description = tooLong(DESCRIPTION_MAX);
  if (phone.length > PHONE_MAX) errors.contact_phone = tooLong(PHONE_MAX);
  else if (phone !== '' && !PHONE_PATTERN.test(phone)) errors.contact_phone = t('tickets.phoneInvalid');

  if (Object.keys(errors).length > 0 || draft.scope === '') return { fields: null, errors };
  return {
    fields: {
      category_id: categoryId,
      scope: draft.scope,
      place: draft.scope === 'building' ? place : '',
      description,
      contact_consent: draft.consent,
      contact_phone: phone,
      ...(forApartment ? { for_apartment: forApartment } : {}),
    },
    errors,
  };
}
