import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Profile } from '@hausportal/contract';
import { makeStore } from '@/app/store';
import { fetchProfile } from '@/entities/user/slice';
import LoginPage from '@/features/auth/components/login-page';
import ProfilePage from '@/features/profile/components/profile-page';
import { setOnline } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Issue 25: each page German law asks for is one tap away, before and after signing in. */
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
    const anna: Profile = {
      id: 1,
      name: 'Anna Beispiel',
      email: 'anna@example.org',
      profile_picture: null,
      apartment_number: 'A-0101',
      emergency_services_deactivated: false,
      is_receptionist: false,
      language: 'de',
      location_id: 1,
    };
    store.dispatch(fetchProfile.fulfilled(anna, 'seed'));
    renderWithApp(<ProfilePage />, { path: '/profile', pattern: '/profile/:success?', store });
    expectLegalLinks();
  });
});
