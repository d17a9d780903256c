import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { IDEMPOTENCY_HEADER } from '@hausportal/contract';
import { idbReset } from '@/lib/idb';
import { setOnline } from '@/test/fetch-mock';
import { mockXhr } from '@/test/xhr-mock';
import { keepReport, pendingReports, type PendingReport } from './outbox';
import { useSendReport } from './use-send-report';

const ticket = { id: 41, number: '2026-000041' };

function report(over: Partial<PendingReport> = {}): PendingReport {
  return {
    key: 'key-2222-cccc',
    userId: 1,
    createdAt: '2026-12-07T10:00:00.000Z',
    fields: {
      category_id: 1,
      scope: 'apartment',
      place: '',
      description: 'Das Fenster schließt nicht.',
      contact_consent: false,
      contact_phone: '',
    },
    categoryName: 'Fenster',
    photos: [{ name: 'fenster.jpg', type: 'image/jpeg', data: new Uint8Array([0xff, 0xd8, 0xff, 2]).buffer }],
    state: 'pending',
    error: '',
    ...over,
  };
}

/** Sends through the hook as a screen does, and returns the result and the hook's last progress. */
async function send(pending: PendingReport, options?: { isNew?: boolean }) {
  const { result } = renderHook(() => useSendReport());
  let outcome: Awaited<ReturnType<typeof result.current.send>> | undefined;
  await act(async () => {
    outcome = await result.current.send(pending, options);
  });
  return { outcome: outcome!, progress: result.current.progress };
}

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
  idbReset();
  setOnline(true);
  localStorage.setItem('token', 'abc');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('useSendReport', () => {
  it('sends a new report online with its photos and key, reports the upload, and leaves nothing on the device', async () => {
    const calls = mockXhr(() => ({ status: 201, body: ticket }));
    const { outcome, progress } = await send(report(), { isNew: true });
    expect(outcome).toEqual({ kind: 'sent', ticket });
    expect(progress).toBe(100);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers[IDEMPOTENCY_HEADER]).toBe('key-2222-cccc');
    expect(((calls[0]!.body as FormData).getAll('photos') as File[]).map((f) => f.name)).toEqual(['fenster.jpg']);
    expect(await pendingReports(1)).toEqual([]);
  });

  it('keeps a new report on the device offline and sends nothing', async () => {
    setOnline(false);
    const calls = mockXhr(() => ({ status: 201, body: ticket }));
    const { outcome } = await send(report(), { isNew: true });
    expect(outcome).toEqual({ kind: 'kept', offline: true });
    expect(calls).toHaveLength(0);
    const [kept] = await pendingReports(1);
    expect(kept).toMatchObject({ key: 'key-2222-cccc', state: 'pending' });
    expect(kept!.photos).toHaveLength(1);
  });

  it('keeps a new report for the sender when the server fails while online', async () => {
    mockXhr(() => ({ status: 503, body: { detail: 'Wartung' } }));
    const { outcome } = await send(report(), { isNew: true });
    expect(outcome).toEqual({ kind: 'kept', offline: false });
    expect(await pendingReports(1)).toHaveLength(1);
  });

  it('hands a refused new report back to the form and takes it off the device', async () => {
    mockXhr(() => ({ status: 400, body: { description: ['Höchstens 5000 Zeichen erlaubt.'] } }));
    const { outcome } = await send(report(), { isNew: true });
    expect(outcome).toEqual({ kind: 'refused', body: { description: ['Höchstens 5000 Zeichen erlaubt.'] } });
    expect(await pendingReports(1)).toEqual([]);
  });

  it('sends a kept report again from the list and keeps it with the reason when it is refused', async () => {
    await keepReport(report({ state: 'failed', error: 'Alt' }));
    mockXhr(() => ({ status: 400, body: { description: ['Höchstens 5000 Zeichen erlaubt.'] } }));
    const { outcome } = await send(report({ state: 'failed', error: 'Alt' }));
    expect(outcome.kind).toBe('refused');
    const [kept] = await pendingReports(1);
    expect(kept).toMatchObject({ state: 'failed', error: 'Höchstens 5000 Zeichen erlaubt.' });
  });

  it('sends a kept report again from the list, and it is gone from the device once the server has it', async () => {
    await keepReport(report({ state: 'failed', error: 'Alt' }));
    mockXhr(() => ({ status: 201, body: ticket }));
    const { outcome } = await send(report({ state: 'failed', error: 'Alt' }));
    expect(outcome).toEqual({ kind: 'sent', ticket });
    expect(await pendingReports(1)).toEqual([]);
  });

  it('says gone for a report that another send took off the device already', async () => {
    const calls = mockXhr(() => ({ status: 201, body: ticket }));
    const { outcome } = await send(report());
    expect(outcome).toEqual({ kind: 'gone' });
    expect(calls).toHaveLength(0);
  });

  it('sends a new report directly where the device has no IndexedDB, with the same key', async () => {
    vi.stubGlobal('indexedDB', undefined);
    idbReset();
    const calls = mockXhr(() => ({ status: 201, body: ticket }));
    const { outcome } = await send(report(), { isNew: true });
    expect(outcome).toEqual({ kind: 'sent', ticket });
    expect(calls[0]!.headers[IDEMPOTENCY_HEADER]).toBe('key-2222-cccc');
    expect(((calls[0]!.body as FormData).getAll('photos') as File[]).map((f) => f.name)).toEqual(['fenster.jpg']);
  });

  it('hands the server’s refusal back to the form where the device has no IndexedDB', async () => {
    vi.stubGlobal('indexedDB', undefined);
    idbReset();
    mockXhr(() => ({ status: 400, body: { detail: 'Kategorie unbekannt.' } }));
    const { outcome } = await send(report(), { isNew: true });
    expect(outcome).toEqual({ kind: 'refused', body: { detail: 'Kategorie unbekannt.' } });
  });
});
