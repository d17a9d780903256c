import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS } from '@hausportal/contract';
import { dialects, startApp, type TestApp } from '../../../test/harness.js';
import { newApiKey, newLocation, newPost, newUser, signIn, type TestUser } from '../../../test/factories.js';
import { call } from '../../../test/helpers.js';
import { startReceiver, type Receiver } from '../../../test/webhook-receiver.js';

const kinds = await dialects();

/** The nine events raised by the actions themselves, received and verified with the standardwebhooks package. */
describe.each(kinds)('webhook events from the actions (%s)', (kind) => {
  let t: TestApp;
  let rx: Receiver;
  let park: number;
  let see: number;
  let anna: TestUser;
  const auth: Record<string, string> = {};

  beforeAll(async () => {
    rx = await startReceiver();
    t = await startApp(kind, { WEBHOOK_ENDPOINT_ALLOWLIST: rx.origin });
    park = await newLocation(t, { title: 'Residenz am Park' });
    see = await newLocation(t, { title: 'Haus am See' });
    anna = await newUser(t, { locationId: park, apartmentNumber: 'P-0101', name: 'Anna Ahorn' });
    await t.app.ctx.db.updateTable('users').set({ external_id: 'ERP-4711' }).where('id', '=', anna.id).execute();
    const rezi = await newUser(t, { locationId: park, role: 'receptionist', apartmentNumber: 'P-REZ' });
    auth.anna = await signIn(t, anna);
    auth.rezi = await signIn(t, rezi);
    auth.manager = await signIn(t, await newUser(t, { role: 'manager', managerOf: [park, see] }));
    auth.admin = await signIn(t, await newUser(t, { role: 'admin' }));
    const key = await newApiKey(t, { locationIds: [park], scopes: ['tickets:read'], name: 'ERP' });
    const res = await call(t.app, 'POST', `/api/admin/integration/keys/${key.id}/webhooks/`, {
      auth: auth.admin,
      payload: { url: rx.url, events: [...WEBHOOK_EVENTS] },
    });
    expect(res.status).toBe(201);
    rx.setSecret(res.body.secret);
  });
  afterAll(async () => {
    await t.close();
    await rx.close();
  });
  beforeEach(async () => {
    await t.app.ctx.webhooks.flush();
    rx.received.length = 0;
  });

  /** What the receiver got (and verified) once the sender is done. */
  const got = async () => {
    await t.app.ctx.webhooks.flush();
    for (const r of rx.received) expect(r.verified, r.body).not.toBeNull();
    return rx.received.map((r) => r.verified as { type: string; timestamp: string; data: Record<string, unknown> });
  };

  it('ticket.created, ticket.message_created (not for an internal note) and ticket.status_changed', async () => {
    const categories = await call(t.app, 'GET', '/api/tickets/categories/', { auth: auth.anna });
    const reported = await call(t.app, 'POST', '/api/tickets/', {
      auth: auth.anna,
      headers: { 'idempotency-key': randomUUID() },
      payload: {
        category_id: categories.body.results[0].id,
        scope: 'apartment',
        description: 'Der Heizkörper im Bad tropft seit gestern.',
      },
    });
    expect(reported.status).toBe(201);
    const id = reported.body.id as number;
    let events = await got();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'ticket.created',
      data: {
        ticket_id: id,
        number: reported.body.number,
        location_id: park,
        status: 'received',
        category: { id: categories.body.results[0].id, name: categories.body.results[0].name },
        description: 'Der Heizkörper im Bad tropft seit gestern.',
        apartment_number: 'P-0101',
        resident: { id: anna.id, external_id: 'ERP-4711', name: 'Anna Ahorn', email: anna.email },
      },
    });
    expect(Date.parse(events[0]!.timestamp)).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.stringify(events[0])).not.toMatch(/photo|contact_phone/);

    rx.received.length = 0;
    const note = await call(t.app, 'POST', `/api/admin/tickets/${id}/messages/`, {
      auth: auth.manager,
      payload: { text: 'Intern: Handwerker Meier fragen', internal: true },
    });
    expect(note.status).toBe(201);
    const message = await call(t.app, 'POST', `/api/admin/tickets/${id}/messages/`, {
      auth: auth.manager,
      payload: { text: 'Wir kümmern uns darum.' },
    });
    expect(message.status).toBe(201);
    const status = await call(t.app, 'POST', `/api/admin/tickets/${id}/status/`, {
      auth: auth.manager,
      payload: { status: 'in_progress', message: 'Der Installateur kommt morgen.' },
    });
    expect(status.status, JSON.stringify(status.body)).toBe(200);
    events = await got();
    expect(events.map((e) => e.type)).toEqual(['ticket.message_created', 'ticket.status_changed']);
    expect(events[0]!.data).toMatchObject({
      ticket_id: id,
      message: { author: 'management', text: 'Wir kümmern uns darum.' },
    });
    expect(JSON.stringify(events)).not.toContain('Handwerker Meier');
    expect(events[1]!.data).toMatchObject({
      ticket_id: id,
      status: 'in_progress',
      previous_status: 'received',
      message: 'Der Installateur kommt morgen.',
    });
  });

  it('post.approved when a manager approves a post (not again for a second approval)', async () => {
    const post = await newPost(t, anna, { status: 'pending', text: 'Flohmarkt im Hof am Samstag' });
    const approve = () =>
      call(t.app, 'PUT', `/api/admin/messages/${post}/moderation/`, {
        auth: auth.manager,
        payload: { status: 'approved' },
      });
    expect((await approve()).status).toBe(200);
    expect((await approve()).status).toBe(200);
    const events = await got();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'post.approved',
      data: { post_id: post, location_id: park, text: 'Flohmarkt im Hof am Samstag' },
    });
    expect(events[0]!.data).not.toHaveProperty('author');
  });

  it('parcel.logged and parcel.picked_up, with the tracking number, without label photo or notes', async () => {
    const logged = await call(t.app, 'POST', '/api/reception/parcels/', {
      auth: auth.rezi,
      headers: { 'idempotency-key': randomUUID() },
      payload: {
        apartment: 'P-0101',
        carrier: 'DHL',
        storage_place: 'Regal B',
        note: 'Nachbar Huber',
        tracking_number: '1Z999AA10123456784',
      },
    });
    expect(logged.status, JSON.stringify(logged.body)).toBe(201);
    const handed = await call(t.app, 'POST', '/api/reception/parcels/handover/', {
      auth: auth.rezi,
      payload: { apartment: 'P-0101', note: 'Abgeholt von Frau Ahorn' },
    });
    expect(handed.status, JSON.stringify(handed.body)).toBe(200);
    const events = await got();
    expect(events.map((e) => e.type)).toEqual(['parcel.logged', 'parcel.picked_up']);
    expect(events[0]!.data).toMatchObject({
      location_id: park,
      apartment_number: 'P-0101',
      carrier: 'DHL',
      storage_place: 'Regal B',
      tracking_number: '1Z999AA10123456784',
      status: 'open',
    });
    expect(events[1]!.data).toMatchObject({ status: 'handed_over' });
    expect(JSON.stringify(events)).not.toMatch(/Huber|Frau Ahorn|label/);
  });

  it('booking.created and booking.cancelled (by the resident)', async () => {
    const resource = await call(t.app, 'POST', '/api/admin/booking-resources/', {
      auth: auth.manager,
      payload: {
        name: 'Waschküche',
        mode: 'slots',
        slot_minutes: 120,
        day_start: '07:00',
        day_end: '22:00',
        horizon_days: 14,
        max_length: 2,
        quota_count: null,
        quota_period: 'week',
        cancel_hours: 0,
        location_id: park,
      },
    });
    expect(resource.status, JSON.stringify(resource.body)).toBe(201);
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const booked = await call(t.app, 'POST', '/api/bookings/', {
      auth: auth.anna,
      payload: { resource_id: resource.body.id, starts_at: `${day}T08:00:00Z`, ends_at: `${day}T10:00:00Z` },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const cancelled = await call(t.app, 'POST', `/api/bookings/mine/${booked.body.id}/cancel/`, { auth: auth.anna });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const events = await got();
    expect(events.map((e) => e.type)).toEqual(['booking.created', 'booking.cancelled']);
    expect(events[0]!.data).toMatchObject({
      booking_id: booked.body.id,
      location_id: park,
      status: 'approved',
      resource: { id: resource.body.id, name: 'Waschküche' },
      apartment_number: 'P-0101',
      resident: { external_id: 'ERP-4711', name: 'Anna Ahorn' },
    });
    expect(events[1]!.data).toMatchObject({ status: 'cancelled', cancelled_by: 'resident' });
  });

  it('resident.activated when a resident gets access, and when a deactivated one is let back in', async () => {
    const created = await call(t.app, 'POST', '/api/admin/residents/', {
      auth: auth.manager,
      payload: {
        location_id: park,
        apartment_number: 'P-0207',
        name: 'Bruno Buche',
        email: 'bruno@example.org',
        is_receptionist: false,
        emergency_services_deactivated: false,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    let events = await got();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'resident.activated',
      data: { resident_id: created.body.id, location_id: park, name: 'Bruno Buche', email: 'bruno@example.org' },
    });
    rx.received.length = 0;
    const id = created.body.id as number;
    const off = await call(t.app, 'POST', `/api/admin/residents/${id}/deactivate/`, { auth: auth.manager });
    const on = await call(t.app, 'POST', `/api/admin/residents/${id}/activate/`, { auth: auth.manager });
    expect([off.status, on.status], JSON.stringify([off.body, on.body])).toEqual([200, 200]);
    events = await got();
    expect(events.map((e) => e.type)).toEqual(['resident.activated']);
  });

  it('lists what was passed on about a resident in their data export (Art. 15); their erasure deletes it (Art. 17)', async () => {
    const carl = await newUser(t, { locationId: park, apartmentNumber: 'P-0303', name: 'Carl Clausen' });
    const carlAuth = await signIn(t, carl);
    const categories = await call(t.app, 'GET', '/api/tickets/categories/', { auth: carlAuth });
    const reported = await call(t.app, 'POST', '/api/tickets/', {
      auth: carlAuth,
      headers: { 'idempotency-key': randomUUID() },
      payload: { category_id: categories.body.results[0].id, scope: 'apartment', description: 'Fenster klemmt.' },
    });
    expect(reported.status).toBe(201);
    await got();
    const exported = await call(t.app, 'GET', '/api/profile/export/', { auth: carlAuth });
    expect(exported.status).toBe(200);
    expect(exported.body.webhook_deliveries).toEqual([
      {
        event: 'ticket.created',
        recipient: rx.url,
        status: 'delivered',
        created_at: expect.any(String),
        delivered_at: expect.any(String),
      },
    ]);
    const erased = await call(t.app, 'POST', `/api/admin/residents/${carl.id}/erasure/`, {
      auth: auth.manager,
      payload: { content: 'anonymize' },
    });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    const left = await t.app.ctx.db
      .selectFrom('webhook_deliveries')
      .select('payload')
      .where('payload', 'like', '%Carl Clausen%')
      .execute();
    expect(left).toEqual([]);
  });

  it('sends nothing of location 1 to a key of location 2', async () => {
    const other = await newUser(t, { locationId: see, apartmentNumber: 'S-0101' });
    const post = await newPost(t, other, { status: 'pending' });
    const res = await call(t.app, 'PUT', `/api/admin/messages/${post}/moderation/`, {
      auth: auth.manager,
      payload: { status: 'approved' },
    });
    expect(res.status).toBe(200);
    expect(await got()).toEqual([]);
  });
});
