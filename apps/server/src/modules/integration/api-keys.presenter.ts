import { API_SCOPES, type ApiKey, type ApiScope } from '@hausportal/contract';
import type { KeyRow } from './api-keys.repository.js';

/** The scopes stored as JSON, in the contract's order; anything unknown is dropped. */
export function scopesOf(json: string): ApiScope[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? API_SCOPES.filter((s) => parsed.includes(s)) : [];
  } catch {
    return [];
  }
}

/** 'revoked' wins over 'expired': the back office says 'Widerrufen' for a key revoked after it expired too. */
export function keyState(row: { revoked_at: string | null; expires_at: string | null }, now = Date.now()) {
  if (row.revoked_at) return 'revoked' as const;
  if (row.expires_at && !(Date.parse(row.expires_at) > now)) return 'expired' as const;
  return 'active' as const;
}

/** A key as the back office shows it: its prefix, never the key or its hash. */
export function toApiKey(row: KeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: scopesOf(row.scopes),
    location_ids: row.location_ids,
    created_at: row.created_at,
    created_by: row.created_by_name ?? null,
    expires_at: row.expires_at,
    revoked_at: row.revoked_at,
    last_used_at: row.last_used_at,
    state: keyState(row),
  };
}

/** What the audit log keeps of a key: its name, prefix, scopes, locations and dates. */
export const keyView = (row: KeyRow) => {
  const { created_by: _by, ...view } = toApiKey(row);
  return view;
};

/** How the audit log names a write made with a key. */
export const keyLabel = (name: string) => `API-Schlüssel „${name}“`;
