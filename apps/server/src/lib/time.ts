/** Timestamps are stored as ISO-8601 UTC text so both dialects sort and compare them alike. */
export const nowIso = (): string => new Date().toISOString();
export const isoFromMs = (ms: number): string => new Date(ms).toISOString();
