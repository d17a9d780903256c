import { z } from 'zod';
import { textIdWholeNumber, trimmedText } from './fields.js';
import { listQuery, paginated } from './schemas.js';

/**
 * `GET /api/admin/apartments/?location_id=&search=`: the apartments of one of the
 * caller's locations, for the back office's apartment picker, so a manager picks an apartment
 * instead of typing one from memory. An apartment is the number of at least one resident who is
 * not erased (receptionists and staff are no apartments).
 */
export const adminApartmentsQuery = listQuery.extend({
  location_id: textIdWholeNumber,
  /** Part of the number, case ignored ('01' finds A-0101). */
  search: trimmedText(150).optional(),
});
export type AdminApartmentsQuery = z.input<typeof adminApartmentsQuery>;

export const adminApartment = z.object({
  apartment_number: z.string(),
  /** How many active residents live there (0: only inactive accounts, e.g. not yet activated). */
  active_residents: z.number().int(),
});
export type AdminApartment = z.infer<typeof adminApartment>;

/** A page of apartments, like every back-office list (`page`, `page_size` up to 100). */
export const adminApartmentList = paginated(adminApartment);
export type AdminApartmentList = z.infer<typeof adminApartmentList>;
