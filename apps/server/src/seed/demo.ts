import type { FastifyBaseLogger } from 'fastify';
import type { Insertable } from 'kysely';
import { syncSequences, type DatabaseHandle } from '../db/database.js';
import type { MessageTable, ProviderTable } from '../db/schema.js';
import type { FileStorage } from '../lib/storage.js';
import { hashPassword } from '../lib/passwords.js';
import { isoFromMs, nowIso } from '../lib/time.js';
import { thumbnail } from '../lib/uploads.js';
import { makeAvatar, makeLogo, makePdf, makePhoto } from './assets.js';
import { refreshApprovedCount } from '../modules/messages/messages.repository.js';

export const DEMO_PASSWORD = 'Demo1234!';

const icon = (name: string) => `/icons/${name}.svg`;
const HOUR = 3_600_000;

const CONTACT_TEXT = 'Hallo, hier schreibt {profile_name} aus Wohnung {apartment_number} ({location}).\n{placeholder}';

/**
 * Seeds DESIGN §4's demo data into an empty database. Does nothing when any location exists,
 * so restarts and production data are never touched.
 */
export async function seedDemo(handle: DatabaseHandle, storage: FileStorage, log: FastifyBaseLogger): Promise<void> {
  const { db } = handle;
  const existing = await db.selectFrom('locations').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  log.info('Leere Datenbank: lege Demodaten an');
  const now = Date.now();
  const created = nowIso();
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await db.transaction().execute(async (trx) => {
    const logo1 = await storage.put('logos', 'png', await makeLogo('Residenz am Stadtpark', 150));
    const logo2 = await storage.put('logos', 'png', await makeLogo('Haus am See', 205));
    await trx
      .insertInto('locations')
      .values([
        {
          id: 1,
          title: 'Residenz am Stadtpark',
          name: 'Residenz am Stadtpark',
          logo: logo1,
          direct_call: 0,
          direct_number: '+49 30 9876 5432',
          default_service_id: 3,
          text: 'Unsere Rezeption ist Ihre erste Anlaufstelle für Pakete, Schlüssel, Besucher und alle Anliegen rund ums Haus.',
          hours: 'Mo–Fr 7:00–20:00 Uhr\nSa 9:00–14:00 Uhr',
          phone: '+49 30 9876 5400',
          email: 'rezeption@stadtpark.example.org',
          free_text:
            'Außerhalb der Öffnungszeiten erreichen Sie den Notdienst über die Notruftaste auf der Startseite.',
          residents_can_post: 0,
          created_at: created,
        },
        {
          id: 2,
          title: 'Haus am See',
          name: 'Haus am See',
          logo: logo2,
          direct_call: 1,
          direct_number: '+49 30 5555 0110',
          default_service_id: 3,
          text: 'Die Rezeption im Haus am See hilft Ihnen gern weiter.',
          hours: 'Mo–Fr 8:00–18:00 Uhr',
          phone: '+49 30 5555 0100',
          email: 'rezeption@see.example.org',
          free_text: '',
          residents_can_post: 0,
          created_at: created,
        },
      ])
      .execute();

    await trx
      .insertInto('services')
      .values([
        {
          id: 1,
          location_id: null,
          title: 'Verwaltung',
          icon: icon('admin'),
          contact_text: CONTACT_TEXT,
          is_system: 1,
          sort_order: 90,
        },
        {
          id: 3,
          location_id: null,
          title: 'Rezeption',
          icon: icon('reception'),
          contact_text: CONTACT_TEXT,
          is_system: 1,
          sort_order: 1,
        },
        {
          id: 14,
          location_id: 1,
          title: 'Hausmeister',
          icon: icon('tools'),
          contact_text: CONTACT_TEXT,
          is_system: 0,
          sort_order: 10,
        },
        {
          id: 15,
          location_id: 1,
          title: 'Reinigung',
          icon: icon('cleaning'),
          contact_text: CONTACT_TEXT,
          is_system: 0,
          sort_order: 20,
        },
        {
          id: 16,
          location_id: 1,
          title: 'Wäscherei',
          icon: icon('laundry'),
          contact_text: CONTACT_TEXT,
          is_system: 0,
          sort_order: 30,
        },
        {
          id: 17,
          location_id: 2,
          title: 'Hausmeister',
          icon: icon('tools'),
          contact_text: CONTACT_TEXT,
          is_system: 0,
          sort_order: 10,
        },
      ])
      .execute();

    const provider = (
      p: Partial<Insertable<ProviderTable>> & Pick<Insertable<ProviderTable>, 'service_id' | 'location_id' | 'name'>,
    ) => ({
      phone: '',
      hide_phone: 0,
      text: '',
      contact: '',
      hours: '',
      email: '',
      website: '',
      allow_form_contact: 0,
      placeholder: '',
      ...p,
    });
    await trx
      .insertInto('providers')
      .values([
        provider({
          service_id: 1,
          location_id: 1,
          name: 'Muster Hausverwaltung GmbH',
          phone: '+49 30 1234 5678',
          text: 'Ihre Ansprechpartner für Mietvertrag, Nebenkosten und Reparaturen am Gemeinschaftseigentum.',
          contact: 'Frau Schneider',
          hours: 'Mo–Do 9:00–16:00 Uhr\nFr 9:00–13:00 Uhr',
          email: 'verwaltung@example.org',
          website: 'https://verwaltung.example.org',
          allow_form_contact: 1,
          placeholder: 'Hier bitte Anliegen beschreiben.',
        }),
        provider({
          service_id: 3,
          location_id: 1,
          name: 'Rezeption Residenz am Stadtpark',
          phone: '+49 30 9876 5400',
          text: 'Pakete, Schlüssel, Besucher und kleine Anliegen.',
          contact: 'Team Rezeption',
          hours: 'Mo–Fr 7:00–20:00 Uhr, Sa 9:00–14:00 Uhr',
          email: 'rezeption@stadtpark.example.org',
          allow_form_contact: 1,
          placeholder: 'Was können wir für Sie tun?',
        }),
        provider({
          service_id: 14,
          location_id: 1,
          name: 'Hausmeisterservice Krause',
          phone: '+49 30 4444 1212',
          hide_phone: 1,
          text: 'Kleinreparaturen, Glühbirnen, verstopfte Abflüsse.',
          contact: 'Herr Krause',
          hours: 'Mo–Fr 8:00–16:00 Uhr',
          email: 'krause@hausmeister.example.org',
          allow_form_contact: 1,
          placeholder: 'Bitte beschreiben Sie, was kaputt ist und wo.',
        }),
        provider({
          service_id: 15,
          location_id: 1,
          name: 'Glanz & Co. Gebäudereinigung',
          phone: '+49 30 3333 7788',
          text: 'Wohnungsreinigung auf Anfrage, Fensterputz im Frühjahr und Herbst.',
          hours: 'Mo–Sa 7:00–19:00 Uhr',
          website: 'https://glanz.example.org',
        }),
        provider({
          service_id: 16,
          location_id: 1,
          name: 'Wäscherei Blitzblank',
          phone: '+49 30 3333 9900',
          text: 'Abholung dienstags und freitags an der Rezeption.',
          email: 'service@blitzblank.example.org',
          allow_form_contact: 1,
        }),
        provider({
          service_id: 1,
          location_id: 2,
          name: 'Muster Hausverwaltung GmbH',
          phone: '+49 30 1234 5678',
          email: 'verwaltung@example.org',
          allow_form_contact: 1,
        }),
        provider({
          service_id: 3,
          location_id: 2,
          name: 'Rezeption Haus am See',
          phone: '+49 30 5555 0100',
          email: 'rezeption@see.example.org',
          allow_form_contact: 1,
        }),
        provider({
          service_id: 17,
          location_id: 2,
          name: 'Hausmeister Seeblick',
          phone: '+49 30 5555 0120',
          allow_form_contact: 0,
        }),
      ])
      .execute();

    await trx
      .insertInto('phones')
      .values([
        {
          location_id: 1,
          name: 'Notruf Rezeption (24 Stunden)',
          number: '+49 3098 765432',
          icon: icon('emergency'),
          highlighted: 1,
          hidden: 0,
          sort_order: 1,
        },
        {
          location_id: 1,
          name: 'Feuerwehr und Rettungsdienst',
          number: '112',
          icon: icon('fire'),
          highlighted: 0,
          hidden: 0,
          sort_order: 2,
        },
        {
          location_id: 1,
          name: 'Polizei',
          number: '110',
          icon: icon('police'),
          highlighted: 0,
          hidden: 0,
          sort_order: 3,
        },
        {
          location_id: 1,
          name: 'Ärztlicher Bereitschaftsdienst',
          number: '116117',
          icon: icon('doctor'),
          highlighted: 0,
          hidden: 0,
          sort_order: 4,
        },
        {
          location_id: 1,
          name: 'Hausverwaltung',
          number: '+49 30 1234 5678',
          icon: icon('admin'),
          highlighted: 0,
          hidden: 0,
          sort_order: 5,
        },
        {
          location_id: 1,
          name: 'Schlüsselnotdienst (über die Rezeption)',
          number: '+49 30 2222 3333',
          icon: icon('key'),
          highlighted: 0,
          hidden: 1,
          sort_order: 6,
        },
        {
          location_id: 1,
          name: 'Gasstörung',
          number: '+49 800 7777 000',
          icon: icon('gas'),
          highlighted: 0,
          hidden: 0,
          sort_order: 7,
        },
        {
          location_id: 2,
          name: 'Notruf Haus am See',
          number: '+49 30 5555 0110',
          icon: icon('emergency'),
          highlighted: 1,
          hidden: 0,
          sort_order: 1,
        },
        {
          location_id: 2,
          name: 'Feuerwehr und Rettungsdienst',
          number: '112',
          icon: icon('fire'),
          highlighted: 0,
          hidden: 0,
          sort_order: 2,
        },
      ])
      .execute();

    type U = {
      login: string;
      apt: string;
      name: string;
      email: string;
      role: 'resident' | 'receptionist' | 'manager';
      loc: number | null;
      esd?: number;
      hue: number;
    };
    const people: U[] = [
      {
        login: 'A-0101',
        apt: 'A-0101',
        name: 'Anna Beispiel',
        email: 'anna.beispiel@example.org',
        role: 'resident',
        loc: 1,
        hue: 200,
      },
      {
        login: 'A-0102',
        apt: 'A-0102',
        name: 'Bernd Muster',
        email: 'bernd.muster@example.org',
        role: 'resident',
        loc: 1,
        esd: 1,
        hue: 30,
      },
      {
        login: 'A-REZ',
        apt: 'A-REZ',
        name: 'Clara Rezeption',
        email: 'rezeption@stadtpark.example.org',
        role: 'receptionist',
        loc: 1,
        hue: 330,
      },
      {
        login: 'B-0101',
        apt: 'B-0101',
        name: 'Dora Seemann',
        email: 'dora.seemann@example.org',
        role: 'resident',
        loc: 2,
        hue: 110,
      },
      {
        login: 'verwaltung@example.org',
        apt: '',
        name: 'Muster Hausverwaltung',
        email: 'verwaltung@example.org',
        role: 'manager',
        loc: null,
        hue: 0,
      },
      {
        login: 'A-0201',
        apt: 'A-0201',
        name: 'Emil Nachbar',
        email: 'emil.nachbar@example.org',
        role: 'resident',
        loc: 1,
        hue: 260,
      },
      {
        login: 'A-0305',
        apt: 'A-0305',
        name: 'Fatma Yıldız',
        email: 'fatma.yildiz@example.org',
        role: 'resident',
        loc: 1,
        hue: 20,
      },
      {
        login: 'A-0410',
        apt: 'A-0410',
        name: 'Günther Groß',
        email: 'guenther.gross@example.org',
        role: 'resident',
        loc: 1,
        hue: 170,
      },
    ];
    const ids: Record<string, number> = {};
    for (const p of people) {
      const initials = p.name
        .split(' ')
        .map((w) => w[0])
        .join('')
        .slice(0, 2);
      const picture =
        p.role === 'manager' || p.login === 'A-0101'
          ? null
          : await storage.put('avatars', 'webp', await makeAvatar(initials, p.hue));
      const row = await trx
        .insertInto('users')
        .values({
          location_id: p.loc,
          role: p.role,
          login: p.login.toLowerCase(),
          apartment_number: p.apt,
          name: p.name,
          email: p.email,
          password_hash: passwordHash,
          profile_picture: picture,
          emergency_services_deactivated: p.esd ?? 0,
          language: 'de',
          is_active: 1,
          created_at: created,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[p.login] = row.id;
    }
    await trx
      .insertInto('manager_locations')
      .values([
        { user_id: ids['verwaltung@example.org']!, location_id: 1 },
        { user_id: ids['verwaltung@example.org']!, location_id: 2 },
      ])
      .execute();

    const doc = async (title: string, lines: string[]) => storage.put('documents', 'pdf', await makePdf(title, lines));
    await trx
      .insertInto('documents')
      .values([
        {
          location_id: 1,
          apartment_number: 'A-0101',
          title: 'Mietvertrag Wohnung 0101',
          icon: icon('document'),
          file_key: await doc('Mietvertrag Wohnung 0101', [
            'Mieterin: Anna Beispiel',
            'Beginn des Mietverhältnisses: 1. März 2024',
            'Wohnfläche: 68 m², 2 Zimmer, Balkon',
          ]),
          file_name: 'Mietvertrag.pdf',
          created_at: isoFromMs(now - 400 * 24 * HOUR),
        },
        {
          location_id: 1,
          apartment_number: 'A-0101',
          title: 'Nebenkostenabrechnung 2025',
          icon: icon('document'),
          file_key: await doc('Nebenkostenabrechnung 2025', [
            'Abrechnungszeitraum: 01.01.2025 – 31.12.2025',
            'Vorauszahlungen: 2.160,00 €',
            'Guthaben: 84,12 €',
          ]),
          file_name: 'Nebenkosten-2025.pdf',
          created_at: isoFromMs(now - 30 * 24 * HOUR),
        },
        {
          location_id: 1,
          apartment_number: null,
          title: 'Hausordnung',
          icon: icon('document'),
          file_key: await doc('Hausordnung Residenz am Stadtpark', [
            'Ruhezeiten: 22:00–7:00 Uhr und sonntags',
            'Fahrräder bitte nur im Fahrradkeller abstellen',
            'Müll trennen: Papier, Verpackungen, Bio, Rest',
          ]),
          file_name: 'Hausordnung.pdf',
          created_at: isoFromMs(now - 500 * 24 * HOUR),
        },
        {
          location_id: 2,
          apartment_number: null,
          title: 'Hausordnung Haus am See',
          icon: icon('document'),
          file_key: await doc('Hausordnung Haus am See', ['Der Steg ist von 7:00 bis 22:00 Uhr zugänglich.']),
          file_name: 'Hausordnung.pdf',
          created_at: isoFromMs(now - 500 * 24 * HOUR),
        },
      ])
      .execute();

    const posts: { by: string; text: string; hoursAgo: number; status?: MessageTable['status']; loc?: number }[] = [
      {
        by: 'A-REZ',
        hoursAgo: 5,
        text: 'Der Aufzug im Haus A wird morgen zwischen 9 und 12 Uhr gewartet. Bitte nutzen Sie in dieser Zeit den Aufzug in Haus B.',
      },
      {
        by: 'A-0201',
        hoursAgo: 20,
        text: 'Sommerfest im Innenhof!\n\nAm Samstag ab 15 Uhr grillen wir gemeinsam. Bringt gern einen Salat oder Kuchen mit – Getränke stellt die Hausgemeinschaft. Fotos vom letzten Jahr hängen an, das Programm als PDF.',
      },
      {
        by: 'A-0305',
        hoursAgo: 30,
        text: 'Wer hat einen grauen Regenschirm im Fahrradkeller vergessen? Er steht jetzt an der Rezeption.',
      },
      {
        by: 'A-0410',
        hoursAgo: 60,
        text: 'Liebe Nachbarinnen und Nachbarn, ab nächster Woche biete ich dienstags und donnerstags Hausaufgabenhilfe für Grundschulkinder im Gemeinschaftsraum an. Kostenlos, einfach vorbeikommen – ich freue mich auf euch und eure Kinder. Bei Fragen sprecht mich gern im Treppenhaus an oder hinterlasst eine Nachricht an der Rezeption.',
      },
      {
        by: 'A-REZ',
        hoursAgo: 80,
        text: 'Erinnerung: Die Mülltonnen werden ab sofort mittwochs statt donnerstags geleert.',
      },
      {
        by: 'A-0201',
        hoursAgo: 110,
        text: 'Verschenke gut erhaltenes Kinderfahrrad (20 Zoll). Bei Interesse bitte melden.',
      },
      {
        by: 'A-0305',
        hoursAgo: 150,
        text: 'Danke an alle, die beim Frühjahrsputz im Garten geholfen haben! Die neuen Blumenkästen sehen toll aus.',
      },
      { by: 'A-REZ', hoursAgo: 200, text: 'Die Paketstation im Eingangsbereich ist wieder in Betrieb.' },
      {
        by: 'A-0410',
        hoursAgo: 260,
        text: 'Suche eine Mitfahrgelegenheit zum Flughafen am 14. um 6 Uhr morgens. Spritkosten teile ich gern.',
      },
      {
        by: 'A-0201',
        hoursAgo: 320,
        text: 'Im Waschkeller ist die Maschine Nr. 3 defekt. Der Hausmeister ist informiert.',
      },
      { by: 'A-REZ', hoursAgo: 400, text: 'Neue Öffnungszeiten der Rezeption am Samstag: 9 bis 14 Uhr.' },
      {
        by: 'A-0305',
        hoursAgo: 480,
        text: 'Yoga im Gemeinschaftsraum: jeden Montag um 19 Uhr. Matten sind vorhanden. Anfänger willkommen! 🧘',
      },
      { by: 'A-0410', hoursAgo: 560, text: 'Bitte die Haustür abends immer richtig schließen. Danke!' },
      {
        by: 'A-0101',
        hoursAgo: 2,
        status: 'pending',
        text: 'Hat jemand Lust, einen Lesekreis zu gründen? Erstes Treffen nächsten Mittwoch im Gemeinschaftsraum.',
      },
      { by: 'B-0101', hoursAgo: 10, loc: 2, text: 'Der Steg wird am Wochenende neu gestrichen und ist gesperrt.' },
      { by: 'B-0101', hoursAgo: 50, loc: 2, text: 'Wer kommt mit zum Segeln am Sonntag?' },
      { by: 'B-0101', hoursAgo: 90, loc: 2, text: 'Die Sauna im Keller ist ab sofort wieder geöffnet.' },
    ];
    const messageIds: number[] = [];
    for (const p of posts) {
      const status = p.status ?? 'approved';
      const row = await trx
        .insertInto('messages')
        .values({
          location_id: p.loc ?? 1,
          user_id: ids[p.by]!,
          text: p.text,
          status,
          rejection_reason: null,
          like_count: 0,
          comment_count: 0,
          created_at: isoFromMs(now - p.hoursAgo * HOUR),
          moderated_at: status === 'approved' ? created : null,
          moderated_by: status === 'approved' ? ids['verwaltung@example.org']! : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      messageIds.push(row.id);
    }

    const festId = messageIds[1]!;
    const photo = await makePhoto('Sommerfest 2025', 140);
    const programme = await makePdf('Programm Sommerfest', [
      '15:00 Begrüßung im Innenhof',
      '15:30 Grillen und Kuchenbuffet',
      '17:00 Kinderschminken',
      '19:00 Musik mit der Hausband',
    ]);
    await trx
      .insertInto('message_documents')
      .values([
        {
          message_id: festId,
          kind: 'image',
          name: 'Sommerfest 2025',
          file_key: await storage.put('posts', 'jpg', photo),
          thumbnail_key: await storage.put('thumbs', 'webp', await thumbnail(photo, 400)),
          content_type: 'image/jpeg',
          size: photo.length,
          created_at: created,
        },
        {
          message_id: festId,
          kind: 'pdf',
          name: 'Programm Sommerfest',
          file_key: await storage.put('posts', 'pdf', programme),
          thumbnail_key: null,
          content_type: 'application/pdf',
          size: programme.length,
          created_at: created,
        },
      ])
      .execute();

    const likes = [
      [messageIds[0], 'A-REZ'],
      [messageIds[1], 'A-REZ'],
      [messageIds[3], 'A-REZ'],
      [messageIds[6], 'A-REZ'],
    ] as const;
    for (const [mid, by] of likes)
      await trx.insertInto('likes').values({ message_id: mid!, user_id: ids[by]!, created_at: created }).execute();
    const comments = [
      {
        mid: messageIds[1]!,
        by: 'A-REZ',
        text: 'Wir stellen gern Bierbänke aus dem Keller bereit!',
        status: 'approved' as const,
        h: 18,
      },
      {
        mid: messageIds[1]!,
        by: 'A-REZ',
        text: 'Die Grillkohle liegt ab Freitag an der Rezeption.',
        status: 'approved' as const,
        h: 12,
      },
      {
        mid: messageIds[3]!,
        by: 'A-REZ',
        text: 'Tolle Idee! Der Gemeinschaftsraum ist für Sie reserviert.',
        status: 'approved' as const,
        h: 50,
      },
      { mid: messageIds[2]!, by: 'A-REZ', text: 'Der Schirm wurde abgeholt.', status: 'pending' as const, h: 1 },
    ];
    for (const c of comments) {
      await trx
        .insertInto('comments')
        .values({
          message_id: c.mid,
          user_id: ids[c.by]!,
          text: c.text,
          status: c.status,
          rejection_reason: null,
          created_at: isoFromMs(now - c.h * HOUR),
          moderated_at: null,
          moderated_by: null,
        })
        .execute();
    }
    for (const mid of messageIds) {
      const likeCount = likes.filter(([m]) => m === mid).length;
      const commentCount = comments.filter((c) => c.mid === mid && c.status === 'approved').length;
      await trx
        .updateTable('messages')
        .set({ like_count: likeCount, comment_count: commentCount })
        .where('id', '=', mid)
        .execute();
    }
  });
  for (const locationId of [1, 2]) await refreshApprovedCount(db, locationId);
  await syncSequences(handle, ['locations', 'services']);
  log.info(`Demodaten angelegt. Anmeldung z. B. mit A-0101 / ${DEMO_PASSWORD}`);
}
