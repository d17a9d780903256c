import { describe, expect, it } from 'vitest';
import { isolate } from './bidi';

describe('isolate', () => {
  it('wraps the value in first-strong isolate and pop-directional-isolate, leaving it unchanged', () => {
    const wrapped = isolate('+49 30 1234567');
    expect(wrapped).toBe('\u2068+49 30 1234567\u2069');
    expect(wrapped.slice(1, -1)).toBe('+49 30 1234567');
  });
});
