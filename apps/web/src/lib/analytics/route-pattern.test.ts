import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STATIC_SEGMENTS, toRoutePattern } from './route-pattern';

describe('route patterns for page views', () => {
  it.each([
    ['/', '/'],
    ['/blackboard', '/blackboard'],
    ['/blackboard/3', '/blackboard/:id'],
    ['/messages/view/4711', '/messages/view/:id'],
    ['/messages/new', '/messages/new'],
    ['/tickets/12', '/tickets/:id'],
    ['/services/14', '/services/:id'],
    ['/profile/success', '/profile/success'],
    // codes, tokens, apartment numbers and names never leave
    ['/aktivieren/ABCD-EFGH-JKLM', '/aktivieren/:param'],
    ['/forgot-password/q1w2e3r4t5z6u7i8o9p0', '/forgot-password/:param'],
    ['/admin/residents/A-0101', '/admin/residents/:param'],
    ['/admin/residents/Anna%20Beispiel', '/admin/residents/:param'],
    ['/admin/residents/import', '/admin/residents/import'],
    ['/admin/services/3/providers/new', '/admin/services/:id/providers/new'],
    ['/admin/tickets/board', '/admin/tickets/board'],
    ['/admin/notices/99', '/admin/notices/:id'],
    // no query string, no hash
    ['/blackboard?page=2&apartment=A-0101', '/blackboard'],
    ['/tickets/5#Foto-Anna', '/tickets/:id'],
    ['/admin/residents/?search=Beispiel', '/admin/residents'],
    ['/%E0%A4%A', '/:param'],
  ])('%s → %s', (path, pattern) => {
    expect(toRoutePattern(path)).toBe(pattern);
  });

  it('keeps no word that is not a fixed word of a route, whatever the path holds', () => {
    for (const secret of ['A-0101', 'Anna', 'beispiel@example.org', 'Mietvertrag', '0101', 'Haus am See']) {
      const pattern = toRoutePattern(`/admin/residents/${encodeURIComponent(secret)}/${secret}`);
      expect(pattern).not.toContain(secret);
      expect(pattern).toMatch(/^\/admin\/residents(\/:(id|param))+$/);
    }
  });

  it("knows every fixed word of the apps' routes, so their pages are told apart", () => {
    const src = path.resolve(import.meta.dirname, '../..');
    const words = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.tsx$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name)) {
          for (const [, route] of fs.readFileSync(file, 'utf8').matchAll(/<Route\s+path="([^"]+)"/g))
            for (const segment of route!.split('/'))
              if (segment && !segment.startsWith(':') && segment !== '*') words.add(segment.replace(/\?$/, ''));
        }
      }
    };
    walk(src);
    expect(words.size).toBeGreaterThan(20);
    expect([...words].filter((w) => !STATIC_SEGMENTS.has(w))).toEqual([]);
  });
});
