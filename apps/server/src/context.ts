import type { Config } from './config/config.js';
import type { DB, Dialect } from './db/database.js';
import type { FileStorage } from './lib/storage.js';
import type { UrlSigner } from './lib/signing.js';
import type { Outbox } from './lib/outbox.js';
import type { CounterStore } from './lib/throttle.js';
import type { WriteThrottle } from './lib/write-throttle.js';
import type { SignInThrottle } from './modules/auth/sign-in-throttle.js';

/** What every module needs, built once in app.ts and hung on the Fastify instance. */
export interface AppContext {
  config: Config;
  db: DB;
  dialect: Dialect;
  storage: FileStorage;
  signer: UrlSigner;
  outbox: Outbox;
  counters: CounterStore;
  /** Failure-based limits on login, tenant lookup and password reset (ADR 008). */
  signIn: SignInThrottle;
  /** Per-user budgets for posts, comments, uploads and provider requests (ADR 008). */
  writes: WriteThrottle;
}

/** The signed-in caller, as the auth hook puts it on the request. */
export interface AuthUser {
  id: number;
  tokenId: number;
  role: 'resident' | 'receptionist' | 'manager';
  locationId: number | null;
  apartmentNumber: string;
  name: string;
  email: string;
  profilePicture: string | null;
  emergencyServicesDeactivated: boolean;
  language: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}
