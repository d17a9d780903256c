import http from 'node:http';
import https from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_DISABLE_AFTER_DAYS } from '@hausportal/contract';
import type { WebhookConfig } from '../config/config.js';
import { sql } from 'kysely';
import { inTransaction, type DB } from '../db/database.js';
import type { WebhookDeliveryTable } from '../db/schema.js';
import type { SecretBox } from '../lib/secret-box.js';
import { isoFromMs, nowIso } from '../lib/time.js';
import { Drain } from './claim.js';
import { allowlisted, publicLookup, webhookUrlProblem } from './webhook-endpoint.js';

type DeliveryRow = Selectable<WebhookDeliveryTable>;

/** An endpoint that was switched off by the sender, for the administrators' mail. */
export interface DisabledEndpoint {
  id: number;
  url: string;
  apiKeyName: string;
  reason: string;
}

/** What one attempt came to. */
interface Attempt {
  status: number | null;
  error: string | null;
  retryAfterMs: number | null;
}

const DAY_MS = 24 * 3_600_000;
const USER_AGENT = 'Hausportal-Webhooks/1';

/**
 * Sends the webhook outbox (ADR 034) with the lease of the mail and push outboxes
 * (claim.ts): each delivery is signed per Standard Webhooks with its endpoint's secret, for 24 hours
 * after a rotation with the old one too (`webhook-id` stays the same on every attempt, `webhook-timestamp` is the attempt's), posted
 * with no redirect followed, a timeout and a cap on the response read, and only to public
 * addresses (checked on the resolved address) or allowlisted origins.
 * - 2xx: delivered; the endpoint's `failing_since` is cleared.
 * - 410 Gone: the receiver wants no more; the endpoint is switched off at once.
 * - anything else: tried again after the next wait of the schedule (a Retry-After is honoured up
 *   to the schedule's longest wait), then given up; an endpoint failing for 3 days is switched off
 *   and the administrators get a mail (`onDisabled`, in the same transaction).
 */
export class WebhookOutbox extends Drain<DeliveryRow> {
  protected readonly concurrency: number;
  private started = false;

  constructor(
    private readonly db: DB,
    protected readonly log: FastifyBaseLogger,
    private readonly cfg: WebhookConfig,
    private readonly secrets: SecretBox,
    /** Queues the administrators' mail in the transaction that switched the endpoint off. */
    private readonly onDisabled: (trx: DB, endpoint: DisabledEndpoint) => Promise<void>,
    /** Called after that transaction committed (kicks the mail outbox). */
    private readonly afterDisabled: () => void = () => undefined,
  ) {
    super();
    this.concurrency = cfg.concurrency;
  }

  protected get enabled(): boolean {
    return this.started;
  }

  start(): void {
    this.started = true;
    this.poll(this.cfg.pollMs);
    this.kick();
  }

  async close(waitMs = 5_000): Promise<void> {
    await this.stop(waitMs, this.db, 'webhook_deliveries');
  }

  /**
   * Takes the lane of the endpoint whose turn it is (due deliveries, no delivery in flight, the
   * lane taken longest ago), then that endpoint's oldest due delivery. Both are compare-and-set, so
   * across senders and processes one endpoint never has two deliveries in flight, and a slow or
   * failing receiver holds one sender while the others serve the other endpoints in turn.
   */
  protected async claim(): Promise<DeliveryRow | null> {
    for (;;) {
      const now = nowIso();
      const lease = isoFromMs(Date.now() + this.cfg.leaseMs);
      const next = await this.db
        .selectFrom('webhook_endpoints as e')
        .select('e.id')
        .where((eb) => eb.or([eb('e.lane_until', 'is', null), eb('e.lane_until', '<=', now)]))
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('webhook_deliveries as d')
              .select('d.id')
              .whereRef('d.endpoint_id', '=', 'e.id')
              .where('d.status', '=', 'pending')
              .where('d.next_attempt_at', '<=', now)
              .where((eb) => eb.or([eb('d.locked_until', 'is', null), eb('d.locked_until', '<=', now)])),
          ),
        )
        .orderBy(sql`coalesce(e.lane_claimed_at, '')`)
        .orderBy('e.id')
        .limit(1)
        .executeTakeFirst();
      if (!next) return null;
      const lane = await this.db
        .updateTable('webhook_endpoints')
        .set({ lane_until: lease, lane_claimed_at: now })
        .where('id', '=', next.id)
        .where((eb) => eb.or([eb('lane_until', 'is', null), eb('lane_until', '<=', now)]))
        .executeTakeFirst();
      if (Number(lane.numUpdatedRows) !== 1) continue; // another sender took it first
      const row = await this.db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('endpoint_id', '=', next.id)
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      const taken =
        row &&
        Number(
          (
            await this.db
              .updateTable('webhook_deliveries')
              .set({ attempts: row.attempts + 1, locked_until: lease })
              .where('id', '=', row.id)
              .where('status', '=', 'pending')
              .where('attempts', '=', row.attempts)
              .executeTakeFirst()
          ).numUpdatedRows,
        ) === 1;
      if (taken) return row;
      await this.releaseLane(next.id);
    }
  }

  /** On stop, the lanes of the deliveries still in flight open too, so the next start sends at once. */
  protected override async afterRelease(rows: readonly DeliveryRow[]): Promise<void> {
    for (const row of rows) await this.releaseLane(row.endpoint_id);
  }

  /** Opens the endpoint's lane for the next delivery. */
  private async releaseLane(endpointId: number): Promise<void> {
    await this.db.updateTable('webhook_endpoints').set({ lane_until: null }).where('id', '=', endpointId).execute();
  }

  protected async send(row: DeliveryRow): Promise<void> {
    try {
      await this.deliver(row);
    } finally {
      await this.releaseLane(row.endpoint_id).catch(() => undefined);
    }
  }

  private async deliver(row: DeliveryRow): Promise<void> {
    const endpoint = await this.db
      .selectFrom('webhook_endpoints as e')
      .innerJoin('api_keys as k', 'k.id', 'e.api_key_id')
      .select(['e.id', 'e.url', 'e.secret', 'e.enabled', 'e.failing_since', 'k.name as key_name'])
      .select(['e.previous_secret', 'e.previous_secret_expires_at'])
      .select(['k.revoked_at', 'k.expires_at'])
      .where('e.id', '=', row.endpoint_id)
      .executeTakeFirst();
    if (!endpoint) return; // deleted meanwhile: its deliveries went with it
    const now = nowIso();
    if (!endpoint.enabled) return this.finish(row, 'failed', null, 'Der Endpunkt ist ausgeschaltet.');
    if (endpoint.revoked_at || (endpoint.expires_at && endpoint.expires_at <= now))
      return this.finish(row, 'failed', null, 'Der API-Schlüssel des Endpunkts ist widerrufen oder abgelaufen.');
    const secret = this.secrets.open(endpoint.secret);
    if (!secret)
      return this.finish(row, 'failed', null, 'Das Geheimnis ist nicht lesbar (SECRET_KEY geändert?); bitte erneuern.');

    // After a rotation the old secret signs too until it expires (new first); an unreadable one is left out.
    const previous =
      endpoint.previous_secret && endpoint.previous_secret_expires_at && endpoint.previous_secret_expires_at > now
        ? this.secrets.open(endpoint.previous_secret)
        : null;

    const attempt = await this.post(endpoint.url, row, previous ? [secret, previous] : [secret]);
    const ok = attempt.status !== null && attempt.status >= 200 && attempt.status < 300;
    if (ok) {
      await inTransaction(this.db, async (trx) => {
        await this.update(trx, row, {
          status: 'delivered',
          response_code: attempt.status,
          last_error: null,
          delivered_at: nowIso(),
          next_attempt_at: null,
        });
        await trx
          .updateTable('webhook_endpoints')
          .set({ failing_since: null })
          .where('id', '=', endpoint.id)
          .where('failing_since', 'is not', null)
          .execute();
      });
      return;
    }
    const error = attempt.error ?? `Antwort ${attempt.status}`;
    const gone = attempt.status === 410;
    const wait = this.cfg.retryScheduleMs[row.attempts];
    const disabled = await inTransaction(this.db, async (trx) => {
      const switchedOff = await this.endpointFailed(trx, endpoint, gone);
      // Switched off now or by another sender meanwhile: this delivery is given up too.
      const on = await trx
        .selectFrom('webhook_endpoints')
        .select('enabled')
        .where('id', '=', endpoint.id)
        .executeTakeFirst();
      if (gone || wait === undefined || !on?.enabled) {
        await this.update(trx, row, {
          status: 'failed',
          response_code: attempt.status,
          last_error: gone || wait === undefined || !on ? error : `${error} – Der Endpunkt wurde ausgeschaltet.`,
          next_attempt_at: null,
        });
      } else {
        const longest = Math.max(...this.cfg.retryScheduleMs);
        // ±10 % jitter, so deliveries that failed together do not all come back at once.
        const delay = Math.min(Math.max(wait * (0.9 + Math.random() * 0.2), attempt.retryAfterMs ?? 0), longest);
        await this.update(trx, row, {
          status: 'pending',
          response_code: attempt.status,
          last_error: error,
          next_attempt_at: isoFromMs(Date.now() + delay),
        });
      }
      return switchedOff;
    });
    if (disabled) this.afterDisabled();
  }

  /**
   * Marks the endpoint failing since now (if it was not), and switches it off when it has failed
   * for WEBHOOK_DISABLE_AFTER_DAYS or answered 410. Only the sender whose update switched it off
   * writes the mail, so the administrators get one.
   */
  private async endpointFailed(
    trx: DB,
    endpoint: { id: number; url: string; key_name: string; failing_since: string | null },
    gone: boolean,
  ): Promise<boolean> {
    const now = Date.now();
    const since = endpoint.failing_since ?? isoFromMs(now);
    if (!endpoint.failing_since)
      await trx
        .updateTable('webhook_endpoints')
        .set({ failing_since: since })
        .where('id', '=', endpoint.id)
        .where('failing_since', 'is', null)
        .execute();
    const tooLong = now - Date.parse(since) >= WEBHOOK_DISABLE_AFTER_DAYS * DAY_MS;
    if (!gone && !tooLong) return false;
    const reason = gone
      ? 'Der Empfänger hat mit 410 (Gone) geantwortet und möchte keine Webhooks mehr erhalten.'
      : `Seit ${WEBHOOK_DISABLE_AFTER_DAYS} Tagen schlägt jede Zustellung fehl.`;
    const res = await trx
      .updateTable('webhook_endpoints')
      .set({ enabled: 0, disabled_reason: reason })
      .where('id', '=', endpoint.id)
      .where('enabled', '=', 1)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return false;
    // What was still waiting for it is given up; 'Erneut senden' brings single deliveries back.
    await trx
      .updateTable('webhook_deliveries')
      .set({ status: 'failed', last_error: 'Der Endpunkt wurde ausgeschaltet.', next_attempt_at: null })
      .where('endpoint_id', '=', endpoint.id)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', nowIso())]))
      .execute();
    await this.onDisabled(trx, { id: endpoint.id, url: endpoint.url, apiKeyName: endpoint.key_name, reason });
    this.log.warn({ endpoint: endpoint.id, reason }, 'Webhook-Endpunkt ausgeschaltet');
    return true;
  }

  private async finish(row: DeliveryRow, status: 'failed', code: number | null, error: string): Promise<void> {
    await this.update(this.db, row, { status, response_code: code, last_error: error, next_attempt_at: null });
  }

  /** Writes the outcome of the attempt this sender claimed (attempts is the claim's version). */
  private async update(
    db: DB,
    row: DeliveryRow,
    set: Partial<Pick<DeliveryRow, 'status' | 'response_code' | 'last_error' | 'next_attempt_at' | 'delivered_at'>>,
  ): Promise<void> {
    await db
      .updateTable('webhook_deliveries')
      .set({
        ...set,
        last_error: set.last_error === undefined ? undefined : (set.last_error?.slice(0, 500) ?? null),
        last_attempt_at: nowIso(),
        locked_until: null,
      })
      .where('id', '=', row.id)
      .where('attempts', '=', row.attempts + 1)
      .execute();
  }

  /** One signed POST (a signature per secret, space-separated as Standard Webhooks allows); never throws. */
  private post(raw: string, row: DeliveryRow, secrets: string[]): Promise<Attempt> {
    // Names are judged by what they resolve to (publicLookup), literal addresses here.
    const problem = webhookUrlProblem(raw, this.cfg.endpointAllowlist, false);
    if (problem) return Promise.resolve({ status: null, error: problem, retryAfterMs: null });
    const url = new URL(raw);
    const trusted = allowlisted(url, this.cfg.endpointAllowlist);
    const body = Buffer.from(row.payload, 'utf8');
    const at = new Date();
    const signature = secrets.map((secret) => new Webhook(secret).sign(row.message_id, at, body)).join(' ');
    const headers = {
      'content-type': 'application/json',
      'content-length': String(body.length),
      'user-agent': USER_AGENT,
      'webhook-id': row.message_id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signature,
    };
    const cap = this.cfg.responseCapBytes;
    return new Promise<Attempt>((resolve) => {
      let settled = false;
      const done = (a: Attempt) => {
        if (settled) return;
        settled = true;
        resolve(a);
      };
      const request = (url.protocol === 'https:' ? https : http).request(
        url,
        {
          method: 'POST',
          headers,
          // The address guard: every address the name resolves to must be public (DNS rebinding).
          ...(trusted ? {} : { lookup: publicLookup as never }),
          signal: AbortSignal.timeout(this.cfg.timeoutMs),
          // No keep-alive agent: each attempt resolves and checks the address again.
          agent: false,
        },
        (res) => {
          const status = res.statusCode ?? 0;
          const chunks: Buffer[] = [];
          let read = 0;
          res.on('data', (chunk: Buffer) => {
            if (read < cap) chunks.push(chunk.subarray(0, cap - read));
            read += chunk.length;
            // Beyond the cap the rest is not read: the status is all that counts.
            if (read >= cap) res.destroy();
          });
          const finish = () => {
            const text = Buffer.concat(chunks).toString('utf8').replace(/\s+/g, ' ').trim().slice(0, 300);
            const retryAfter = retryAfterMs(res.headers['retry-after']);
            const redirect = status >= 300 && status < 400;
            done({
              status,
              error:
                status >= 200 && status < 300
                  ? null
                  : redirect
                    ? `Antwort ${status}: Weiterleitungen werden nicht verfolgt; bitte die Adresse ändern.`
                    : `Antwort ${status}${text ? `: ${text}` : ''}`,
              retryAfterMs: retryAfter,
            });
          };
          res.on('end', finish);
          res.on('close', finish);
          res.on('error', finish);
        },
      );
      request.on('error', (err: NodeJS.ErrnoException) => {
        const timeout = err.name === 'AbortError' || err.name === 'TimeoutError';
        done({
          status: null,
          error: timeout
            ? `Keine Antwort innerhalb von ${Math.round(this.cfg.timeoutMs / 1000)} s.`
            : err.name === 'BlockedAddress'
              ? err.message
              : `Nicht erreichbar: ${err.code ?? err.message}`,
          retryAfterMs: null,
        });
      });
      request.end(body);
    });
  }
}

/** Retry-After as seconds or an HTTP date, in ms; null when absent or unreadable. */
function retryAfterMs(value: string | undefined): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}
