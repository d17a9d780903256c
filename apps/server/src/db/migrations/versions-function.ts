/** A trigger's statements per operation (migrations 007 and 014). */
export interface TriggerBodies {
  insert: string[];
  update: string[];
  delete: string[];
}

/**
 * The PostgreSQL function behind the `versions_<table>` trigger: it runs the statements of the
 * operation that fired it (migration 007 made it, 014 reorders its locks).
 */
export const versionsFunction = (table: string, events: TriggerBodies, replace = false) =>
  `create ${replace ? 'or replace ' : ''}function hp_versions_${table}() returns trigger language plpgsql as $$
   begin
     if tg_op = 'INSERT' then ${events.insert.join('; ')};
     elsif tg_op = 'UPDATE' then ${events.update.join('; ')};
     else ${events.delete.join('; ')};
     end if;
     return null;
   end $$`;
