import { describe, expect, it } from 'vitest';
import { CounterStore, Exhausted, addressKey, germanWait } from './throttle.js';

describe('addressKey', () => {
  it.each([
    ['10.0.0.9', '10.0.0.9'],
    ['::ffff:10.0.0.9', '10.0.0.9'],
    ['::FFFF:10.0.0.9', '10.0.0.9'],
    ['2001:db8:7:7::1', '2001:db8:7:7::/64'],
    ['2001:db8:7:7:ffff:1:2:28', '2001:db8:7:7::/64'],
    ['2001:0db8:0007:0007::beef', '2001:db8:7:7::/64'],
    ['[2001:db8:7:8::1]', '2001:db8:7:8::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['2001:db8::', '2001:db8:0:0::/64'],
    ['64:ff9b::1.2.3.4', '64:ff9b:0:0::/64'],
    ['unknown', 'unknown'],
  ])('counts %s as %s', (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });
});

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
