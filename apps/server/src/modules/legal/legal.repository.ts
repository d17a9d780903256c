import type { LegalPageName } from '@hausportal/contract';
import type { DB } from '../../db/database.js';
import { nowIso } from '../../lib/time.js';

/** A stored page with the name of whoever saved it last; undefined while the page is the shipped template. */
export function findLegalPage(db: DB, page: LegalPageName) {
  return db
    .selectFrom('legal_pages')
    .leftJoin('users', 'users.id', 'legal_pages.updated_by')
    .selectAll('legal_pages')
    .select('users.name as updated_by_name')
    .where('legal_pages.page', '=', page)
    .executeTakeFirst();
}
export type LegalPageRow = NonNullable<Awaited<ReturnType<typeof findLegalPage>>>;

/**
 * Writes a page's Markdown and its rendered HTML, creating the row on the first save. `template`
 * marks text nobody has saved yet (the demo seed's); a save by an administrator clears it.
 */
export async function saveLegalPage(
  db: DB,
  v: { page: LegalPageName; markdown: string; html: string; template: boolean; updatedBy: number | null },
): Promise<void> {
  const row = {
    markdown: v.markdown,
    html: v.html,
    template: v.template ? 1 : 0,
    updated_at: nowIso(),
    updated_by: v.updatedBy,
  };
  await db
    .insertInto('legal_pages')
    .values({ page: v.page, ...row })
    .onConflict((oc) => oc.column('page').doUpdateSet(row))
    .execute();
}

/**
 * The addresses feedback on the accessibility statement goes to: every active administrator
 * (the operator answers for the app), and the active managers of the sender's location when a
 * signed-in resident sent it (they answer for what they published there). Erased or deactivated
 * accounts and accounts without an address are left out; each address once.
 */
export async function feedbackRecipients(db: DB, locationId: number | null): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('email')
    .distinct()
    .where('is_active', '=', 1)
    .where('erased_at', 'is', null)
    .where('email', '!=', '')
    .where((eb) =>
      eb.or([
        eb('role', '=', 'admin'),
        ...(locationId === null
          ? []
          : [
              eb.and([
                eb('role', '=', 'manager'),
                eb(
                  'id',
                  'in',
                  eb.selectFrom('manager_locations').select('user_id').where('location_id', '=', locationId),
                ),
              ]),
            ]),
      ]),
    )
    .orderBy('email')
    .execute();
  return rows.map((r) => r.email);
}
