import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { Location, Profile } from '@hausportal/contract';
import { makeStore } from '@/app/store';
import { fetchLocation } from '@/entities/location/slice';
import { fetchProfile } from '@/entities/user/slice';
import { setOnline } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import BlackboardPage from './blackboard-page';

afterEach(() => vi.restoreAllMocks());

const resident = { id: 1, name: 'Anna', is_receptionist: false } as Profile;

function renderFor(profile: Profile | null, residentsCanPost: boolean | null) {
  setOnline(false);
  const store = makeStore({ persist: false });
  if (profile) store.dispatch(fetchProfile.fulfilled(profile, 'seed'));
  if (residentsCanPost !== null)
    store.dispatch(fetchLocation.fulfilled({ id: 1, residents_can_post: residentsCanPost } as Location, 'seed'));
  return renderWithApp(<BlackboardPage />, { path: '/blackboard', store });
}

const READ_ONLY = 'In diesem Haus schreiben nur die Rezeption und die Hausverwaltung auf die Pinnwand.';

// Where residents may not post, the blackboard says so in one line.
describe('the blackboard for a resident who may not post', () => {
  it('says in one line who writes here, instead of only leaving the button out', () => {
    renderFor(resident, false);
    expect(screen.getByText(READ_ONLY)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Neuer Beitrag' })).not.toBeInTheDocument();
  });

  it('offers the button, and no such line, where residents may post, and to the receptionist', () => {
    renderFor(resident, true);
    expect(screen.getByRole('link', { name: 'Neuer Beitrag' })).toHaveAttribute('href', '/messages/new');
    expect(screen.queryByText(READ_ONLY)).not.toBeInTheDocument();
  });

  it('gives the receptionist the button where residents may not post', () => {
    renderFor({ ...resident, is_receptionist: true }, false);
    expect(screen.getByRole('link', { name: 'Neuer Beitrag' })).toBeInTheDocument();
    expect(screen.queryByText(READ_ONLY)).not.toBeInTheDocument();
  });

  it('says nothing before the location is known', () => {
    renderFor(resident, null);
    expect(screen.queryByText(READ_ONLY)).not.toBeInTheDocument();
  });
});
