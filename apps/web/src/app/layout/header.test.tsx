import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { Location } from '@hausportal/contract';
import { makeStore } from '@/app/store';
import { fetchLocation } from '@/entities/location/slice';
import { login } from '@/entities/session/slice';
import { renderWithApp } from '@/test/render';
import { Header } from './header';

function signedInStore() {
  const store = makeStore({ persist: false });
  store.dispatch(login.fulfilled('tok', 'seed', { apartment_number: 'A', password: 'p' }));
  store.dispatch(
    fetchLocation.fulfilled(
      { id: 1, title: 'Residenz am Stadtpark', logo: '/api/media/logos/l.png' } as Location,
      'seed',
    ),
  );
  return store;
}

describe('header', () => {
  it('shows the location logo and the profile button on /, without a back button', () => {
    renderWithApp(<Header />, { path: '/', store: signedInStore() });
    expect(screen.getByRole('img', { name: 'Logo Residenz am Stadtpark' })).toHaveAttribute(
      'src',
      '/api/media/logos/l.png',
    );
    expect(screen.getByRole('link', { name: 'Mein Profil' })).toHaveAttribute('href', '/profile');
    expect(screen.queryByRole('link', { name: 'Zurück' })).not.toBeInTheDocument();
  });

  it('shows the default logo and no profile button elsewhere', () => {
    renderWithApp(<Header />, { path: '/phone-numbers', store: signedInStore() });
    expect(screen.getByRole('img', { name: 'Hausportal' })).toHaveTextContent('Hausportal');
    expect(screen.queryByRole('link', { name: 'Mein Profil' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zurück' })).toHaveAttribute('href', '/');
  });

  it('falls back to the product logo when the location logo cannot be loaded', () => {
    renderWithApp(<Header />, { path: '/', store: signedInStore() });
    fireEvent.error(screen.getByRole('img', { name: 'Logo Residenz am Stadtpark' }));
    expect(screen.getByRole('img', { name: 'Hausportal' })).toBeInTheDocument();
  });

  it('leads back from /services/3?fd=1 to /services', () => {
    renderWithApp(<Header />, { path: '/services/3?fd=1', store: signedInStore() });
    expect(screen.getByRole('link', { name: 'Zurück' })).toHaveAttribute('href', '/services');
  });

  it('has no back button on /login', () => {
    renderWithApp(<Header />, { path: '/login' });
    expect(screen.queryByRole('link', { name: 'Zurück' })).not.toBeInTheDocument();
  });
});
