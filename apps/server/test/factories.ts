// Rows a test needs, built through the same repository functions the API and the demo seed use.
// Behaviour tests build their own world with these, so a change to the demo texts breaks only
// the demo suite (src/seed/demo.test.ts). Every default is unique within a test database.
import { MAX_PDFS_PER_POST, MAX_PHOTOS_PER_POST, type ApiScope } from '@hausportal/contract';
import sharp from 'sharp';
import { DEMO_PASSWORD } from '../src/seed/demo-data.js';
import { hashPassword } from '../src/lib/passwords.js';
import { thumbnail } from '../src/lib/uploads.js';
import { API_KEY_SHOWN, hashToken, newApiKey as generateApiKey } from '../src/lib/tokens.js';
import { assignManagerLocations, createUser } from '../src/modules/auth/auth.repository.js';
import { createDocument } from '../src/modules/documents/documents.repository.js';
import { createLocation, type LocationInput } from '../src/modules/location/location.repository.js';
import {
  addAttachmentWithinLimit,
  createComment,
  createMessage,
  refreshApprovedCount,
  refreshCommentCount,
  setLike,
} from '../src/modules/messages/messages.repository.js';
import { createPhone } from '../src/modules/phones/phones.repository.js';
import { insertKey } from '../src/modules/integration/api-keys.repository.js';
import { updateProfile } from '../src/modules/profile/profile.repository.js';
import { createProvider, createService, type ProviderInput } from '../src/modules/services/services.repository.js';
import { login, staffLogin, type TestApp } from './harness.js';
import { pdfFile, pngImage } from './helpers.js';

/** Every account a factory makes has this password, as the demo accounts do. */
export const PASSWORD = DEMO_PASSWORD;

let counter = 0;
const next = () => ++counter;
let passwordHash: Promise<string> | undefined;

export interface TestUser {
  id: number;
  /** What the user signs in with: the apartment number, or the e-mail of a manager. */
  login: string;
  apartmentNumber: string;
  name: string;
  email: string;
  locationId: number | null;
  role: 'resident' | 'receptionist' | 'manager' | 'admin';
}

/** A location (default service 3, the reception); returns its id. */
export async function newLocation(t: TestApp, over: Partial<LocationInput> = {}): Promise<number> {
  return createLocation(t.app.ctx.db, { title: `Haus ${next()}`, ...over });
}

/**
 * A resident (or receptionist, or manager of `managerOf`, or admin of every location) with the
 * password PASSWORD.
 */
export async function newUser(
  t: TestApp,
  opts: {
    locationId?: number | null;
    role?: TestUser['role'];
    apartmentNumber?: string;
    name?: string;
    email?: string;
    emergencyServicesDeactivated?: boolean;
    managerOf?: number[];
  } = {},
): Promise<TestUser> {
  const n = next();
  const role = opts.role ?? 'resident';
  const staff = role === 'manager' || role === 'admin';
  const apartmentNumber = staff ? '' : (opts.apartmentNumber ?? `T-${String(n).padStart(4, '0')}`);
  const email = opts.email ?? `person-${n}@example.org`;
  const locationId = staff ? null : (opts.locationId ?? (await newLocation(t)));
  const name = opts.name ?? `Person ${n}`;
  passwordHash ??= hashPassword(PASSWORD);
  const id = await createUser(t.app.ctx.db, {
    role,
    locationId,
    apartmentNumber,
    name,
    email,
    passwordHash: await passwordHash,
    emergencyServicesDeactivated: opts.emergencyServicesDeactivated,
  });
  if (opts.managerOf) await assignManagerLocations(t.app.ctx.db, id, opts.managerOf);
  const loginName = staff ? email.toLowerCase() : apartmentNumber;
  return { id, login: loginName, apartmentNumber, name, email: email.toLowerCase(), locationId, role };
}

/**
 * Signs a user in through the API; returns the Authorization header value. Staff sign in where
 * the back office does (`/api/staff/login/`), since `/api/login/` refuses them.
 */
export function signIn(t: TestApp, user: TestUser): Promise<string> {
  if (user.role === 'manager' || user.role === 'admin') return staffLogin(t.app, user.email, PASSWORD);
  return login(t.app, user.login, PASSWORD);
}

/** A post by `author` in the author's location, approved unless said otherwise; returns its id. */
export async function newPost(
  t: TestApp,
  author: TestUser,
  opts: {
    text?: string;
    status?: 'pending' | 'approved' | 'rejected';
    createdAt?: string;
    rejectionReason?: string;
  } = {},
): Promise<number> {
  const { db } = t.app.ctx;
  const { id } = await createMessage(
    db,
    { userId: author.id, locationId: author.locationId! },
    opts.text ?? `Beitrag ${next()}`,
    { status: opts.status ?? 'approved', createdAt: opts.createdAt },
  );
  if (opts.rejectionReason)
    await db.updateTable('messages').set({ rejection_reason: opts.rejectionReason }).where('id', '=', id).execute();
  await refreshApprovedCount(db, author.locationId!);
  return id;
}

/** A comment on a post, approved unless said otherwise; returns its id. */
export async function newComment(
  t: TestApp,
  postId: number,
  author: TestUser,
  opts: { text?: string; status?: 'pending' | 'approved' | 'rejected'; createdAt?: string } = {},
): Promise<number> {
  const { db } = t.app.ctx;
  const { id } = await createComment(db, author.id, postId, opts.text ?? `Kommentar ${next()}`, {
    status: opts.status ?? 'approved',
    createdAt: opts.createdAt,
  });
  await refreshCommentCount(db, postId);
  return id;
}

/** A like of `user` on a post (recounted as the API does). */
export function newLike(t: TestApp, postId: number, user: TestUser): Promise<number> {
  return setLike(t.app.ctx.db, user.id, postId, true);
}

/** A phone number of a location; returns its id. */
export function newPhone(
  t: TestApp,
  locationId: number,
  over: {
    name?: string;
    number?: string;
    icon?: string;
    highlighted?: boolean;
    hidden?: boolean;
    sortOrder?: number;
  } = {},
): Promise<number> {
  const n = next();
  return createPhone(t.app.ctx.db, { locationId, name: `Nummer ${n}`, number: `+49 30 ${1000 + n}`, ...over });
}

/** A service of a location (or global with locationId null); returns its id. */
export function newService(
  t: TestApp,
  locationId: number | null,
  over: { id?: number; title?: string; icon?: string; contactText?: string; sortOrder?: number } = {},
): Promise<number> {
  return createService(t.app.ctx.db, { locationId, title: `Dienst ${next()}`, ...over });
}

/** A provider of a service at a location; returns its id. */
export function newProvider(
  t: TestApp,
  serviceId: number,
  locationId: number,
  over: Partial<Omit<ProviderInput, 'serviceId' | 'locationId'>> = {},
): Promise<number> {
  return createProvider(t.app.ctx.db, { serviceId, locationId, name: `Anbieter ${next()}`, ...over });
}

/** A document of a location, or of one apartment there; its file is a stored PDF. */
export async function newDocument(
  t: TestApp,
  locationId: number,
  over: { apartmentNumber?: string | null; title?: string; icon?: string; data?: Buffer; createdAt?: string } = {},
): Promise<number> {
  const n = next();
  const data = over.data ?? Buffer.from(`%PDF-1.4\n% Testdokument ${n}\n%%EOF\n`);
  return createDocument(t.app.ctx.db, {
    locationId,
    apartmentNumber: over.apartmentNumber ?? null,
    title: over.title ?? `Dokument ${n}`,
    fileKey: await t.app.ctx.storage.put('documents', 'pdf', data),
    fileName: `dokument-${n}.pdf`,
    icon: over.icon,
    createdAt: over.createdAt,
  });
}

/** An attachment of the author's pending post (a PNG photo with its thumbnail, or a PDF); returns its id. */
export async function newAttachment(
  t: TestApp,
  postId: number,
  author: TestUser,
  opts: { kind?: 'image' | 'pdf'; name?: string } = {},
): Promise<number> {
  const { db, storage } = t.app.ctx;
  const n = next();
  const kind = opts.kind ?? 'image';
  const data = kind === 'image' ? await pngImage() : await pdfFile(`Anhang ${n}`);
  const row = await addAttachmentWithinLimit(
    db,
    {
      messageId: postId,
      authorId: author.id,
      kind,
      name: opts.name ?? `Anhang ${n}`,
      fileKey: await storage.put('posts', kind === 'image' ? 'png' : 'pdf', data),
      thumbnailKey: kind === 'image' ? await storage.put('thumbs', 'webp', await thumbnail(data, 400)) : null,
      contentType: kind === 'image' ? 'image/png' : 'application/pdf',
      size: data.length,
    },
    kind === 'image' ? MAX_PHOTOS_PER_POST : MAX_PDFS_PER_POST,
  );
  if (typeof row === 'string') throw new Error(`Anhang an Beitrag ${postId} nicht angelegt: ${row}`);
  return row.id;
}

/** A profile picture (a stored WebP) for a user; returns its storage key. */
export async function newProfilePicture(t: TestApp, user: TestUser): Promise<string> {
  const png = await pngImage();
  const picture = await sharp(png).webp().toBuffer();
  const key = await t.app.ctx.storage.put('avatars', 'webp', picture);
  await updateProfile(t.app.ctx.db, user.id, { profile_picture: key });
  return key;
}

export interface TestApiKey {
  id: number;
  name: string;
  /** The key itself, as the back office shows it once. */
  key: string;
  /** The Authorization header value: `Bearer hp_…`. */
  auth: string;
}

/** An integration key for these locations and scopes (default: every scope), stored as the back office stores it. */
export async function newApiKey(
  t: TestApp,
  opts: {
    locationIds: number[];
    scopes: ApiScope[];
    name?: string;
    expiresAt?: string | null;
    createdBy?: number | null;
  },
): Promise<TestApiKey> {
  const key = generateApiKey();
  const name = opts.name ?? `Schlüssel ${next()}`;
  const id = await insertKey(t.app.ctx.db, {
    name,
    prefix: key.slice(0, API_KEY_SHOWN),
    keyHash: hashToken(key),
    scopes: opts.scopes,
    locationIds: opts.locationIds,
    createdBy: opts.createdBy ?? null,
    createdAt: new Date().toISOString(),
    expiresAt: opts.expiresAt ?? null,
  });
  return { id, name, key, auth: `Bearer ${key}` };
}
