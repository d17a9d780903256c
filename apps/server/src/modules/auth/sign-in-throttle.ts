import type { ThrottleConfig } from '../../config/config.js';
import { said, type Message } from '../../lib/errors.js';
import { addressKey, Exhausted, tooMany, type Counter, type CounterStore } from '../../lib/throttle.js';

/** The outcome of a throttled attempt, reported once the password or token was checked. */
export interface Attempt {
  succeeded(): Promise<void>;
  failed(): Promise<void>;
}

/** The account key: the login as typed, without case or surrounding spaces. */
export const accountKey = (login: string) => login.trim().toLowerCase().slice(0, 150);

const ACCOUNT_LEAD = said('errors.throttle.account');
const RESET_MAIL_LEAD = said('errors.throttle.resetMail');

/**
 * Throttles the anonymous endpoints by their failures, not their use (ADR 008), so a building
 * behind one NAT address signs in all day while guessing is stopped. An address counts as its
 * IPv4 address or its IPv6 /64 (`addressKey`), so a host cannot spread its guesses over its /64:
 * - per (address, account): consecutive failures; a correct login clears them;
 * - per address: failures, whichever account;
 * - per account, across addresses: after the free failures, each failure closes the account
 *   to new devices for a delay doubling from 1 s. A device that signed in to the account before
 *   (its device cookie) is not delayed, so guessing cannot lock the owner out.
 * Every attempt takes its points before the check, so parallel requests cannot slip past a
 * limit; a success gives them back.
 */
export class SignInThrottle {
  private readonly c: Record<
    | 'loginPair'
    | 'loginIp'
    | 'loginOverBudget'
    | 'loginDevice'
    | 'accountFailures'
    | 'accountDelay'
    | 'tenantPair'
    | 'tenantIp'
    | 'resetIp'
    | 'resetAccount'
    | 'confirmIp'
    | 'activationPair'
    | 'activationIp'
    | 'activationOverBudget',
    Counter
  >;

  constructor(
    store: CounterStore,
    private readonly cfg: ThrottleConfig,
  ) {
    const { login, tenant, reset, resetConfirm, activation } = cfg;
    this.c = {
      loginPair: store.counter('login-pair', login.perPair),
      loginIp: store.counter('login-ip', login.perIp),
      loginOverBudget: store.counter('login-over-budget', login.overBudgetPerPair),
      loginDevice: store.counter('login-device', login.perDevice),
      // Counts up to any number; the delay below decides what a count means.
      accountFailures: store.counter('login-account', { points: 1_000_000, durationSec: login.account.windowSec }),
      accountDelay: store.counter('login-delay', { points: 1, durationSec: login.account.maxDelaySec }),
      tenantPair: store.counter('tenant-pair', tenant.perPair),
      tenantIp: store.counter('tenant-ip', tenant.perIp),
      resetIp: store.counter('reset-ip', reset.perIp),
      resetAccount: store.counter('reset-account', reset.perAccount),
      confirmIp: store.counter('confirm-ip', resetConfirm.perIp),
      activationPair: store.counter('activation-pair', activation.perPair),
      activationIp: store.counter('activation-ip', activation.perIp),
      activationOverBudget: store.counter('activation-over-budget', activation.overBudgetPerPair),
    };
  }

  /**
   * Opens a login attempt or throws 429. `device` is the id from a valid device cookie of this
   * account: such a device has its own budget and skips the address and account limits.
   *
   * An address that has spent its failures (perIp) does not shut out its other users (one
   * guessing neighbour behind a building's NAT): each (address, account) may still be checked
   * a few times an hour (overBudgetPerPair), after a short delay. Correct credentials get in; a
   * wrong password there is answered 429, not 400, and counts against the account as always, so
   * guessing from that address gets no answer it could use beyond those few checks.
   */
  async login(address: string, account: string, device: string | null): Promise<Attempt> {
    const ip = addressKey(address);
    const { loginPair, loginIp, loginOverBudget, loginDevice } = this.c;
    if (device) {
      await take(loginDevice, device);
      return { succeeded: () => loginDevice.clear(device), failed: async () => undefined };
    }
    const wait = await this.c.accountDelay.waitMs(account);
    if (wait > 0) throw tooMany(wait, ACCOUNT_LEAD, true, 'login-delay');
    const pair = `${ip}|${account}`;
    const addressWait = await tryTake(loginIp, ip);
    if (addressWait === 0) {
      await take(loginPair, pair, () => loginIp.refund(ip));
      return {
        succeeded: async () => {
          await Promise.all([loginIp.refund(ip), loginPair.clear(pair)]);
        },
        failed: () => this.accountFailed(account),
      };
    }
    // The address has spent its failures: only a few slowed checks per account from here.
    await take(loginPair, pair);
    await take(loginOverBudget, pair, () => loginPair.refund(pair), undefined, addressWait);
    await sleep(this.cfg.login.overBudgetDelayMs);
    return {
      succeeded: async () => {
        await Promise.all([loginPair.clear(pair), loginOverBudget.clear(pair)]);
      },
      failed: async () => {
        await this.accountFailed(account);
        throw tooMany(Math.max(addressWait, await loginOverBudget.waitMs(pair)), undefined, false, 'login-over-budget');
      },
    };
  }

  /** A failure against the account, from any address: past the free ones, a growing delay. */
  private async accountFailed(account: string): Promise<void> {
    const failures = await this.c.accountFailures.consume(account);
    const over = failures - this.cfg.login.account.freeFailures;
    if (over > 0) {
      const seconds = Math.min(2 ** Math.min(over - 1, 30), this.cfg.login.account.maxDelaySec);
      await this.c.accountDelay.block(account, seconds);
    }
  }

  /**
   * Opens a tenant lookup. Every lookup costs the address a point, found or not: a
   * correct apartment number answers with its masked e-mail, so finding real ones is exactly what
   * an enumerator wants. A success only forgets the (address, number) pair's failures.
   */
  async tenant(address: string, account: string): Promise<Attempt> {
    const ip = addressKey(address);
    const { tenantIp, tenantPair } = this.c;
    const pair = `${ip}|${account}`;
    await take(tenantIp, ip);
    await take(tenantPair, pair, () => tenantIp.refund(ip));
    return { succeeded: () => tenantPair.clear(pair), failed: async () => undefined };
  }

  /** Counts a reset request of an address; every one may send a mail, so each counts. */
  async resetRequest(address: string): Promise<void> {
    const ip = addressKey(address);
    await take(this.c.resetIp, ip);
  }

  /** Counts a reset mail to an account, so nobody can flood its owner's inbox. */
  async resetMail(account: string): Promise<void> {
    await take(this.c.resetAccount, account, undefined, RESET_MAIL_LEAD);
  }

  /** Opens a reset confirmation; an invalid token is a failure. */
  async resetConfirm(address: string): Promise<Attempt> {
    const ip = addressKey(address);
    const { confirmIp } = this.c;
    await take(confirmIp, ip);
    return { succeeded: () => confirmIp.refund(ip), failed: async () => undefined };
  }

  /**
   * Opens an attempt with an activation code; a code that does not work is a failure. Like a
   * password: an address that keeps guessing codes is stopped, and so is one that keeps trying one
   * code (a misread letter, a used or expired code), while a success gives the address its point
   * back. An address that has spent its failures still gets a few slowed checks per code, so the
   * right code of a neighbour behind the same NAT works; a wrong one there is answered with 429.
   */
  async activation(address: string, code: string): Promise<Attempt> {
    const ip = addressKey(address);
    const { activationIp, activationPair, activationOverBudget } = this.c;
    const addressWait = await tryTake(activationIp, ip);
    if (addressWait === 0) return byAddress(activationIp, activationPair, ip, code, true);
    const pair = `${ip}|${code}`;
    await take(activationPair, pair);
    await take(activationOverBudget, pair, () => activationPair.refund(pair), undefined, addressWait);
    await sleep(this.cfg.login.overBudgetDelayMs);
    return {
      succeeded: async () => {
        await Promise.all([activationPair.clear(pair), activationOverBudget.clear(pair)]);
      },
      failed: async () => {
        throw tooMany(
          Math.max(addressWait, await activationOverBudget.waitMs(pair)),
          undefined,
          false,
          'activation-over-budget',
        );
      },
    };
  }

  /** The owner has set a new password: earlier guessing at the account no longer matters. */
  async forgetAccount(account: string): Promise<void> {
    await Promise.all([this.c.accountFailures.clear(account), this.c.accountDelay.clear(account)]);
  }
}

/**
 * An attempt counted against the address and the (address, account) pair. A success gives the
 * address its point back and forgets the pair's failures; a failure keeps both.
 */
async function byAddress(
  perIp: Counter,
  perPair: Counter,
  ip: string,
  account: string,
  /** The address's point is already taken (tryTake). */
  taken = false,
): Promise<Attempt> {
  const pair = `${ip}|${account}`;
  if (!taken) await take(perIp, ip);
  await take(perPair, pair, () => perIp.refund(ip));
  return {
    succeeded: async () => {
      await Promise.all([perIp.refund(ip), perPair.clear(pair)]);
    },
    failed: async () => undefined,
  };
}

/**
 * Takes a point or answers 429; `undo` gives back what an earlier counter of the attempt took.
 * The wait named is the counter's, or `atLeast` when that is longer.
 */
async function take(
  counter: Counter,
  key: string,
  undo?: () => Promise<void>,
  lead?: Message,
  atLeast = 0,
): Promise<void> {
  try {
    await counter.consume(key);
  } catch (err) {
    if (!(err instanceof Exhausted)) throw err;
    await undo?.();
    throw tooMany(Math.max(err.msBeforeNext, atLeast), lead, false, err.throttle);
  }
}

/** Takes a point and answers 0, or the milliseconds until the key has one again. */
async function tryTake(counter: Counter, key: string): Promise<number> {
  try {
    await counter.consume(key);
    return 0;
  } catch (err) {
    if (!(err instanceof Exhausted)) throw err;
    return Math.max(1, err.msBeforeNext);
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
