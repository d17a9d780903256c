import { describe, expect, it } from 'vitest';
import { paginate } from './pagination.js';

describe('paginate', () => {
  it('links to the next page while more posts exist and to none on the last page', () => {
    expect(paginate('/api/messages/', 1, 13, [])).toMatchObject({
      count: 13,
      next: '/api/messages/?page=2',
      previous: null,
    });
    expect(paginate('/api/messages/', 2, 13, [])).toMatchObject({ next: null, previous: '/api/messages/?page=1' });
  });
});
