import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { Profile } from '@hausportal/contract';
import { makeStore } from '@/app/store';
import { fetchProfile } from '@/entities/user/slice';
import { setOnline } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { anna as resident } from '@/test/residents';
import ProfilePage from './profile-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const anna: Profile = { ...resident, email: 'anna.beispiel@example.org' };

const SUCCESS = 'Ihr Passwort wurde erfolgreich geändert.';

/** The profile at `path`, matched like the app's route `/profile/:success?`. */
function renderProfile(path: string) {
  // Offline, so the screen shows the stored profile and nothing is fetched.
  setOnline(false);
  const store = makeStore({ persist: false });
  store.dispatch(fetchProfile.fulfilled(anna, 'seed'));
  return renderWithApp(<ProfilePage />, { path, pattern: '/profile/:success?', store });
}

describe('profile page', () => {
  it('shows the e-mail address', () => {
    renderProfile('/profile');
    // Labelled, so that it reads as the address and not as some text.
    expect(screen.getByText('E-Mail').nextElementSibling).toHaveTextContent('anna.beispiel@example.org');
  });

  it.each(['/profile/success', '/profile/x'])('shows the password success text at %s', (path) => {
    renderProfile(path);
    expect(screen.getByText(SUCCESS)).toHaveAttribute('role', 'status');
  });

  it('shows no success text at /profile', () => {
    renderProfile('/profile');
    expect(screen.queryByText(SUCCESS)).not.toBeInTheDocument();
  });
});
