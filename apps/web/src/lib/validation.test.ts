import { describe, expect, it } from 'vitest';
import { isTooLarge } from './files';
import { allFilled, anyFilled, isBlank } from './validation';

describe('required fields', () => {
  it('treats white space as empty', () => {
    expect(isBlank('   \n\t')).toBe(true);
    expect(isBlank('')).toBe(true);
    expect(isBlank(undefined)).toBe(true);
    expect(isBlank(' x ')).toBe(false);
  });

  it('needs every field for login and change password, any field for forgot password', () => {
    expect(allFilled('A-0101', ' ')).toBe(false);
    expect(allFilled('A-0101', 'secret')).toBe(true);
    expect(anyFilled(' ', 'x')).toBe(true);
    expect(anyFilled(' ', '')).toBe(false);
  });
});

describe('file size limit', () => {
  it('allows exactly 10485760 bytes and refuses one byte more', () => {
    expect(isTooLarge({ size: 10_485_760 })).toBe(false);
    expect(isTooLarge({ size: 10_485_761 })).toBe(true);
  });
});
