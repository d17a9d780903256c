import { describe, expect, it } from 'vitest';
import { pageNumbers } from './pagination';

describe('pageNumbers', () => {
  it('lists every page of a short blackboard', () => {
    expect(pageNumbers(1, 3)).toEqual([1, 2, 3]);
    expect(pageNumbers(7, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps first, last and the neighbours of the current page of a long one', () => {
    expect(pageNumbers(1, 50)).toEqual([1, 2, null, 50]);
    expect(pageNumbers(25, 50)).toEqual([1, null, 24, 25, 26, null, 50]);
    expect(pageNumbers(50, 50)).toEqual([1, null, 49, 50]);
    expect(pageNumbers(3, 50)).toEqual([1, 2, 3, 4, null, 50]);
  });
});
