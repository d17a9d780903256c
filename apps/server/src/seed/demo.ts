import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { LEGAL_PAGES, MAX_PDFS_PER_POST, MAX_PHOTOS_PER_POST } from '@hausportal/contract';
import { advisoryTransactionLock, syncSequences, type DatabaseHandle, type DB } from '../db/database.js';
import type { FileStorage } from '../lib/storage/index.js';
import { hashPassword } from '../lib/passwords.js';
import { isoFromMs } from '../lib/time.js';
import { thumbnail } from '../lib/uploads.js';
import { allLocationIds, assignManagerLocations, createUser } from '../modules/auth/auth.repository.js';
import { createDocument } from '../modules/documents/documents.repository.js';
import { createLocation, replaceBuildings } from '../modules/location/location.repository.js';
import {
  addAttachmentWithinLimit,
  createComment,
  createMessage,
  setLike,
} from '../modules/messages/messages.repository.js';
import { recordDecision } from '../modules/moderation/moderation.actions.js';
import { findModerated } from '../modules/moderation/moderation.repository.js';
import { createPhone } from '../modules/phones/phones.repository.js';
import { createProvider, createService, replaceTrades } from '../modules/services/services.repository.js';
import { makeAvatar, makeLogo, makePdf, makePhoto } from './assets.js';
import * as demo from './demo-data.js';
import * as tickets from '../modules/tickets/tickets.repository.js';
import { createResource } from '../modules/bookings/bookings.repository.js';
import { berlinYear, ticketNumber } from '../modules/tickets/tickets.presenter.js';
import { saveLegalPage } from '../modules/legal/legal.repository.js';
import { rawTemplate } from '../modules/legal/legal.templates.js';

export { DEMO_PASSWORD } from './demo-data.js';

const HOUR = 3_600_000;
const initials = (name: string) =>
  name
    .split(' ')
    .map((w) => w[0])
    .join('')
    .slice(0, 2);

/**
 * Seeds the demo data of product §10 (demo-data.ts) into an empty database, through the same repository
 * functions the API uses: posts are written pending, get their attachments, and are approved by
 * the demo manager; likes and comments recount as they do in use. Does nothing when any location
 * exists, so restarts and production data are never touched.
 */
/** Any number that no other advisory lock of this app uses. */
const SEED_LOCK = 48_151_623;

export async function seedDemo(handle: DatabaseHandle, storage: FileStorage, log: FastifyBaseLogger): Promise<void> {
  const { db } = handle;
  if ((await allLocationIds(db)).length) return;
  log.info('Leere Datenbank: lege Demodaten an');
  const now = Date.now();
  const hoursAgo = (h: number) => isoFromMs(now - h * HOUR);
  const passwordHash = await hashPassword(demo.DEMO_PASSWORD);

  const seeded = await db.transaction().execute(async (trx) => {
    // Replicas starting at once on one PostgreSQL all find it empty above. The lock lets one seed
    // while the others wait, and then they find its rows and leave them be.
    if (handle.dialect === 'postgres') await advisoryTransactionLock(trx, SEED_LOCK);
    if ((await allLocationIds(trx)).length) return false;
    const locationIds: number[] = [];
    for (const { logoHue, ...l } of demo.locations) {
      const logo = await storage.put('logos', 'png', await makeLogo(l.title, logoHue));
      locationIds.push(await createLocation(trx, { ...l, logo }));
    }
    const locationId = (n: number) => locationIds[n - 1]!;
    for (const n of new Set(demo.buildings.map((b) => b.location))) {
      const items = demo.buildings.filter((b) => b.location === n).map(({ location: _, ...b }) => b);
      await replaceBuildings(trx, locationId(n), items);
    }

    for (const s of demo.services) {
      await createService(trx, {
        ...s,
        locationId: locationId(s.location),
        contactText: demo.CONTACT_TEXT,
        translations: JSON.stringify(s.translations),
      });
    }
    for (const { trades = [], ...p } of demo.providers) {
      const id = await createProvider(trx, { ...p, locationId: locationId(p.locationId) });
      const categories = await tickets.listCategories(trx, [locationId(p.locationId)]);
      await replaceTrades(
        trx,
        id,
        categories.filter((c) => trades.includes(c.name)).map((c) => c.id),
      );
    }
    for (const [i, p] of demo.phones.entries()) {
      const before = demo.phones.slice(0, i).filter((q) => q.location === p.location).length;
      await createPhone(trx, {
        ...p,
        locationId: locationId(p.location),
        sortOrder: before + 1,
        translations: JSON.stringify(p.translations),
      });
    }

    const users = new Map<string, { id: number; location: number | null }>();
    for (const p of demo.people) {
      const picture =
        p.hue === null ? null : await storage.put('avatars', 'webp', await makeAvatar(initials(p.name), p.hue));
      const id = await createUser(trx, {
        role: p.role,
        locationId: p.location === null ? null : locationId(p.location),
        apartmentNumber: p.location === null ? '' : p.login,
        name: p.name,
        email: p.email,
        passwordHash,
        profilePicture: picture,
        emergencyServicesDeactivated: p.emergencyServicesDeactivated,
      });
      users.set(p.login, { id, location: p.location === null ? null : locationId(p.location) });
    }
    const manager = users.get(demo.DEMO_MANAGER)!.id;
    for (const p of demo.people) {
      if (p.manages) await assignManagerLocations(trx, users.get(p.login)!.id, p.manages.map(locationId));
    }

    for (const d of demo.documents) {
      await createDocument(trx, {
        locationId: locationId(d.location),
        apartmentNumber: d.apartment,
        title: d.title,
        icon: '/icons/document.svg',
        fileKey: await storage.put('documents', 'pdf', await makePdf(d.pdfTitle ?? d.title, d.lines)),
        fileName: d.fileName,
        createdAt: isoFromMs(now - d.daysAgo * 24 * HOUR),
      });
    }

    for (const post of demo.posts) {
      const author = users.get(post.by)!;
      const location = author.location!;
      const { id } = await createMessage(trx, { userId: author.id, locationId: location }, post.text, {
        createdAt: hoursAgo(post.hoursAgo),
      });
      for (const a of post.attachments ?? []) {
        const data = a.kind === 'image' ? await makePhoto(a.name, 140) : await makePdf(a.name, a.lines ?? []);
        await addAttachmentWithinLimit(
          trx,
          {
            messageId: id,
            authorId: author.id,
            kind: a.kind,
            name: a.name,
            fileKey: await storage.put('posts', a.kind === 'image' ? 'jpg' : 'pdf', data),
            thumbnailKey: a.kind === 'image' ? await storage.put('thumbs', 'webp', await thumbnail(data, 400)) : null,
            contentType: a.kind === 'image' ? 'image/jpeg' : 'application/pdf',
            size: data.length,
          },
          a.kind === 'image' ? MAX_PHOTOS_PER_POST : MAX_PDFS_PER_POST,
        );
      }
      // Approved as the manager would, with the audit entry, but without notifying anyone.
      const approve = async (kind: 'message' | 'comment', itemId: number) =>
        recordDecision(trx, undefined, { id: manager }, kind, (await findModerated(trx, kind, itemId, [location]))!, {
          status: 'approved',
        });
      if (!post.pending) await approve('message', id);
      for (const c of post.comments ?? []) {
        const comment = await createComment(trx, users.get(c.by)!.id, id, c.text, { createdAt: hoursAgo(c.hoursAgo) });
        if (!c.pending) await approve('comment', comment.id);
      }
      for (const by of post.likedBy ?? []) await setLike(trx, users.get(by)!.id, id, true);
    }
    await seedTickets(trx, users, hoursAgo);
    // Bookings: a guest flat by whole days and a laundry room by 2-hour slots.
    for (const r of demo.bookingResources)
      await createResource(trx, { ...r, location_id: locationId(1), translations: JSON.stringify(r.translations) });
    await seedLegalPages(trx, now);
    return true;
  });
  if (!seeded) return;
  // Services 14–17 have the fixed ids of product §5.8.
  await syncSequences(handle, ['services']);
  log.info(`Demodaten angelegt. Anmeldung z. B. mit A-0101 / ${demo.DEMO_PASSWORD}`);
}

/**
 * The legal pages: each template with the demo's made-up details and a note saying
 * so, stored as a template, so the app keeps its 'Vorlage' banner until an administrator saves.
 */
async function seedLegalPages(trx: DB, now: number): Promise<void> {
  const date = new Intl.DateTimeFormat('de-DE', {
    timeZone: 'Europe/Berlin',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(now);
  const values = Object.entries(demo.legalDemoValues(date));
  for (const page of LEGAL_PAGES) {
    let markdown = rawTemplate(page).replace(/^(> .*\n)+/, `${demo.LEGAL_DEMO_NOTE}\n`);
    for (const [placeholder, value] of values) markdown = markdown.replaceAll(placeholder, value);
    await saveLegalPage(trx, { page, markdown, html: '', template: true, updatedBy: null });
  }
}

/** The demo tickets, written through the tickets repository like a report would write them. */
async function seedTickets(
  trx: DB,
  users: Map<string, { id: number; location: number | null }>,
  hoursAgo: (h: number) => string,
): Promise<void> {
  for (const t of demo.tickets) {
    const reporter = users.get(t.by)!;
    const location = reporter.location!;
    const [category] = (await tickets.listCategories(trx, [location])).filter((c) => c.name === t.category);
    const createdAt = hoursAgo(t.hoursAgo);
    const year = berlinYear(Date.parse(createdAt));
    const id = await tickets.insertTicket(trx, {
      number: ticketNumber(year, await tickets.nextTicketSequence(trx, year)),
      location_id: location,
      reporter_id: reporter.id,
      created_by: null,
      source: 'app',
      category_id: category!.id,
      scope: t.scope,
      place: t.place ?? '',
      description: t.description,
      contact_consent: t.consent ? 1 : 0,
      contact_phone: t.consent ? '+49 170 1234567' : '',
      status: t.status,
      done_at: t.status === 'done' ? hoursAgo(t.hoursAgo / 2) : null,
      first_response_at: t.message ? hoursAgo(t.hoursAgo - 2) : null,
      last_staff_activity_at: t.message ? hoursAgo(t.hoursAgo - 2) : null,
      last_activity_at: t.message ? hoursAgo(t.hoursAgo - 2) : createdAt,
      receipt_sha256: createHash('sha256').update(t.description).digest('hex'),
      idempotency_key: null,
      created_at: createdAt,
    });
    const event = (
      kind: string,
      at: string,
      extra: { author?: 'resident' | 'management'; text?: string; status?: typeof t.status } = {},
    ) =>
      tickets.insertEvent(trx, {
        ticket_id: id,
        kind,
        internal: 0,
        author: extra.author ?? 'resident',
        user_id: extra.author === 'management' ? null : reporter.id,
        assignment_id: null,
        status: extra.status ?? null,
        text: extra.text ?? '',
        created_at: at,
      });
    await event('created', createdAt);
    if (t.status !== 'received')
      await event('status', hoursAgo(t.hoursAgo - 2), {
        author: 'management',
        status: t.status,
        text: t.message ?? '',
      });
    for (const follower of t.followers ?? []) await tickets.addFollower(trx, id, users.get(follower)!.id);
  }
}
