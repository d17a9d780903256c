import { z } from 'zod';
import { textIdWholeNumber, trimmedText } from './fields.js';

/**
 * `GET /api/admin/apartments/?location_id=&search=`: the apartments of one of the
 * caller's locations, for the back office's apartment picker, so a manager picks an apartment
 * instead of typing one from memory. An apartment is the number of at least one resident who is
 * not erased (receptionists and staff are no apartments).
 */
export const adminApartmentsQuery = z.object({
  location_id: textIdWholeNumber,
  /** Part of the number, case ignored ('01' finds A-0101). */
  search: trimmedText(150).optional(),
});
export type AdminApartmentsQuery = z.input<typeof adminApartmentsQuery>;

/** At most this many apartments in one answer; `count` says how many matched. */
export const APARTMENTS_LIMIT = 2000;

export const adminApartment = z.object({
  apartment_number: z.string(),
  /** How many active residents live there (0: only inactive accounts, e.g. not yet activated). */
  active_residents: z.number().int(),
});
export type AdminApartment = z.infer<typeof adminApartment>;

export const adminApartmentList = z.object({
  /** How many apartments matched; more than `results` holds when over APARTMENTS_LIMIT. */
  count: z.number().int(),
  results: z.array(adminApartment),
});
export type AdminApartmentList = z.infer<typeof adminApartmentList>;
