import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { Phone } from '@hausportal/contract';
import { makeStore } from '@/app/store';
import { setOnline } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { fetchPhones } from '../slice';
import PhonesPage from './phones-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const police: Phone = { id: 1, name: 'Polizei', number: '110', icon: '', highlighted: true, hidden: false };
const caretaker: Phone = {
  id: 2,
  name: 'Hausmeister privat',
  number: '+49 170 5550123',
  icon: '',
  highlighted: false,
  hidden: true,
};

describe('phones page', () => {
  it('hides the number of a phone marked hidden, and shows the others', () => {
    // Offline, so the page shows the stored list and fetches nothing.
    setOnline(false);
    const store = makeStore({ persist: false });
    store.dispatch(fetchPhones.fulfilled([police, caretaker], 'seed'));
    renderWithApp(<PhonesPage />, { store });

    expect(document.body).not.toHaveTextContent('5550123');
    expect(document.querySelector('a[href^="tel:+49170"]')).toBeNull();
    expect(screen.getByText('Hausmeister privat')).toBeInTheDocument();
    expect(screen.getByText('Nummer nicht öffentlich')).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Polizei Wichtig 110' })).toHaveAttribute('href', 'tel:110');
    expect(screen.getByText('110')).toBeInTheDocument();
  });

  it('names each dialling link with the text it shows, the "Wichtig" tag too (WCAG 2.5.3)', () => {
    setOnline(false);
    const store = makeStore({ persist: false });
    const caretakerOnDuty = { ...police, id: 9, name: 'Hausmeister', number: '030 1234567' };
    store.dispatch(fetchPhones.fulfilled([{ ...police, highlighted: false }, caretakerOnDuty], 'seed'));
    renderWithApp(<PhonesPage />, { store });

    const links = screen.getAllByRole('link');
    expect(links[0]).toHaveAccessibleName('Polizei 110');
    expect(links[1]).toHaveAccessibleName('Hausmeister Wichtig 030 1234567');
  });
});
