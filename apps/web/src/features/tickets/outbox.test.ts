import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_HEADER } from '@hausportal/contract';
import { idbReset } from '@/lib/idb';
import { setOnline } from '@/test/fetch-mock';
import { mockXhr, type XhrReply } from '@/test/xhr-mock';
import type { PendingReport } from './outbox';

const ticket = { id: 41, number: '2026-000041' };

function report(key = 'key-0000-aaaa', userId = 1): PendingReport {
  return {
    key,
    userId,
    createdAt: '2026-11-24T10:00:00.000Z',
    fields: {
      category_id: 1,
      scope: 'apartment',
      place: '',
      description: 'Die Heizung tropft.',
      contact_consent: false,
      contact_phone: '',
    },
    categoryName: 'Heizung',
    photos: [{ name: 'a.jpg', type: 'image/jpeg', data: new Uint8Array([0xff, 0xd8, 0xff, 1]).buffer }],
    state: 'pending',
    error: '',
  };
}

/** The outbox as a fresh page load gets it: a new module over the same IndexedDB. */
async function loadOutbox() {
  vi.resetModules();
  const idb = await import('@/lib/idb');
  idb.idbReset();
  return import('./outbox');
}

beforeEach(() => {
  // Every test starts with an empty database.
  vi.stubGlobal('indexedDB', new IDBFactory());
  idbReset();
  localStorage.setItem('token', 'abc');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the ticket outbox', () => {
  it('keeps a report, photos included, and it is still there after the module is loaded again', async () => {
    const first = await loadOutbox();
    await first.keepReport(report());
    const second = await loadOutbox();
    const kept = await second.pendingReports(1);
    expect(kept).toHaveLength(1);
    expect(kept[0]!.fields.description).toBe('Die Heizung tropft.');
    expect(new Uint8Array(kept[0]!.photos[0]!.data)).toEqual(new Uint8Array([0xff, 0xd8, 0xff, 1]));
    // Another resident signed in on the same phone sees none of it.
    expect(await second.pendingReports(2)).toEqual([]);
  });

  it('sends a kept report once when the connection returns, with its idempotency key, and forgets it', async () => {
    setOnline(false);
    const calls = mockXhr(() => ({ status: 201, body: ticket }));
    const outbox = await loadOutbox();
    await outbox.keepReport(report());
    const sent = vi.fn();
    const stop = outbox.startOutboxSender(1, sent);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Offline the attempt fails before anything is sent; the report waits.
    expect(calls).toHaveLength(0);

    setOnline(true);
    // Two 'online' events in a row (a flapping connection) still send it once.
    window.dispatchEvent(new Event('online'));
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(sent).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    stop();

    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/tickets/');
    expect(calls[0]!.headers[IDEMPOTENCY_HEADER]).toBe('key-0000-aaaa');
    const form = calls[0]!.body as FormData;
    expect(form.get('description')).toBe('Die Heizung tropft.');
    expect(form.getAll('photos')).toHaveLength(1);
    expect(sent).toHaveBeenCalledWith(ticket);
    expect(await outbox.pendingReports(1)).toEqual([]);
  });

  it('sends the same idempotency key again after a dropped connection and a server error', async () => {
    setOnline(true);
    const replies: XhrReply[] = [
      'network',
      { status: 503, body: { detail: 'Wartung' } },
      { status: 200, body: ticket },
    ];
    const calls = mockXhr(() => replies.shift()!);
    const outbox = await loadOutbox();
    await outbox.keepReport(report('key-1111-bbbb'));

    expect((await outbox.flushOutbox(1)).waiting).toBe(1);
    expect((await outbox.flushOutbox(1)).waiting).toBe(1);
    expect((await outbox.flushOutbox(1)).sent).toEqual([ticket]);

    expect(calls.map((c) => c.headers[IDEMPOTENCY_HEADER])).toEqual([
      'key-1111-bbbb',
      'key-1111-bbbb',
      'key-1111-bbbb',
    ]);
    expect(await outbox.pendingReports(1)).toEqual([]);
  });

  it('stops retrying after a refusal (4xx) and keeps the report with the reason', async () => {
    setOnline(true);
    const calls = mockXhr(() => ({ status: 400, body: { description: ['Höchstens 5000 Zeichen erlaubt.'] } }));
    const outbox = await loadOutbox();
    await outbox.keepReport(report());

    const first = await outbox.flushOutbox(1);
    expect(first).toEqual({ sent: [], waiting: 0 });
    const [kept] = await outbox.pendingReports(1);
    expect(kept!.state).toBe('failed');
    expect(kept!.error).toBe('Höchstens 5000 Zeichen erlaubt.');
    expect(kept!.fields.description).toBe('Die Heizung tropft.');

    // Neither the next flush nor the connection returning sends it again by itself.
    await outbox.flushOutbox(1);
    expect(calls).toHaveLength(1);
  });

  it('keeps retrying on 408 and 429 as on a server error', async () => {
    const { isTransient } = await loadOutbox();
    const { ApiError } = await import('@/lib/api-client');
    for (const status of [0, 401, 408, 429, 500, 503]) expect(isTransient(new ApiError(status, ''))).toBe(true);
    for (const status of [400, 403, 404, 409, 413]) expect(isTransient(new ApiError(status, ''))).toBe(false);
  });

  it('sends a report only once when the form and the background sender meet', async () => {
    setOnline(true);
    let release: (reply: XhrReply) => void = () => undefined;
    const calls = mockXhr(() => new Promise<XhrReply>((resolve) => (release = resolve)));
    const outbox = await loadOutbox();
    const kept = report();
    await outbox.keepReport(kept);
    const fromForm = outbox.sendReport(kept);
    const fromSender = outbox.flushOutbox(1);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    release({ status: 201, body: ticket });
    expect(await fromForm).toEqual({ kind: 'sent', ticket });
    await fromSender;
    expect(calls).toHaveLength(1);
  });
});
