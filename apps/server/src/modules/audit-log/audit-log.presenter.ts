import type { AuditEntry } from '@hausportal/contract';
import type { AuditRow } from '../audit/audit.repository.js';

/** Stored JSON back to a value; text that is not JSON (older entries) stays text. */
function parsed(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * An audit entry with its JSON fields parsed. A write made with an integration key
 * names the key where a person's name would stand: 'API-Schlüssel „ERP Wodis“'.
 */
export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    created_at: row.created_at,
    user_id: row.user_id,
    user_name: row.user_name ?? (row.api_key_name === null ? null : `API-Schlüssel „${row.api_key_name}“`),
    action: row.action,
    entity: row.entity,
    entity_id: row.entity_id,
    location_id: row.location_id,
    details: parsed(row.details),
    before: parsed(row.before),
    after: parsed(row.after),
  };
}
