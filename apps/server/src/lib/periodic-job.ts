import type { FastifyBaseLogger } from 'fastify';

/**
 * Work every process does now and then (the notices' announcements, the reminders of bookings and
 * parcels, the digest): once at start, then every `everyMs`. The timer does not keep the process
 * alive, and a failed run is logged with `failure` and tried again at the next tick. What `run`
 * does must be safe in several processes at once (a compare-and-set per item, ADR 017).
 */
export class PeriodicJob {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly everyMs: number,
    private readonly run: () => Promise<unknown>,
    private readonly log: FastifyBaseLogger,
    private readonly failure: string,
  ) {}

  start(): void {
    const tick = () => void this.run().catch((err) => this.log.error({ err }, this.failure));
    this.timer ??= setInterval(tick, this.everyMs).unref();
    tick();
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
