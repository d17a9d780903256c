import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/config.js';
import type { DB, DatabaseHandle, Dialect } from './db/database.js';
import { settingOrCreate } from './db/settings.js';
import { createStorage, type FileStorage } from './lib/storage/index.js';
import { UrlSigner } from './lib/signing.js';
import { Outbox } from './outbox/mail-outbox.js';
import { CounterStore, type Counter } from './lib/throttle.js';
import { WriteThrottle } from './lib/write-throttle.js';
import { SignInThrottle } from './modules/auth/sign-in-throttle.js';
import { TokenCache } from './modules/auth/token-cache.js';
import { DigestJob } from './modules/notifications/digest.js';
import { Notifier } from './modules/notifications/notifier.js';
import { PushOutbox } from './outbox/push-outbox.js';
import { WebhookOutbox } from './outbox/webhook-outbox.js';
import { EventBus } from './events/bus.js';
import { notifyEndpointDisabled, queueWebhooks, webhookSecretBox } from './modules/webhooks/webhooks.queue.js';
import { PersonalData } from './personal-data/registry.js';
import { EVENT_SOURCES, PERSONAL_DATA, type DomainEvent } from './registry.js';

/** What every module needs, built once in app.ts and hung on the Fastify instance. */
export interface AppContext {
  config: Config;
  db: DB;
  dialect: Dialect;
  storage: FileStorage;
  signer: UrlSigner;
  /** Signs media URLs and cookies. */
  secret: string;
  outbox: Outbox;
  /** Sends the push outbox (ADR 016). */
  push: PushOutbox;
  /** Sends the webhook outbox; `events.kick()` kicks it after the commit that queued deliveries. */
  webhooks: WebhookOutbox;
  /** Turns events into pushes and mails in the event's transaction; kick() after the commit. */
  notifier: Notifier;
  /** Fans the modules' events out to the notifier and the webhook queue (`raise`); kick() after the commit. */
  events: EventBus<DomainEvent>;
  /** Every module's part of the data export (Art. 15) and the erasure (Art. 17). */
  personalData: PersonalData;
  /** Sends the daily e-mail digest. */
  digest: DigestJob;
  counters: CounterStore;
  /** Failure-based limits on login, tenant lookup and password reset (ADR 008). */
  signIn: SignInThrottle;
  /** Per-user budgets for posts, comments, uploads and provider requests (ADR 008). */
  writes: WriteThrottle;
  /** Users by token hash, for routes that check the token in their own statement (ADR 018). */
  tokens: TokenCache;
  /** Requests per integration key, shared by the processes like the other counters. */
  apiKeyThrottle: Counter;
}

/**
 * Builds the context from the config and an open database. The secret that signs media URLs
 * and cookies is SECRET_KEY, or one generated once and kept in the database for every process.
 */
export async function createContext(
  config: Config,
  handle: DatabaseHandle,
  log: FastifyBaseLogger,
): Promise<AppContext> {
  const secret =
    config.secretKey ?? (await settingOrCreate(handle.db, 'secret_key', () => randomBytes(32).toString('base64url')));
  const counters = new CounterStore({ redisUrl: config.redisUrl, prefix: 'hp' });
  const outbox = new Outbox(handle.db, log, config.mail, {
    publicUrl: config.publicUrl,
    production: config.production,
  });
  const push = new PushOutbox(handle.db, log, config.push);
  const webhooks = new WebhookOutbox(
    handle.db,
    log,
    config.webhooks,
    webhookSecretBox(secret),
    notifyEndpointDisabled({ config, outbox }),
    () => outbox.kick(),
  );
  const notifier = new Notifier(config, secret, outbox, push, webhooks);
  return {
    config,
    db: handle.db,
    dialect: handle.dialect,
    storage: createStorage(config, handle.db),
    signer: new UrlSigner(secret),
    secret,
    outbox,
    push,
    webhooks,
    notifier,
    events: new EventBus<DomainEvent>(EVENT_SOURCES, notifier, queueWebhooks),
    personalData: new PersonalData(PERSONAL_DATA),
    digest: new DigestJob(handle.db, config, outbox, notifier, log),
    counters,
    signIn: new SignInThrottle(counters, config.throttle),
    writes: new WriteThrottle(counters, config.throttle.writes),
    tokens: new TokenCache(),
    apiKeyThrottle: counters.counter('api-key', config.throttle.apiKey),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
