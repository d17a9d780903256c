// The demo data of product §10 as plain data; demo.ts writes it through the repositories the API
// uses. Only the demo suite (seed/demo.test.ts) and the browser journeys rely on these texts.
import {
  fieldTranslations,
  GAS_ADVICE,
  SERVICE_ADMINISTRATION_ID,
  SYSTEM_SERVICE_TRANSLATIONS,
  type TranslatedLanguage,
} from '@hausportal/contract';
import type { LocationInput } from '../modules/location/location.repository.js';
import type { ProviderInput } from '../modules/services/services.repository.js';

/** Every demo account's password (README). */
export const DEMO_PASSWORD = 'Demo1234!';

/** The demo property manager's login: both locations. */
export const DEMO_MANAGER = 'verwaltung@example.org';
/** A manager of location 2 only, to show that the back office keeps locations apart. */
export const DEMO_MANAGER_SEE = 'see@example.org';
/** The demo administrator, who sees every location, including new ones. */
export const DEMO_ADMIN = 'admin@example.org';

const icon = (name: string) => `/icons/${name}.svg`;

/** Locations 1 and 2, in this order; `logoHue` colours the generated logo. */
export const locations: (LocationInput & { logoHue: number })[] = [
  {
    title: 'Residenz am Stadtpark',
    logoHue: 150,
    // Where a craftsman goes (the job page's map link) and how he gets in.
    street: 'Parkstraße 12',
    postalCode: '10115',
    city: 'Berlin',
    accessNote: 'Schlüssel an der Rezeption (Mo–Fr 7–20 Uhr), sonst beim Hausmeister, Klingel 3.',
    // ADR 028: each location's apartment numbers in a namespace of their own.
    apartmentPrefix: 'A-',
    directCall: false,
    directNumber: '+49 30 9876 5432',
    // The button opens the 24-hour emergency service, not the reception, which closes
    // at night and would send people round in a circle.
    defaultServiceId: 18,
    defaultServiceAlways: true,
    text: 'Unsere Rezeption ist Ihre erste Anlaufstelle für Pakete, Schlüssel, Besucher und alle Anliegen rund ums Haus.',
    hours: 'Mo–Fr 7:00–20:00 Uhr\nSa 9:00–14:00 Uhr',
    phone: '+49 30 9876 5400',
    email: 'rezeption@stadtpark.example.org',
    freeText:
      'Außerhalb der Öffnungszeiten hilft Ihnen der Notdienst rund um die Uhr: Tippen Sie auf der Startseite auf „Notdienst“.',
  },
  {
    title: 'Haus am See',
    logoHue: 205,
    street: 'Seeweg 4',
    postalCode: '14469',
    city: 'Potsdam',
    accessNote: 'Schlüsselsafe links neben dem Haupteingang; den Code nennt die Rezeption.',
    // Here the manager need not accept every craftsman's 'erledigt' himself.
    autoAcceptDays: 7,
    apartmentPrefix: 'B-',
    directCall: true,
    directNumber: '+49 30 5555 0110',
    defaultServiceId: 3,
    text: 'Die Rezeption im Haus am See hilft Ihnen gern weiter.',
    hours: 'Mo–Fr 8:00–18:00 Uhr',
    phone: '+49 30 5555 0100',
    email: 'rezeption@see.example.org',
  },
];

export const CONTACT_TEXT =
  'Hallo, hier schreibt {profile_name} aus Wohnung {apartment_number} ({location}).\n{placeholder}';

/** One text in the six other languages, as the demo's translations give it per field. */
type Texts = Record<TranslatedLanguage, string>;
const as = fieldTranslations;

const CARETAKER: Texts = {
  en: 'Caretaker',
  tr: 'Bina görevlisi',
  pl: 'Dozorca',
  uk: 'Доглядач будинку',
  ru: 'Смотритель здания',
  ar: 'مسؤول صيانة المبنى',
};
const EMERGENCY_SERVICE: Texts = {
  en: 'Emergency service',
  tr: 'Acil servis',
  pl: 'Pogotowie techniczne',
  uk: 'Аварійна служба',
  ru: 'Аварийная служба',
  ar: 'خدمة الطوارئ',
};

/** Services of the locations next to the system services 1 and 3; 14 gets ?fd=1 (product §5.8). */
export const services = [
  {
    id: 14,
    location: 1,
    title: 'Hausmeister',
    icon: icon('tools'),
    sortOrder: 10,
    translations: as('title', CARETAKER),
  },
  {
    id: 15,
    location: 1,
    title: 'Reinigung',
    icon: icon('cleaning'),
    sortOrder: 20,
    translations: as('title', {
      en: 'Cleaning',
      tr: 'Temizlik',
      pl: 'Sprzątanie',
      uk: 'Прибирання',
      ru: 'Уборка',
      ar: 'التنظيف',
    }),
  },
  {
    id: 16,
    location: 1,
    title: 'Wäscherei',
    icon: icon('laundry'),
    sortOrder: 30,
    translations: as('title', {
      en: 'Laundry service',
      tr: 'Çamaşırhane',
      pl: 'Usługi pralnicze',
      uk: 'Пральні послуги',
      ru: 'Услуги прачечной',
      ar: 'خدمة الغسيل',
    }),
  },
  {
    id: 17,
    location: 2,
    title: 'Hausmeister',
    icon: icon('tools'),
    sortOrder: 10,
    translations: as('title', CARETAKER),
  },
  // Location 1's emergency button: a real service that answers day and night.
  {
    id: 18,
    location: 1,
    title: 'Notdienst',
    icon: icon('emergency'),
    sortOrder: 5,
    translations: as('title', EMERGENCY_SERVICE),
  },
];

/**
 * The buildings of location 1: two entrances with their own addresses, so a ticket can name one
 * and the craftsman goes to the right door.
 */
export const buildings = [
  {
    location: 1,
    name: 'Haus A',
    street: 'Parkstraße 12',
    postal_code: '10115',
    city: 'Berlin',
    access_note: 'Eingang zur Straße; Schlüssel an der Rezeption.',
  },
  {
    location: 1,
    name: 'Haus B',
    street: 'Parkweg 3',
    postal_code: '10115',
    city: 'Berlin',
    access_note: 'Eingang im Hof, durch die Tordurchfahrt von Haus A; Klingel „Hausmeister“.',
  },
];

/**
 * A provider's trades ('Gewerke'), the names of its location's ticket categories: the craftsman
 * picker lists it first for these.
 */
export const providers: (ProviderInput & { trades?: string[] })[] = [
  {
    serviceId: 1,
    locationId: 1,
    name: 'Muster Hausverwaltung GmbH',
    phone: '+49 30 1234 5678',
    text: 'Ihre Ansprechpartner für Mietvertrag, Nebenkosten und Reparaturen am Gemeinschaftseigentum.',
    contact: 'Frau Schneider',
    hours: 'Mo–Do 9:00–16:00 Uhr\nFr 9:00–13:00 Uhr',
    email: 'verwaltung@example.org',
    website: 'https://verwaltung.example.org',
    allowFormContact: true,
    placeholder: 'Hier bitte Anliegen beschreiben.',
  },
  {
    serviceId: 3,
    locationId: 1,
    name: 'Rezeption Residenz am Stadtpark',
    phone: '+49 30 9876 5400',
    text: 'Pakete, Schlüssel, Besucher und kleine Anliegen.',
    contact: 'Team Rezeption',
    hours: 'Mo–Fr 7:00–20:00 Uhr, Sa 9:00–14:00 Uhr',
    email: 'rezeption@stadtpark.example.org',
    allowFormContact: true,
    placeholder: 'Was können wir für Sie tun?',
  },
  {
    serviceId: 14,
    locationId: 1,
    name: 'Hausmeisterservice Krause',
    trades: ['Heizung', 'Wasser & Sanitär', 'Elektrik', 'Fenster & Türen', 'Treppenhaus & Gemeinschaftsflächen'],
    phone: '+49 30 4444 1212',
    hidePhone: true,
    text: 'Kleinreparaturen, Glühbirnen, verstopfte Abflüsse.',
    contact: 'Herr Krause',
    hours: 'Mo–Fr 8:00–16:00 Uhr',
    email: 'krause@hausmeister.example.org',
    allowFormContact: true,
    placeholder: 'Bitte beschreiben Sie, was kaputt ist und wo.',
  },
  {
    serviceId: 15,
    locationId: 1,
    name: 'Glanz & Co. Gebäudereinigung',
    trades: ['Treppenhaus & Gemeinschaftsflächen'],
    phone: '+49 30 3333 7788',
    text: 'Wohnungsreinigung auf Anfrage, Fensterputz im Frühjahr und Herbst.',
    hours: 'Mo–Sa 7:00–19:00 Uhr',
    website: 'https://glanz.example.org',
  },
  {
    serviceId: 16,
    locationId: 1,
    name: 'Wäscherei Blitzblank',
    phone: '+49 30 3333 9900',
    text: 'Abholung dienstags und freitags an der Rezeption.',
    email: 'service@blitzblank.example.org',
    allowFormContact: true,
  },
  {
    serviceId: 1,
    locationId: 2,
    name: 'Muster Hausverwaltung GmbH',
    phone: '+49 30 1234 5678',
    email: 'verwaltung@example.org',
    allowFormContact: true,
  },
  {
    serviceId: 3,
    locationId: 2,
    name: 'Rezeption Haus am See',
    phone: '+49 30 5555 0100',
    email: 'rezeption@see.example.org',
    allowFormContact: true,
  },
  {
    serviceId: 17,
    locationId: 2,
    name: 'Hausmeister Seeblick',
    phone: '+49 30 5555 0120',
    trades: ['Heizung', 'Wasser & Sanitär', 'Elektrik', 'Außenanlagen'],
  },
  {
    serviceId: 18,
    locationId: 1,
    name: 'Notdienst Residenz am Stadtpark',
    trades: ['Heizung', 'Wasser & Sanitär', 'Elektrik', 'Aufzug', 'Schlüssel & Schließanlage'],
    phone: '+49 30 9876 5432',
    text: `Bei Wasserrohrbruch, Heizungsausfall, Stromausfall, ausgefallenem Aufzug oder wenn Sie sich ausgesperrt haben. Bei Feuer oder Verletzten zuerst 112. ${GAS_ADVICE}`,
    contact: 'Diensthabende Haustechnik',
    hours: 'Rund um die Uhr, auch an Wochenenden und Feiertagen',
  },
];

/** Phone numbers in display order per location. */
const FIRE_AND_AMBULANCE: Texts = {
  en: 'Fire brigade and ambulance',
  tr: 'İtfaiye ve ambulans',
  pl: 'Straż pożarna i pogotowie ratunkowe',
  uk: 'Пожежна служба та швидка допомога',
  ru: 'Пожарная служба и скорая помощь',
  ar: 'الإطفاء والإسعاف',
};

export const phones = [
  {
    location: 1,
    name: 'Notdienst (24 Stunden)',
    number: '+49 30 9876 5432',
    icon: icon('emergency'),
    highlighted: true,
    translations: as('name', {
      en: 'Emergency service (24 hours)',
      tr: 'Acil servis (24 saat)',
      pl: 'Pogotowie techniczne (całodobowe)',
      uk: 'Аварійна служба (цілодобово)',
      ru: 'Аварийная служба (круглосуточно)',
      ar: 'خدمة الطوارئ (على مدار الساعة)',
    }),
  },
  {
    location: 1,
    name: 'Feuerwehr und Rettungsdienst',
    number: '112',
    icon: icon('fire'),
    translations: as('name', FIRE_AND_AMBULANCE),
  },
  {
    location: 1,
    name: 'Polizei',
    number: '110',
    icon: icon('police'),
    translations: as('name', { en: 'Police', tr: 'Polis', pl: 'Policja', uk: 'Поліція', ru: 'Полиция', ar: 'الشرطة' }),
  },
  {
    location: 1,
    name: 'Ärztlicher Bereitschaftsdienst',
    number: '116117',
    icon: icon('doctor'),
    translations: as('name', {
      en: 'Out-of-hours doctor',
      tr: 'Nöbetçi doktor',
      pl: 'Dyżur lekarski',
      uk: 'Чергова лікарська служба',
      ru: 'Дежурная врачебная служба',
      ar: 'الطبيب المناوب',
    }),
  },
  {
    location: 1,
    name: 'Hausverwaltung',
    number: '+49 30 1234 5678',
    icon: icon('admin'),
    translations: as('name', SYSTEM_SERVICE_TRANSLATIONS[SERVICE_ADMINISTRATION_ID]),
  },
  {
    location: 1,
    name: 'Schlüsselnotdienst (über die Rezeption)',
    number: '+49 30 2222 3333',
    icon: icon('key'),
    hidden: true,
    translations: as('name', {
      en: 'Emergency locksmith (via the reception)',
      tr: 'Acil çilingir (resepsiyon üzerinden)',
      pl: 'Pogotowie zamkowe (przez recepcję)',
      uk: 'Аварійне відкриття дверей (через рецепцію)',
      ru: 'Аварийное вскрытие замков (через консьержа)',
      ar: 'خدمة الأقفال الطارئة (عبر الاستقبال)',
    }),
  },
  {
    location: 1,
    name: 'Gasstörung',
    number: '+49 800 7777 000',
    icon: icon('gas'),
    translations: as('name', {
      en: 'Gas emergency line',
      tr: 'Doğalgaz acil hattı',
      pl: 'Pogotowie gazowe',
      uk: 'Аварійна газова служба',
      ru: 'Аварийная газовая служба',
      ar: 'طوارئ الغاز',
    }),
  },
  {
    location: 2,
    name: 'Notruf Haus am See',
    number: '+49 30 5555 0110',
    icon: icon('emergency'),
    highlighted: true,
    translations: as('name', {
      en: 'Emergency line Haus am See',
      tr: 'Haus am See acil hattı',
      pl: 'Telefon alarmowy Haus am See',
      uk: 'Аварійна лінія Haus am See',
      ru: 'Аварийная линия Haus am See',
      ar: 'خط الطوارئ Haus am See',
    }),
  },
  {
    location: 2,
    name: 'Feuerwehr und Rettungsdienst',
    number: '112',
    icon: icon('fire'),
    translations: as('name', FIRE_AND_AMBULANCE),
  },
];

/** The accounts of product §10; `hue` colours the generated avatar (none for A-0101 and the manager). */
export const people: {
  login: string;
  name: string;
  email: string;
  role: 'resident' | 'receptionist' | 'manager' | 'admin';
  location: number | null;
  /** The locations a manager runs. */
  manages?: number[];
  emergencyServicesDeactivated?: boolean;
  hue: number | null;
}[] = [
  {
    login: 'A-0101',
    name: 'Anna Beispiel',
    email: 'anna.beispiel@example.org',
    role: 'resident',
    location: 1,
    hue: null,
  },
  {
    login: 'A-0102',
    name: 'Bernd Muster',
    email: 'bernd.muster@example.org',
    role: 'resident',
    location: 1,
    emergencyServicesDeactivated: true,
    hue: 30,
  },
  {
    login: 'A-REZ',
    name: 'Clara Rezeption',
    email: 'rezeption@stadtpark.example.org',
    role: 'receptionist',
    location: 1,
    hue: 330,
  },
  { login: 'B-0101', name: 'Dora Seemann', email: 'dora.seemann@example.org', role: 'resident', location: 2, hue: 110 },
  {
    login: DEMO_MANAGER,
    name: 'Muster Hausverwaltung',
    email: DEMO_MANAGER,
    role: 'manager',
    location: null,
    manages: [1, 2],
    hue: null,
  },
  {
    login: DEMO_MANAGER_SEE,
    name: 'Hausverwaltung am See',
    email: DEMO_MANAGER_SEE,
    role: 'manager',
    location: null,
    manages: [2],
    hue: null,
  },
  { login: DEMO_ADMIN, name: 'Plattform-Administration', email: DEMO_ADMIN, role: 'admin', location: null, hue: null },
  { login: 'A-0201', name: 'Emil Nachbar', email: 'emil.nachbar@example.org', role: 'resident', location: 1, hue: 260 },
  { login: 'A-0305', name: 'Fatma Yıldız', email: 'fatma.yildiz@example.org', role: 'resident', location: 1, hue: 20 },
  {
    login: 'A-0410',
    name: 'Günther Groß',
    email: 'guenther.gross@example.org',
    role: 'resident',
    location: 1,
    hue: 170,
  },
];

/** Documents; `lines` become the text of the generated PDF. */
export const documents = [
  {
    location: 1,
    apartment: 'A-0101',
    title: 'Mietvertrag Wohnung 0101',
    fileName: 'Mietvertrag.pdf',
    daysAgo: 400,
    lines: [
      'Mieterin: Anna Beispiel',
      'Beginn des Mietverhältnisses: 1. März 2024',
      'Wohnfläche: 68 m², 2 Zimmer, Balkon',
    ],
  },
  {
    location: 1,
    apartment: 'A-0101',
    title: 'Nebenkostenabrechnung 2025',
    fileName: 'Nebenkosten-2025.pdf',
    daysAgo: 30,
    lines: ['Abrechnungszeitraum: 01.01.2025 – 31.12.2025', 'Vorauszahlungen: 2.160,00 €', 'Guthaben: 84,12 €'],
  },
  {
    location: 1,
    apartment: null,
    title: 'Hausordnung',
    pdfTitle: 'Hausordnung Residenz am Stadtpark',
    fileName: 'Hausordnung.pdf',
    daysAgo: 500,
    lines: [
      'Ruhezeiten: 22:00–7:00 Uhr und sonntags',
      'Fahrräder bitte nur im Fahrradkeller abstellen',
      'Müll trennen: Papier, Verpackungen, Bio, Rest',
    ],
  },
  {
    location: 2,
    apartment: null,
    title: 'Hausordnung Haus am See',
    fileName: 'Hausordnung.pdf',
    daysAgo: 500,
    lines: ['Der Steg ist von 7:00 bis 22:00 Uhr zugänglich.'],
  },
];

type Comment = { by: string; text: string; hoursAgo: number; pending?: boolean };

/**
 * Blackboard posts, approved unless pending. Location 1 has 13 approved posts (two pages), one
 * longer than 150 characters, one with a photo and a PDF, comments and likes, and one pending
 * post of A-0101.
 */
export const posts: {
  by: string;
  text: string;
  hoursAgo: number;
  pending?: boolean;
  likedBy?: string[];
  comments?: Comment[];
  attachments?: { kind: 'image' | 'pdf'; name: string; lines?: string[] }[];
}[] = [
  {
    by: 'A-REZ',
    hoursAgo: 5,
    likedBy: ['A-REZ'],
    text: 'Der Aufzug im Haus A wird morgen zwischen 9 und 12 Uhr gewartet. Bitte nutzen Sie in dieser Zeit den Aufzug in Haus B.',
  },
  {
    by: 'A-0201',
    hoursAgo: 20,
    likedBy: ['A-REZ'],
    text: 'Sommerfest im Innenhof!\n\nAm Samstag ab 15 Uhr grillen wir gemeinsam. Bringt gern einen Salat oder Kuchen mit – Getränke stellt die Hausgemeinschaft. Fotos vom letzten Jahr hängen an, das Programm als PDF.',
    attachments: [
      { kind: 'image', name: 'Sommerfest 2025' },
      {
        kind: 'pdf',
        name: 'Programm Sommerfest',
        lines: [
          '15:00 Begrüßung im Innenhof',
          '15:30 Grillen und Kuchenbuffet',
          '17:00 Kinderschminken',
          '19:00 Musik mit der Hausband',
        ],
      },
    ],
    comments: [
      { by: 'A-REZ', hoursAgo: 18, text: 'Wir stellen gern Bierbänke aus dem Keller bereit!' },
      { by: 'A-REZ', hoursAgo: 12, text: 'Die Grillkohle liegt ab Freitag an der Rezeption.' },
    ],
  },
  {
    by: 'A-0305',
    hoursAgo: 30,
    text: 'Wer hat einen grauen Regenschirm im Fahrradkeller vergessen? Er steht jetzt an der Rezeption.',
    comments: [{ by: 'A-REZ', hoursAgo: 1, text: 'Der Schirm wurde abgeholt.', pending: true }],
  },
  {
    by: 'A-0410',
    hoursAgo: 60,
    likedBy: ['A-REZ'],
    text: 'Liebe Nachbarinnen und Nachbarn, ab nächster Woche biete ich dienstags und donnerstags Hausaufgabenhilfe für Grundschulkinder im Gemeinschaftsraum an. Kostenlos, einfach vorbeikommen – ich freue mich auf euch und eure Kinder. Bei Fragen sprecht mich gern im Treppenhaus an oder hinterlasst eine Nachricht an der Rezeption.',
    comments: [{ by: 'A-REZ', hoursAgo: 50, text: 'Tolle Idee! Der Gemeinschaftsraum ist für Sie reserviert.' }],
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
    likedBy: ['A-REZ'],
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
    pending: true,
    text: 'Hat jemand Lust, einen Lesekreis zu gründen? Erstes Treffen nächsten Mittwoch im Gemeinschaftsraum.',
  },
  { by: 'B-0101', hoursAgo: 10, text: 'Der Steg wird am Wochenende neu gestrichen und ist gesperrt.' },
  { by: 'B-0101', hoursAgo: 50, text: 'Wer kommt mit zum Segeln am Sonntag?' },
  { by: 'B-0101', hoursAgo: 90, text: 'Die Sauna im Keller ist ab sofort wieder geöffnet.' },
];

/** Defect tickets: one in a flat being worked on, a building-wide one two neighbours share, a repaired one. */
export const tickets: {
  by: string;
  category: string;
  scope: 'apartment' | 'building';
  place?: string;
  description: string;
  hoursAgo: number;
  status: 'received' | 'in_progress' | 'done';
  followers?: string[];
  /** What the management wrote to the residents. */
  message?: string;
  consent?: boolean;
}[] = [
  {
    by: 'A-0101',
    category: 'Heizung',
    scope: 'apartment',
    description: 'Der Heizkörper im Bad tropft am Ventil, unter ihm steht eine kleine Pfütze.',
    hoursAgo: 30,
    status: 'in_progress',
    message: 'Danke für Ihre Meldung. Herr Krause schaut sich das Ventil morgen Vormittag an.',
    consent: true,
  },
  {
    by: 'A-0201',
    category: 'Aufzug',
    scope: 'building',
    place: 'Aufzug Haus A',
    description: 'Der Aufzug hält seit heute früh nicht mehr im 3. Stock; die Tür geht dort nicht auf.',
    hoursAgo: 5,
    status: 'received',
    followers: ['A-0305'],
  },
  {
    by: 'A-0102',
    category: 'Fenster & Türen',
    scope: 'apartment',
    description: 'Das Küchenfenster lässt sich nicht mehr ganz schließen.',
    hoursAgo: 120,
    status: 'done',
    message: 'Der Beschlag wurde nachgestellt.',
  },
];

/** The bookable resources of location 1 (ADR 029). */
export const bookingResources = [
  {
    name: 'Gästewohnung',
    description: 'Zwei Zimmer mit Bad im Erdgeschoss, für Besuch von Bewohnerinnen und Bewohnern.',
    house_rules: 'Bettwäsche bitte selbst mitbringen. Schlüssel an der Rezeption. Abreise bis 11 Uhr.',
    mode: 'days' as const,
    slot_minutes: 120,
    day_start: '07:00',
    day_end: '22:00',
    horizon_days: 90,
    max_length: 7,
    quota_count: 2,
    quota_period: 'month' as const,
    cancel_hours: 48,
    approval_required: false,
    fee_text: '25 € pro Nacht, bar bei der Schlüsselübergabe',
    price_per_night_cents: 2500,
    translations: {
      en: {
        name: 'Guest apartment',
        description: 'Two rooms with a bathroom on the ground floor, for residents’ visitors.',
        house_rules: 'Please bring your own bed linen. Keys at the reception. Departure by 11:00.',
        fee_text: '€25 per night, in cash when the keys are handed over',
      },
      tr: {
        name: 'Misafir dairesi',
        description: 'Zemin katta banyolu iki oda, sakinlerin misafirleri için.',
        house_rules: 'Lütfen nevresimlerinizi kendiniz getirin. Anahtarlar resepsiyonda. Ayrılış saat 11:00’e kadar.',
        fee_text: 'Gecelik 25 €, anahtar tesliminde nakit',
      },
      pl: {
        name: 'Mieszkanie gościnne',
        description: 'Dwa pokoje z łazienką na parterze, dla gości mieszkańców.',
        house_rules: 'Pościel prosimy przywieźć ze sobą. Klucze w recepcji. Wyjazd do godz. 11:00.',
        fee_text: '25 € za noc, gotówką przy przekazaniu kluczy',
      },
      uk: {
        name: 'Гостьова квартира',
        description: 'Дві кімнати з ванною на першому поверсі, для гостей мешканців.',
        house_rules: 'Постільну білизну, будь ласка, беріть із собою. Ключі на рецепції. Виїзд до 11:00.',
        fee_text: '25 € за ніч, готівкою під час передачі ключів',
      },
      ru: {
        name: 'Гостевая квартира',
        description: 'Две комнаты с ванной на первом этаже, для гостей жильцов.',
        house_rules: 'Постельное бельё, пожалуйста, привозите своё. Ключи у консьержа. Выезд до 11:00.',
        fee_text: '25 € за ночь, наличными при передаче ключей',
      },
      ar: {
        name: 'شقة الضيوف',
        description: 'غرفتان مع حمّام في الطابق الأرضي، لضيوف السكان.',
        house_rules: 'يُرجى إحضار أغطية السرير الخاصة بكم. المفاتيح لدى الاستقبال. المغادرة حتى الساعة 11:00.',
        fee_text: '25 € لليلة الواحدة، نقدًا عند تسليم المفاتيح',
      },
    },
  },
  {
    name: 'Waschküche',
    description: 'Zwei Waschmaschinen und ein Trockner im Keller.',
    house_rules: 'Flusensieb nach dem Trocknen leeren. Ruhezeit ab 22 Uhr.',
    mode: 'slots' as const,
    slot_minutes: 120,
    day_start: '07:00',
    day_end: '22:00',
    horizon_days: 14,
    max_length: 2,
    quota_count: 3,
    quota_period: 'week' as const,
    cancel_hours: 2,
    approval_required: false,
    fee_text: '',
    price_per_night_cents: null,
    translations: {
      en: {
        name: 'Laundry room',
        description: 'Two washing machines and a dryer in the basement.',
        house_rules: 'Empty the lint filter after drying. Quiet time from 22:00.',
      },
      tr: {
        name: 'Çamaşır odası',
        description: 'Bodrum katta iki çamaşır makinesi ve bir kurutma makinesi.',
        house_rules: 'Kurutmadan sonra tüy filtresini boşaltın. Saat 22:00’den itibaren sessizlik.',
      },
      pl: {
        name: 'Pralnia',
        description: 'Dwie pralki i suszarka w piwnicy.',
        house_rules: 'Po suszeniu opróżnij filtr kłaczków. Cisza nocna od 22:00.',
      },
      uk: {
        name: 'Пральня в підвалі',
        description: 'Дві пральні машини та сушарка в підвалі.',
        house_rules: 'Після сушіння очистіть фільтр від ворсу. Тиша з 22:00.',
      },
      ru: {
        name: 'Прачечная в подвале',
        description: 'Две стиральные машины и сушилка в подвале.',
        house_rules: 'После сушки очистите фильтр от ворса. Тишина с 22:00.',
      },
      ar: {
        name: 'غرفة الغسيل',
        description: 'غسالتان ومجفف في الطابق السفلي.',
        house_rules: 'يُرجى تفريغ فلتر الوبر بعد التجفيف. الهدوء من الساعة 22:00.',
      },
    },
  },
];

/**
 * The legal pages of the demo: the shipped templates with their {placeholders} filled
 * by made-up details of a made-up operator, and the operator's note replaced by one saying so.
 * They stay marked as templates (the app shows its 'Vorlage' banner) until an administrator saves.
 */
export const LEGAL_DEMO_NOTE =
  '> **Demo-Inhalt.** Diese Installation zeigt erfundene Beispieldaten: Die Angaben auf dieser Seite gehören zu keiner echten Hausverwaltung.';
export const legalDemoValues = (date: string): Record<string, string> => ({
  '{Name des Betreibers mit Rechtsform, z. B. „Muster Hausverwaltung GmbH“}': 'Beispiel Hausverwaltung GmbH',
  '{Name des Betreibers}': 'Beispiel Hausverwaltung GmbH',
  '{Straße und Hausnummer}': 'Parkallee 12',
  '{Postleitzahl und Ort}': '10115 Berlin',
  '{Anschrift}': 'Parkallee 12, 10115 Berlin',
  '{Vor- und Nachname der vertretungsberechtigten Person, z. B. Geschäftsführer:in}':
    'Erika Beispiel (Geschäftsführerin)',
  '{Vor- und Nachname}': 'Erika Beispiel',
  '{Anschrift, wenn sie von der oben genannten abweicht}': 'Anschrift wie oben',
  '{Telefonnummer}': '+49 30 9876 5400',
  '{E-Mail-Adresse}': DEMO_MANAGER,
  '{E-Mail-Adresse der Hausverwaltung}': DEMO_MANAGER,
  '{Amtsgericht}': 'Amtsgericht Charlottenburg',
  '{z. B. HRB 12345}': 'HRB 000000 B (erfunden)',
  '{DE123456789}': 'DE000000000 (erfunden)',
  '{Nur für Wohnimmobilienverwalter: Erlaubnis nach § 34c Abs. 1 Satz 1 Nr. 4 GewO, erteilt durch {zuständige Behörde mit Anschrift}. Sonst streichen.}':
    'Erlaubnis nach § 34c Abs. 1 Satz 1 Nr. 4 GewO, erteilt durch das Bezirksamt Mitte von Berlin (erfunden).',
  '{Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen. – Vom Betreiber zu prüfen (§ 36 Verbraucherstreitbeilegungsgesetz).}':
    'Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen.',
  '{Nur wenn benannt: Unsere Datenschutzbeauftragte oder unseren Datenschutzbeauftragten erreichen Sie unter {Kontakt}.}':
    'Unseren Datenschutzbeauftragten erreichen Sie unter datenschutz@example.org.',
  '{Anzahl}': '14',
  '{Dauer, z. B. ein Jahr}': 'ein Jahr',
  '{Name des E-Mail-Dienstleisters oder „unseren eigenen Mailserver“}': 'unseren eigenen Mailserver',
  '{Name und Sitz des Hosting-Anbieters}': 'der Beispiel Rechenzentrum GmbH in Frankfurt am Main (erfunden)',
  '{Gesetzliche Aufbewahrungsfristen, z. B. für Schadensmeldungen, ergänzen.}':
    'Schadensmeldungen bewahren wir wegen der Gewährleistung bis zu drei Jahre nach ihrem Abschluss auf.',
  '{der für den Betreiber zuständigen Landesdatenschutzbehörde mit Anschrift}':
    'der Berliner Beauftragten für Datenschutz und Informationsfreiheit, Alt-Moabit 59–61, 10555 Berlin',
  '{Datum der Erstellung}': date,
  '{Datum der letzten Überprüfung}': date,
  '{Datum}': date,
  '{zwei Wochen}': 'zwei Wochen',
});
