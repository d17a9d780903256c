import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import type { Location, Phone, Profile } from '@hausportal/contract';
import { makeStore } from '@/app/store';
import { fetchBlackboardOpened } from '@/entities/blackboard-badge/slice';
import { fetchLocation } from '@/entities/location/slice';
import { fetchServices } from '@/entities/services/slice';
import { fetchProfile } from '@/entities/user/slice';
import { setLanguage } from '@/i18n';
import { setOnline } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { anna as user, stadtpark as location } from '@/test/residents';
import HomePage from './home-page';

const phonesLoaded = (payload: Phone[], _id: string) => ({ type: 'phones/fetch/fulfilled', payload });

afterEach(async () => {
  vi.restoreAllMocks();
  await setLanguage('de');
});

function setup({
  profile = user,
  place = location,
  unread = 0,
  services = [1, 3],
}: { profile?: Profile; place?: Location; unread?: number; services?: number[] } = {}) {
  // Offline, so the screen shows the state as given and fetches nothing.
  setOnline(false);
  const store = makeStore({ persist: false });
  store.dispatch(fetchProfile.fulfilled(profile, 'seed'));
  store.dispatch(fetchLocation.fulfilled(place, 'seed'));
  store.dispatch(
    fetchServices.fulfilled(
      services.map((id) => ({ id, title: `S${id}`, icon: '', contact_text: '' })),
      'seed',
    ),
  );
  store.dispatch(fetchBlackboardOpened.fulfilled({ date_blackboard_opened: null, unread_count: unread }, 'seed', 1));
  // The phone list as the sign-in loads it (the phones feature's action, by its type: features
  // do not import each other).
  store.dispatch(
    phonesLoaded(
      [
        { id: 1, name: 'Polizei', number: '110', icon: '/icons/police.svg', highlighted: true, hidden: false },
        {
          id: 2,
          name: 'Gasstörung',
          number: '+49 800 7777 000',
          icon: '/icons/gas.svg',
          highlighted: false,
          hidden: false,
        },
      ],
      'seed',
    ),
  );
  return renderWithApp(<HomePage />, { store });
}

describe('home page', () => {
  it('has the location title as its heading and the six tiles', () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Residenz am Stadtpark' })).toBeInTheDocument();
    for (const [name, href] of [
      ['Wichtige Telefonnummern', '/phone-numbers'],
      ['Rezeption', '/services/3'],
      ['Pinnwand', '/blackboard'],
      ['Dienstleistungen', '/services'],
      ['Verwaltung', '/services/1'],
      ['Meine Wohnung', '/apartment'],
    ]) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });

  it('shows the administration tile only when service 1 exists', () => {
    setup({ services: [3, 14] });
    expect(screen.queryByRole('link', { name: /^Verwaltung/ })).not.toBeInTheDocument();
  });

  it('hides the blackboard badge at 0', () => {
    setup({ unread: 0 });
    expect(screen.queryByTestId('blackboard-badge')).not.toBeInTheDocument();
  });

  it('shows the unread count on the blackboard tile', () => {
    setup({ unread: 7 });
    expect(screen.getByTestId('blackboard-badge')).toHaveTextContent('7');
    // The count is read once, as part of the tile's name (the badge itself is hidden from screen readers).
    expect(screen.getByRole('link', { name: 'Pinnwand, 7 neue Beiträge' })).toBeInTheDocument();
  });

  it("caps the badge at '99+'", () => {
    setup({ unread: 150 });
    expect(screen.getByTestId('blackboard-badge')).toHaveTextContent('99+');
  });

  it('links the emergency button with the default service name to /services/{default_service_id}', () => {
    setup();
    const button = screen.getByRole('link', { name: /^Notruf: Rezeption\s*Öffnet die Kontaktseite: S3$/ });
    expect(button).toHaveAttribute('href', '/services/3');
  });

  it('does not repeat the service name when it is the default service name', () => {
    setup({ place: { ...location, default_service_name: 'S3' } });
    expect(screen.getByRole('link', { name: /^Notruf: S3\s*Öffnet die Kontaktseite$/ })).toHaveAttribute(
      'href',
      '/services/3',
    );
  });

  it('holds the places of the emergency button and the administration tile while loading', () => {
    setOnline(false);
    const store = makeStore({ persist: false });
    store.dispatch(fetchServices.pending('r'));
    const { container } = renderWithApp(<HomePage />, { store });
    expect(container.querySelector('.emergency-placeholder')).toHaveAttribute('aria-hidden', 'true');
    const items = container.querySelectorAll('.tile-grid > li');
    // Phones, reception, blackboard, services, the held place, apartment: the apartment tile
    // is already where it will be once service 1 arrives.
    expect(items).toHaveLength(6);
    expect(items[4]).toHaveClass('tile-placeholder');
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).not.toContain('/services/1');
  });

  it('dials direct_number when direct_call is true', () => {
    setup({ place: { ...location, direct_call: true } });
    // The second line says what a tap does.
    expect(screen.getByRole('link', { name: /^Notruf: Rezeption\s*Ruft \+49 30 9876 5432 an$/ })).toHaveAttribute(
      'href',
      'tel:+493098765432',
    );
  });

  it("says 'Rund um die Uhr – öffnet die Kontaktseite' when the default service answers round the clock", () => {
    setup({
      place: { ...location, default_service_id: 18, default_service_name: 'Notdienst', default_service_always: true },
      services: [1, 3, 18],
    });
    expect(
      screen.getByRole('link', { name: /^Notruf: Notdienst\s*Rund um die Uhr – öffnet die Kontaktseite$/ }),
    ).toHaveAttribute('href', '/services/18');
  });

  it('hides the emergency button when emergency services are deactivated, but names 112 and the gas line', () => {
    setup({ profile: { ...user, emergency_services_deactivated: true } });
    expect(screen.queryByRole('link', { name: /Kontaktseite/ })).not.toBeInTheDocument();
    expect(document.querySelector('.emergency-placeholder')).toBeNull();
    const fire = screen.getByRole('link', { name: 'Feuerwehr und Rettungsdienst 112' });
    expect(fire).toHaveAttribute('href', 'tel:112');
    const gas = screen.getByRole('link', { name: 'Gas-Notruf +49 800 7777 000' });
    expect(gas).toHaveAttribute('href', 'tel:+498007777000');
    // 112 first, then the gas line: the order of the gas advice, on one line.
    expect(fire.compareDocumentPosition(gas) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(fire.parentElement).toBe(gas.parentElement);
    expect(fire.parentElement).toHaveTextContent(/^Im Notfall:/);
  });

  it("says what the button is when the reception is its target: Notruf, in the reader's language", async () => {
    await setLanguage('tr');
    setup();
    expect(await screen.findByRole('link', { name: /^Acil durum: Rezeption/ })).toHaveAttribute('href', '/services/3');
    await act(() => setLanguage('ar'));
    expect(await screen.findByRole('link', { name: /^طوارئ: \u2068?Rezeption/ })).toBeInTheDocument();
  });
});
