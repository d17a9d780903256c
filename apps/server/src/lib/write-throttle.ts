import type { ThrottleConfig, WriteAction } from '../config/config.js';
import { said } from './errors.js';
import { Exhausted, tooMany, type Counter, type CounterStore } from './throttle.js';

/** What the 429 names, so the resident knows which of their actions was too frequent. */
const leadOf = (action: WriteAction) => said(`errors.throttle.${action}`);

/**
 * Per-user budgets for writes that cost mail, disk or moderation time (ADR 008). They are far
 * above what a resident does by hand; they stop a script or a stuck client.
 */
export class WriteThrottle {
  private readonly counters: Record<WriteAction, Counter[]>;

  constructor(store: CounterStore, limits: ThrottleConfig['writes']) {
    this.counters = Object.fromEntries(
      Object.entries(limits).map(([action, windows]) => [
        action,
        windows.map((limit) => store.counter(`write-${action}-${limit.durationSec}`, limit)),
      ]),
    ) as Record<WriteAction, Counter[]>;
  }

  /** Counts one `action` of the user, or answers 429 if a window's budget is used up. */
  async take(action: WriteAction, userId: number): Promise<void> {
    const key = String(userId);
    const taken: Counter[] = [];
    for (const counter of this.counters[action]) {
      try {
        await counter.consume(key);
        taken.push(counter);
      } catch (err) {
        if (!(err instanceof Exhausted)) throw err;
        // A refused write must not also use up the other windows.
        await Promise.all(taken.map((c) => c.refund(key)));
        throw tooMany(err.msBeforeNext, leadOf(action), false, err.throttle);
      }
    }
  }
}
