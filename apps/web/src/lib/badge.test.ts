import { describe, expect, it } from 'vitest';
import { badgeLabel, countUnread } from './badge';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('badgeLabel', () => {
  it('is hidden at 0', () => {
    expect(badgeLabel(0)).toBeNull();
    expect(badgeLabel(-3)).toBeNull();
    expect(badgeLabel(Number.NaN)).toBeNull();
  });

  it('shows counts up to 99 as they are', () => {
    expect(badgeLabel(1)).toBe('1');
    expect(badgeLabel(99)).toBe('99');
  });

  it("caps at '99+'", () => {
    expect(badgeLabel(100)).toBe('99+');
    expect(badgeLabel(5000)).toBe('99+');
  });
});

describe('countUnread', () => {
  const now = Date.parse('2026-05-10T12:00:00Z');
  const at = (msAgo: number) => new Date(now - msAgo).toISOString();

  it('counts posts newer than the last visit when the visit is within three days', () => {
    const posts = [at(1 * HOUR), at(5 * HOUR), at(30 * HOUR)];
    expect(countUnread(posts, at(10 * HOUR), now)).toBe(2);
  });

  it('never counts posts older than three days, however long ago the last visit was', () => {
    const posts = [at(1 * DAY), at(2 * DAY), at(4 * DAY), at(10 * DAY)];
    expect(countUnread(posts, at(30 * DAY), now)).toBe(2);
    expect(countUnread(posts, null, now)).toBe(2);
  });

  it('is 0 right after a visit', () => {
    expect(countUnread([at(HOUR)], at(0), now)).toBe(0);
  });
});
