import { PostgresAdapter, sql } from 'kysely';
import type { DB } from '../../db/database.js';
import type { PageWindow } from '../../db/paging.js';
import { caseInsensitivePattern } from '../residents/residents.repository.js';

export interface ApartmentRow {
  apartment_number: string;
  active_residents: number;
}

const isPostgres = (db: DB) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * The apartments of one location: the distinct apartment numbers of its residents (role
 * 'resident': receptionists and staff are no apartments; erased accounts no longer live there),
 * each with how many of them are active, ordered by number; `search` finds part of the number,
 * case ignored. Returns the total that matched and the rows of one page.
 */
export async function listApartments(
  db: DB,
  locationId: number,
  search: string | undefined,
  window: PageWindow,
): Promise<{ count: number; rows: ApartmentRow[] }> {
  let base = db
    .selectFrom('users')
    .where('users.location_id', '=', locationId)
    .where('users.role', '=', 'resident')
    .where('users.erased_at', 'is', null)
    .where('users.apartment_number', '!=', '');
  const term = search?.trim();
  if (term) {
    const pg = isPostgres(db);
    const pattern = caseInsensitivePattern(term, pg ? 'postgres' : 'sqlite');
    base = base.where(
      pg ? sql<boolean>`users.apartment_number ~ ${pattern}` : sql<boolean>`users.apartment_number glob ${pattern}`,
    );
  }
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.count<string | number>('users.apartment_number').distinct().as('n')).executeTakeFirst(),
    base
      .select([
        'users.apartment_number',
        sql<string | number>`sum(case when users.is_active = 1 then 1 else 0 end)`.as('active_residents'),
      ])
      .groupBy('users.apartment_number')
      .orderBy('users.apartment_number')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ]);
  return {
    count: Number(total?.n ?? 0),
    rows: rows.map((r) => ({ apartment_number: r.apartment_number, active_residents: Number(r.active_residents) })),
  };
}
