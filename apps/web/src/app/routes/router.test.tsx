import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import type { Location, Profile } from '@hausportal/contract';
import { makeStore } from '@/app/store';
import { fetchLocation } from '@/entities/location/slice';
import { login } from '@/entities/session/slice';
import { fetchProfile } from '@/entities/user/slice';
import { setOnline } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { anna as resident } from '@/test/residents';
import { AppRoutes } from './router';

// jsdom does not scroll; the layout moves each new screen to its top.
beforeEach(() => vi.stubGlobal('scrollTo', vi.fn()));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Where the router has led, so a test can read the path a redirect ended on. */
function CurrentPath() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

function signedInStore(profile: Profile = resident) {
  const store = makeStore({ persist: false });
  store.dispatch(login.fulfilled('tok-1234567890', 'seed', { apartment_number: 'A-0101', password: 'x' }));
  store.dispatch(fetchProfile.fulfilled(profile, 'seed'));
  // The location does not let residents post either (product §9.3: residents_can_post is off).
  store.dispatch(
    fetchLocation.fulfilled({ id: 1, title: 'Residenz am Stadtpark', residents_can_post: false } as Location, 'seed'),
  );
  return store;
}

/** The app's own routes, so that the guards are tested as they are wired, not on their own. */
function renderRoutes(path: string, store = signedInStore()) {
  // Offline, so that the screens show the state as given and no request leaves the test.
  setOnline(false);
  return renderWithApp(
    <>
      <AppRoutes />
      <CurrentPath />
    </>,
    { path, store },
  );
}

describe('routes', () => {
  it.each(['/login', '/forgot-password', '/forgot-password/abc123', '/aktivieren/ABCD-EFGH-JKLM'])(
    'sends a signed-in visitor from %s to the home page',
    async (path) => {
      renderRoutes(path);
      // The home page's heading is the location title.
      expect(await screen.findByRole('heading', { level: 1, name: 'Residenz am Stadtpark' })).toBeInTheDocument();
      expect(screen.getByTestId('path')).toHaveTextContent(/^\/$/);
      expect(screen.queryByLabelText('Benutzername')).not.toBeInTheDocument();
    },
  );

  it('opens /aktivieren/{code} without a token, with the code filled in', async () => {
    renderRoutes('/aktivieren/ABCD-EFGH-JKLM', makeStore({ persist: false }));
    expect(await screen.findByRole('textbox', { name: 'Aktivierungscode' })).toHaveValue('ABCD-EFGH-JKLM');
    expect(screen.getByTestId('path')).toHaveTextContent(/^\/aktivieren\/ABCD-EFGH-JKLM$/);
  });

  it('shows the login form to a visitor without a token', async () => {
    renderRoutes('/login', makeStore({ persist: false }));
    expect(await screen.findByLabelText('Benutzername')).toBeInTheDocument();
    expect(screen.getByTestId('path')).toHaveTextContent(/^\/login$/);
  });

  it('lets a resident who is not a receptionist open /messages/new and see the form', async () => {
    renderRoutes('/messages/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'Neuer Beitrag' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Ihr Beitrag' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Beitrag senden' })).toBeInTheDocument();
    expect(screen.getByTestId('path')).toHaveTextContent(/^\/messages\/new$/);
  });
});
