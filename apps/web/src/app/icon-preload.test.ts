import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '@hausportal/contract';
import { makeStore } from './store';
import { fetchServices } from '@/entities/services/slice';
import { fetchDocuments } from '@/features/apartment/slice';
import { fetchMessages } from '@/features/blackboard/slice';
import { fetchPhones } from '@/features/phones/slice';
import { mockFetch } from '@/test/fetch-mock';

/** The images the app asked the browser to load; a test fires their load errors. */
let images: { src: string; onerror: ((event: Event) => void) | null }[];

beforeEach(() => {
  images = [];
  vi.stubGlobal(
    'Image',
    class {
      onerror: ((event: Event) => void) | null = null;
      onload: (() => void) | null = null;
      src = '';
      constructor() {
        images.push(this);
      }
    },
  );
});

afterEach(() => vi.unstubAllGlobals());

const list = <T>(results: T[]) => ({ count: results.length, next: null, previous: null, results });
const requested = () => images.map((image) => image.src);

describe('icon preload', () => {
  it('asks for the icons of documents, phones, services and posts once their lists have arrived', async () => {
    mockFetch({
      'GET /api/documents/?page_size=100': {
        body: list([{ id: 1, title: 'Hausordnung', icon: '/icons/a-doc.svg', document: '/d.pdf' }]),
      },
      'GET /api/phones/?page_size=100': {
        body: list([{ id: 1, name: 'Polizei', number: '110', icon: '/icons/a-police.svg', highlighted: false }]),
      },
      'GET /api/services/?page_size=100': {
        body: list([{ id: 3, title: 'Rezeption', icon: '/icons/a-reception.svg', contact_text: '' }]),
      },
      'GET /api/messages/?page=1': {
        body: list([
          {
            id: 5,
            user_image: '/api/media/a-anna.jpg',
            documents: [{ id: 1, kind: 'image', name: 'Hof', document: '/h.jpg', thumbnail: '/api/media/a-hof-t.jpg' }],
          } as Message,
        ]),
      },
    });
    const store = makeStore({ persist: false });
    const loading = Promise.all([
      store.dispatch(fetchDocuments()),
      store.dispatch(fetchPhones()),
      store.dispatch(fetchServices()),
      store.dispatch(fetchMessages(1)),
    ]);
    // Nothing is asked for before a list is there.
    expect(images).toHaveLength(0);
    await loading;
    expect(requested().sort()).toEqual(
      [
        '/api/media/a-anna.jpg',
        '/api/media/a-hof-t.jpg',
        '/icons/a-doc.svg',
        '/icons/a-police.svg',
        '/icons/a-reception.svg',
      ].sort(),
    );
  });

  it('ignores icons that fail to load: the list stays, without an error, and the next list asks again', async () => {
    const phones = [
      { id: 1, name: 'Polizei', number: '110', icon: '/icons/b-police.svg', highlighted: false, hidden: false },
      { id: 2, name: 'Feuerwehr', number: '112', icon: '/icons/b-fire.svg', highlighted: false, hidden: false },
    ];
    mockFetch({ 'GET /api/phones/?page_size=100': { body: list(phones) } });
    const store = makeStore({ persist: false });
    await store.dispatch(fetchPhones());
    expect(requested()).toEqual(['/icons/b-police.svg', '/icons/b-fire.svg']);

    // The browser reports that neither icon could be loaded.
    expect(() => images.forEach((image) => image.onerror?.(new Event('error')))).not.toThrow();
    expect(store.getState().phones.results).toEqual(phones);
    expect(store.getState().phones.error).toBeNull();

    // A failed icon is not taken as loaded: with the next list it is tried again.
    images = [];
    await store.dispatch(fetchPhones());
    expect(requested()).toEqual(['/icons/b-police.svg', '/icons/b-fire.svg']);
  });
});
