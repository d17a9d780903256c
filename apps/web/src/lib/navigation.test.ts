import { describe, expect, it } from 'vitest';
import { backTarget, returnTarget, serviceHref } from './navigation';

describe('backTarget', () => {
  it('is hidden on / and /login', () => {
    expect(backTarget('/')).toBeNull();
    expect(backTarget('/login')).toBeNull();
  });

  it('leads from forgot-password (with or without token) to /login', () => {
    expect(backTarget('/forgot-password')).toBe('/login');
    expect(backTarget('/forgot-password/abc123')).toBe('/login');
  });

  it('leads from change-password to /profile and from reception to /', () => {
    expect(backTarget('/change-password')).toBe('/profile');
    expect(backTarget('/reception')).toBe('/');
  });

  it('leads from services 1 and 3 to /services with ?fd=1, otherwise to /', () => {
    expect(backTarget('/services/1', '?fd=1')).toBe('/services');
    expect(backTarget('/services/3', '?fd=1')).toBe('/services');
    expect(backTarget('/services/1', '')).toBe('/');
    expect(backTarget('/services/3')).toBe('/');
    expect(backTarget('/services/3', '?fd=0')).toBe('/');
  });

  it('leads from other service pages to /services/', () => {
    expect(backTarget('/services/14', '?fd=1')).toBe('/services/');
    expect(backTarget('/services/15')).toBe('/services/');
  });

  it('leads from message pages to /blackboard/', () => {
    expect(backTarget('/messages/new')).toBe('/blackboard/');
    expect(backTarget('/messages/view/12')).toBe('/blackboard/');
  });

  it('leads everywhere else to /', () => {
    for (const path of [
      '/phone-numbers',
      '/apartment',
      '/blackboard',
      '/blackboard/2',
      '/services',
      '/profile',
      '/profile/success',
    ]) {
      expect(backTarget(path)).toBe('/');
    }
  });

  it('leads from the legal pages back to the profile, or to /login before sign-in', () => {
    for (const path of ['/impressum', '/datenschutz', '/barrierefreiheit/']) {
      expect(backTarget(path, '', true)).toBe('/profile');
      expect(backTarget(path, '', false)).toBe('/login');
    }
  });

  it('ignores a trailing slash', () => {
    expect(backTarget('/services/14/')).toBe('/services/');
    expect(backTarget('/change-password/')).toBe('/profile');
  });
});

describe('serviceHref', () => {
  it('adds ?fd=1 for services 1, 3 and 14 only', () => {
    expect(serviceHref(1)).toBe('/services/1?fd=1');
    expect(serviceHref(3)).toBe('/services/3?fd=1');
    expect(serviceHref(14)).toBe('/services/14?fd=1');
    expect(serviceHref(15)).toBe('/services/15');
  });
});

describe('returnTarget', () => {
  it('returns to the page first asked for, with its query and hash', () => {
    expect(returnTarget({ from: '/messages/view/12#newComment' })).toBe('/messages/view/12#newComment');
    expect(returnTarget({ from: '/services/3?fd=1' })).toBe('/services/3?fd=1');
  });

  it('goes home for anything that is not a path of this app', () => {
    for (const from of [
      '//evil.example/x',
      'https://evil.example',
      '/\\evil.example',
      '/login',
      '/forgot-password/abc',
      42,
    ])
      expect(returnTarget({ from })).toBe('/');
    expect(returnTarget(null)).toBe('/');
    expect(returnTarget(undefined)).toBe('/');
  });
});
