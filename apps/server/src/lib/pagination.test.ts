import { describe, expect, it } from 'vitest';
import { paginate } from './pagination.js';

describe('paginate', () => {
  it('links to the next page while more posts exist and to none on the last page', () => {
    expect(paginate('/api/messages/', { page: 1 }, 13, [])).toMatchObject({
      count: 13,
      next: '/api/messages/?page=2',
      previous: null,
    });
    expect(paginate('/api/messages/', { page: 2 }, 13, [])).toMatchObject({
      next: null,
      previous: '/api/messages/?page=1',
    });
  });

  it('keeps a page size other than the default in the links', () => {
    expect(paginate('/api/phones/', { page: 1, page_size: 100 }, 250, [])).toMatchObject({
      next: '/api/phones/?page=2&page_size=100',
      previous: null,
    });
    expect(paginate('/api/phones/', { page: 3, page_size: 100 }, 250, [])).toMatchObject({
      next: null,
      previous: '/api/phones/?page=2&page_size=100',
    });
  });
});

describe('paginate with filters', () => {
  it('keeps the filters of a back-office list in both links, and leaves out empty ones', () => {
    const page = paginate('/api/admin/residents/', { page: 2, location_id: 1, search: 'Müller', active: '' }, 35, []);
    expect(page.next).toBe('/api/admin/residents/?page=3&location_id=1&search=M%C3%BCller');
    expect(page.previous).toBe('/api/admin/residents/?page=1&location_id=1&search=M%C3%BCller');
  });
});
