import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS } from '@hausportal/contract';
import type { DB } from '../db/database.js';
import type { Notifier } from '../modules/notifications/notifier.js';
import { EVENT_SOURCES } from '../registry.js';
import { EventBus } from './bus.js';
import { defineEvents } from './define.js';

// The bus alone: what it checks when the app starts, and what it does with an event it does not know.
const notifier = { notify: async () => undefined, kick: () => undefined } as unknown as Notifier;
const queue = async () => 0;

describe('the event registry', () => {
  it('has a cause for every webhook event the contract offers, and queues webhooks for no other', () => {
    const bus = new EventBus(EVENT_SOURCES, notifier, queue);
    expect(bus.types().webhooks).toEqual([...WEBHOOK_EVENTS].sort());
  });

  it('refuses to start when two modules declare the same event', () => {
    const twice = defineEvents<{ type: 'parcel.logged' }>('elsewhere', { 'parcel.logged': {} });
    expect(() => new EventBus([...EVENT_SOURCES, twice], notifier, queue)).toThrow(
      'Das Ereignis „parcel.logged“ ist zweimal registriert (elsewhere).',
    );
  });

  it('fails loudly for an event nobody registered, instead of dropping it', async () => {
    const bus = new EventBus<{ type: string }>([], notifier, queue);
    await expect(bus.raise({} as DB, { type: 'letter.delivered' })).rejects.toThrow(
      'Für das Ereignis „letter.delivered“ ist nichts registriert.',
    );
  });
});
