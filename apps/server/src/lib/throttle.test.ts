import { describe, expect, it } from 'vitest';
import { CounterStore, Exhausted, germanWait } from './throttle.js';

describe('germanWait', () => {
  it.each([
    [400, '1 Sekunde'],
    [1_000, '1 Sekunde'],
    [1_001, '2 Sekunden'],
    [59_000, '59 Sekunden'],
    [60_000, '1 Minute'],
    [61_000, '2 Minuten'],
    [89 * 60_000, '89 Minuten'],
    [90 * 60_000, '2 Stunden'],
  ])('says %i ms as "%s"', (ms, text) => {
    expect(germanWait(ms)).toBe(text);
  });
});

describe('CounterStore', () => {
  it('counts in memory without Redis', async () => {
    const store = new CounterStore({ prefix: 'test' });
    const counter = store.counter('c', { points: 2, durationSec: 60 });
    await counter.consume('k');
    await counter.consume('k');
    await expect(counter.consume('k')).rejects.toBeInstanceOf(Exhausted);
    await store.close();
  });

  it('falls back to memory, and says so through ready(), when Redis cannot be reached', async () => {
    const store = new CounterStore({ redisUrl: 'redis://127.0.0.1:1', prefix: 'test' });
    expect(await store.ready(300)).toBe(false);
    const counter = store.counter('c', { points: 1, durationSec: 60 });
    await counter.consume('k');
    await expect(counter.consume('k')).rejects.toBeInstanceOf(Exhausted);
    await store.close();
  });
});
