import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { makeStore } from '@/app/store';
import { fetchProfile } from '@/entities/user/slice';
import LoginPage from '@/features/auth/components/login-page';
import ProfilePage from '@/features/profile/components/profile-page';
import { setOnline } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { anna } from '@/test/residents';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Each page German law asks for is one tap away, before and after signing in. */
function expectLegalLinks() {
  const nav = screen.getByRole('navigation', { name: 'Rechtliche Hinweise' });
  expect(within(nav).getByRole('link', { name: 'Impressum' })).toHaveAttribute('href', '/impressum');
  expect(within(nav).getByRole('link', { name: 'Datenschutz' })).toHaveAttribute('href', '/datenschutz');
  expect(within(nav).getByRole('link', { name: 'Barrierefreiheit' })).toHaveAttribute('href', '/barrierefreiheit');
}

describe('the links to Impressum, Datenschutz and Barrierefreiheit', () => {
  it('are on the login screen', () => {
    renderWithApp(<LoginPage />, { path: '/login' });
    expectLegalLinks();
  });

  it('are in the profile', () => {
    setOnline(false);
    const store = makeStore({ persist: false });
    store.dispatch(fetchProfile.fulfilled(anna, 'seed'));
    renderWithApp(<ProfilePage />, { path: '/profile', pattern: '/profile/:success?', store });
    expectLegalLinks();
  });
});
