import { describe, expect, it } from 'vitest';
import type { ResidentImportResult } from '@hausportal/contract';
import type { CsvRow } from './csv';
import { addBatchResult, batches, emptyTotals, percent, rowsWithoutErrors, runImport } from './import-batches';

const rows = (n: number): CsvRow[] =>
  Array.from({ length: n }, (_, i) => ({ apartment_number: `W-${i}`, name: `P ${i}`, line: i + 2 }));

const answer = (batch: CsvRow[], extra: Partial<ResidentImportResult> = {}): ResidentImportResult => ({
  created: batch.length,
  updated: 0,
  unchanged: 0,
  invited: 0,
  errors: [],
  ...extra,
});

describe('import batches', () => {
  it('cuts 5,000 rows into ten batches of 500 and 1,201 into 500, 500 and 201', () => {
    expect(batches(rows(5000)).map((b) => b.length)).toEqual(Array(10).fill(500));
    expect(batches(rows(1201)).map((b) => b.length)).toEqual([500, 500, 201]);
    expect(batches([])).toEqual([]);
    expect(() => batches(rows(3), 0)).toThrow(RangeError);
  });

  it('keeps the rows in file order across batches', () => {
    const flat = batches(rows(1201)).flat();
    expect(flat.map((r) => r.line)).toEqual(rows(1201).map((r) => r.line));
  });

  it('sends one batch at a time, sums the answers and reports progress after each', async () => {
    const sent: number[] = [];
    let inFlight = 0;
    const progress: number[] = [];
    const outcome = await runImport({
      rows: rows(1201),
      send: async (batch) => {
        inFlight += 1;
        expect(inFlight).toBe(1);
        sent.push(batch.length);
        await Promise.resolve();
        inFlight -= 1;
        return answer(batch, { invited: 2 });
      },
      onProgress: (totals) => progress.push(totals.done),
    });
    expect(sent).toEqual([500, 500, 201]);
    expect(progress).toEqual([500, 1000, 1201]);
    expect(outcome.status).toBe('done');
    expect(outcome.totals).toMatchObject({ created: 1201, updated: 0, unchanged: 0, invited: 6, done: 1201 });
  });

  it("turns the server's row index within a call into the CSV line", async () => {
    const outcome = await runImport({
      rows: rows(600),
      send: async (batch) =>
        batch[0]!.line === 2
          ? answer(batch, { created: 499, errors: [{ row: 3, line: 5, errors: { email: ['x'] } }] })
          : // Without the echoed line the batch's own row tells it.
            answer(batch, { created: 99, errors: [{ row: 0, errors: { name: ['y'] } }] }),
    });
    expect(outcome.totals.errors).toEqual([
      { line: 5, errors: { email: ['x'] } },
      { line: 502, errors: { name: ['y'] } },
    ]);
    expect(outcome.totals.created).toBe(598);
  });

  it('stops at a failed call and says from which line on nothing was sent', async () => {
    const failure = { status: 500, data: 'Server Error' };
    let calls = 0;
    const outcome = await runImport({
      rows: rows(1500),
      send: async (batch) => {
        calls += 1;
        if (calls === 2) throw failure;
        return answer(batch);
      },
    });
    expect(calls).toBe(2);
    expect(outcome).toMatchObject({ status: 'failed', error: failure, failedAtLine: 502 });
    expect(outcome.totals).toMatchObject({ created: 500, done: 500 });
  });

  it('stops before the next call when cancelled', async () => {
    let calls = 0;
    let stop = false;
    const outcome = await runImport({
      rows: rows(1500),
      send: async (batch) => {
        calls += 1;
        stop = true;
        return answer(batch);
      },
      cancelled: () => stop,
    });
    expect(calls).toBe(1);
    expect(outcome.status).toBe('cancelled');
    expect(outcome.totals.done).toBe(500);
  });

  it('leaves rows with known errors out of the real import', () => {
    const kept = rowsWithoutErrors(rows(5), [
      { line: 3, errors: {} },
      { line: 6, errors: {} },
    ]);
    expect(kept.map((r) => r.line)).toEqual([2, 4, 5]);
  });

  it('adds a batch result to the totals without changing the old totals', () => {
    const before = emptyTotals();
    const after = addBatchResult(before, rows(2), answer(rows(2), { updated: 1, unchanged: 1, created: 0 }));
    expect(before.done).toBe(0);
    expect(after).toMatchObject({ created: 0, updated: 1, unchanged: 1, done: 2 });
  });

  it('rounds the percentage and never passes 100', () => {
    expect(percent(0, 0)).toBe(0);
    expect(percent(500, 1201)).toBe(42);
    expect(percent(1201, 1201)).toBe(100);
    expect(percent(2000, 1201)).toBe(100);
  });
});
