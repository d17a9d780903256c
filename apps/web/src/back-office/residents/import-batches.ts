import type { ResidentImportResult } from '@hausportal/contract';
import type { CsvRow, LineErrors } from './csv';

/** Rows per import call: small enough for a quick answer, large enough for 5,000 rows in 10 calls (ADR 014). */
export const IMPORT_BATCH_SIZE = 500;

/** Splits a list into consecutive pieces of at most `size` items. */
export function batches<T>(items: readonly T[], size: number = IMPORT_BATCH_SIZE): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError('size must be a positive integer');
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/** The sum of every call of an import, with the errors by CSV line. */
export interface ImportTotals {
  created: number;
  updated: number;
  unchanged: number;
  invited: number;
  errors: LineErrors[];
  /** Rows the server has answered for. */
  done: number;
}

export const emptyTotals = (): ImportTotals => ({
  created: 0,
  updated: 0,
  unchanged: 0,
  invited: 0,
  errors: [],
  done: 0,
});

/**
 * Adds one call's answer to the totals. The server numbers a row's error by its index within
 * the call and echoes the line it was sent; without the echo the line comes from the batch.
 */
export function addBatchResult(
  totals: ImportTotals,
  batch: readonly CsvRow[],
  result: ResidentImportResult,
): ImportTotals {
  return {
    created: totals.created + result.created,
    updated: totals.updated + result.updated,
    unchanged: totals.unchanged + result.unchanged,
    invited: totals.invited + result.invited,
    errors: [
      ...totals.errors,
      ...result.errors.map((e) => ({ line: e.line ?? batch[e.row]?.line ?? e.row + 1, errors: e.errors })),
    ],
    done: totals.done + batch.length,
  };
}

export interface RunOptions {
  rows: readonly CsvRow[];
  /** One call of `POST /api/admin/residents/import/` with these rows. */
  send: (rows: CsvRow[]) => Promise<ResidentImportResult>;
  /** After every answered call, with the totals so far. */
  onProgress?: (totals: ImportTotals) => void;
  /** Checked before each call: true stops the run (the calls already made stay made). */
  cancelled?: () => boolean;
  batchSize?: number;
}

/** How a run ended: all batches answered, stopped by the user, or a call failed. */
export type RunOutcome =
  | { status: 'done'; totals: ImportTotals }
  | { status: 'cancelled'; totals: ImportTotals }
  | { status: 'failed'; totals: ImportTotals; error: unknown; failedAtLine: number };

/**
 * Sends the rows batch after batch, one call at a time: the server writes each batch in its own
 * transaction, so a failed call leaves the earlier ones imported and the rest untouched, and
 * the totals say exactly how far it got. Never throws; the outcome says how it ended.
 */
export async function runImport({
  rows,
  send,
  onProgress,
  cancelled = () => false,
  batchSize = IMPORT_BATCH_SIZE,
}: RunOptions): Promise<RunOutcome> {
  let totals = emptyTotals();
  for (const batch of batches(rows, batchSize)) {
    if (cancelled()) return { status: 'cancelled', totals };
    let result: ResidentImportResult;
    try {
      result = await send(batch);
    } catch (error) {
      return { status: 'failed', totals, error, failedAtLine: batch[0]!.line };
    }
    totals = addBatchResult(totals, batch, result);
    onProgress?.(totals);
  }
  return { status: 'done', totals };
}

/** The rows without any known error: what the real import sends after the dry run. */
export function rowsWithoutErrors(rows: readonly CsvRow[], errors: readonly LineErrors[]): CsvRow[] {
  const bad = new Set(errors.map((e) => e.line));
  return rows.filter((row) => !bad.has(row.line));
}

/** Percent done, whole numbers, for the progress bar. */
export function percent(done: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.round((done / total) * 100));
}
