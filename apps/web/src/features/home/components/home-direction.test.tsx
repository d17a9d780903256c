import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { HomeSummary, Location, Profile } from '@hausportal/contract';
import { makeStore } from '@/app/store';
import { fetchLocation } from '@/entities/location/slice';
import { fetchServices } from '@/entities/services/slice';
import { fetchProfile } from '@/entities/user/slice';
import { setLanguage } from '@/i18n';
import { setOnline } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { fetchHome } from '../slice';
import HomePage from './home-page';

// German written by the management on an Arabic screen: each piece is isolated, so its full
// stop, its numbers and the Arabic around it keep their order (the bidi algorithm would otherwise
// move '.' or '(2026)' to the other end).

afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await setLanguage('de');
});

const summary: HomeSummary = {
  notices: [
    {
      id: 7,
      title: 'Wasser abgestellt (Haus 2).',
      text: 'Am Dienstag von 9 bis 12 Uhr.',
      important: true,
      created_at: '2026-11-20T08:00:00.000Z',
      starts_at: null,
      ends_at: null,
      attachments: [{ id: 3, name: 'Plan 2026.pdf', size: 1000, document: '/api/media/notices/p.pdf?sig=1' }],
      opened: true,
      dismissed: false,
    },
  ],
  tickets: {
    count: 1,
    latest: [
      {
        id: 5,
        number: '2026-000005',
        created_at: '2026-11-20T08:00:00.000Z',
        updated_at: '2026-11-21T08:00:00.000Z',
        status: 'in_progress',
        category_name: 'Wasser & Sanitär',
        scope: 'building',
        place: 'Keller, Raum 3',
        relation: 'reporter',
      },
    ],
  },
  documents: {
    count: 1,
    latest: [
      {
        id: 9,
        title: 'Nebenkostenabrechnung 2025',
        icon: '',
        document: '/api/media/documents/n.pdf?sig=1',
        created_at: '2026-11-02T09:00:00.000Z',
        is_new: true,
      },
    ],
  },
};

describe('German content on an Arabic screen', () => {
  it('isolates notice titles, texts and attachment names, ticket categories and places, and document titles', async () => {
    await setLanguage('ar');
    setOnline(false);
    const store = makeStore({ persist: false });
    store.dispatch(fetchProfile.fulfilled({ id: 1, name: 'Anna Beispiel' } as Profile, 'seed'));
    store.dispatch(
      fetchLocation.fulfilled(
        { id: 1, title: 'Residenz', direct_call: false, direct_number: '', default_service_id: 3 } as Location,
        'seed',
      ),
    );
    store.dispatch(fetchServices.fulfilled([{ id: 3, title: 'Rezeption', icon: '', contact_text: '' }], 'seed'));
    store.dispatch(fetchHome.fulfilled(summary, 'seed'));
    renderWithApp(<HomePage />, { store });

    expect(document.documentElement.dir).toBe('rtl');
    const isolated = (text: string) => {
      const element = screen.getByText(text);
      return element.closest('bdi, [dir="auto"]');
    };
    for (const text of [
      'Wasser abgestellt (Haus 2).',
      'Am Dienstag von 9 bis 12 Uhr.',
      'Wasser & Sanitär',
      'Keller, Raum 3',
      'Nebenkostenabrechnung 2025',
    ])
      expect(isolated(text), text).not.toBeNull();
    // A name inside a translated sentence is isolated by the catalogue (U+2068 … U+2069).
    expect(screen.getByRole('link', { name: /Plan 2026\.pdf/ })).toHaveTextContent('\u2068Plan 2026.pdf\u2069');
  });
});
