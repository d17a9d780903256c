import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminResident } from '@hausportal/contract';
import { mockFetch } from '@/test/fetch-mock';
import { renderAdmin } from '../test-utils';
import { apartmentMatches, ErasureDialog } from './erasure-dialog';

const anna: AdminResident = {
  id: 7,
  name: 'Anna Beispiel',
  apartment_number: 'A-0101',
  email: 'anna@example.org',
  location_id: 1,
  location_title: 'Residenz am Stadtpark',
  is_receptionist: false,
  emergency_services_deactivated: false,
  is_active: true,
  invited_at: null,
  erased_at: null,
  account_status: 'never',
  last_login_at: null,
  activation_expires_at: null,
  created_at: '2026-01-05T10:00:00+00:00',
  external_id: null,
  move_in_on: null,
  move_out_on: null,
  access: 'open',
  access_opens_on: null,
  access_closes_on: null,
};

const URL = 'POST /api/admin/residents/7/erasure/';

function open(onErased = vi.fn(), onClose = vi.fn()) {
  renderAdmin(<ErasureDialog resident={anna} open onClose={onClose} onErased={onErased} />);
  return { onErased, onClose };
}

describe('erasure dialog', () => {
  it('explains what happens and offers both choices for posts and comments, none preselected', () => {
    mockFetch({});
    open();
    expect(screen.getByRole('heading', { name: 'Personenbezogene Daten löschen' })).toBeInTheDocument();
    expect(screen.getByText(/DSGVO Art\. 17/)).toBeInTheDocument();
    expect(screen.getByText(/durch „ehemalige:r Bewohner:in“ ersetzt/)).toBeInTheDocument();
    const keep = screen.getByRole('radio', {
      name: 'Beiträge und Kommentare behalten (als „ehemalige:r Bewohner:in“)',
    });
    const remove = screen.getByRole('radio', { name: /^Beiträge und Kommentare löschen/ });
    expect(keep).not.toBeChecked();
    expect(remove).not.toBeChecked();
    expect(screen.getByRole('group', { name: 'Beiträge und Kommentare' })).toBeInTheDocument();
  });

  it('sends nothing until a choice is made and the apartment number is typed, and says why', async () => {
    const calls = mockFetch({ [URL]: { body: { id: 7, erased_at: '2026-02-01T09:00:00+00:00' } } });
    const user = userEvent.setup();
    open();
    const submit = screen.getByRole('button', { name: 'Endgültig löschen' });
    expect(submit).toHaveAttribute('aria-disabled', 'true');
    await user.click(submit);
    expect(screen.getByText('Bitte wählen Sie, was mit Beiträgen und Kommentaren geschieht.')).toBeInTheDocument();
    expect(screen.getByText('Die Wohnungsnummer stimmt nicht überein.')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /^Beiträge und Kommentare löschen/ }));
    await user.type(screen.getByLabelText('Zur Bestätigung die Wohnungsnummer eingeben: A-0101'), 'A-0102');
    await user.click(submit);
    expect(screen.getByLabelText(/Wohnungsnummer eingeben/)).toHaveAccessibleDescription(
      'Die Wohnungsnummer stimmt nicht überein.',
    );
    expect(calls).toHaveLength(0);
  });

  it('erases with the chosen content once the apartment number matches', async () => {
    const calls = mockFetch({ [URL]: { body: { id: 7, erased_at: '2026-02-01T09:00:00+00:00' } } });
    const user = userEvent.setup();
    const { onErased, onClose } = open();
    await user.click(screen.getByRole('radio', { name: /behalten/ }));
    await user.type(screen.getByLabelText(/Wohnungsnummer eingeben/), ' a-0101 ');
    const submit = screen.getByRole('button', { name: 'Endgültig löschen' });
    expect(submit).toHaveAttribute('aria-disabled', 'false');
    await user.click(submit);
    await waitFor(() => expect(onErased).toHaveBeenCalledWith('2026-02-01T09:00:00+00:00'));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ content: 'anonymize' });
    expect(calls[0]!.headers.Authorization).toBe('Token staff-token');
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the server refusal in the dialog and stays open', async () => {
    mockFetch({ [URL]: { status: 404, body: { detail: 'Nicht gefunden.' } } });
    const user = userEvent.setup();
    const { onErased, onClose } = open();
    await user.click(screen.getByRole('radio', { name: /^Beiträge und Kommentare löschen/ }));
    await user.type(screen.getByLabelText(/Wohnungsnummer eingeben/), 'A-0101');
    await user.click(screen.getByRole('button', { name: 'Endgültig löschen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nicht gefunden.');
    expect(onErased).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('compares the apartment number without case and surrounding blanks', () => {
    expect(apartmentMatches(' a-0101 ', 'A-0101')).toBe(true);
    expect(apartmentMatches('A-010', 'A-0101')).toBe(false);
    expect(apartmentMatches('', 'A-0101')).toBe(false);
  });
});
