import type { Page } from '@playwright/test';
import { expect } from './test';

/**
 * 1024 px is a first-class width of the back office. What a screen must hold at a
 * width: the page never scrolls sideways, and every visible control is at least 24×24 CSS px
 * (WCAG 2.2, 2.5.8), apart from the criterion's inline exception (a link inside a sentence).
 */
export interface LayoutReport {
  /** How many CSS px the page is wider than the window (≤ 0 is fine). */
  overflow: number;
  /** Elements that widen the page, as `tag.class` with their right edge. */
  wide: string[];
  /** Boxes inside the page that scroll sideways (a table hiding its last columns), with how far. */
  boxes: string[];
  /** Controls under 24×24 px: '“name” (button) 80×19'. */
  small: string[];
}

/** What a user can click, tap or tab to. */
const CONTROLS = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'summary',
  '[role="button"]',
  '[role="link"]',
  '[role="tab"]',
  '[role="checkbox"]',
  '[role="radio"]',
  '[role="switch"]',
  '[role="combobox"]',
  '[role="option"]',
  '[role="menuitem"]',
].join(',');

/** Runs in the page; kept free of closures over Node values. */
function inspect(selector: string): LayoutReport {
  const root = document.documentElement;
  const overflow = root.scrollWidth - root.clientWidth;
  const width = root.clientWidth;

  const wide: string[] = [];
  if (overflow > 0) {
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const r = el.getBoundingClientRect();
      if (r.right > width + 0.5 && r.width > 0) {
        // Only the outermost culprit of each branch, so the message stays short.
        const parent = el.parentElement;
        if (parent && parent.getBoundingClientRect().right > width + 0.5) continue;
        const cls = typeof el.className === 'string' && el.className ? `.${el.className.split(/\s+/).join('.')}` : '';
        wide.push(`${el.tagName.toLowerCase()}${cls} reaches ${Math.round(r.right)} px`);
      }
    }
  }

  // A table in its own scroll box does not widen the page, but hides its last columns (it cut
  // off the edit column of 'Bewohner:innen' once); a text field scrolling its own text is fine.
  const boxes: string[] = [];
  for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
    if (el instanceof HTMLTextAreaElement || el instanceof HTMLInputElement || el instanceof HTMLSelectElement)
      continue;
    const ox = getComputedStyle(el).overflowX;
    if ((ox === 'auto' || ox === 'scroll') && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) {
      const name = el.querySelector('caption')?.textContent ?? el.getAttribute('aria-label') ?? '';
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.split(/\s+/).join('.')}` : '';
      boxes.push(
        `${el.tagName.toLowerCase()}${cls}${name ? ` “${name}”` : ''} by ${el.scrollWidth - el.clientWidth} px`,
      );
    }
  }

  const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
  const nameOf = (el: HTMLElement): string => {
    const label = el.getAttribute('aria-label');
    if (label) return label;
    const by = el.getAttribute('aria-labelledby');
    if (by)
      return by
        .split(/\s+/)
        .map((id) => text(document.getElementById(id)))
        .join(' ');
    const labels = (el as HTMLInputElement).labels;
    if (labels && labels.length > 0) return text(labels[0]);
    return text(el) || el.getAttribute('title') || el.getAttribute('placeholder') || el.getAttribute('name') || '';
  };
  const visible = (el: HTMLElement): boolean => {
    if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
    // A visually hidden text (clip to 1 px) is no target.
    if (el.closest('.visually-hidden, .sr-only')) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  /** A link inside a sentence: inline, with words of running text beside it in the same block. */
  const inlineInText = (el: HTMLElement): boolean => {
    if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
    let block = el.parentElement;
    while (block && getComputedStyle(block).display === 'inline') block = block.parentElement;
    if (!block) return false;
    const all = text(block);
    return all.length > text(el).length + 3;
  };

  const small: string[] = [];
  const seen = new Set<Element>();
  for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
    if (seen.has(el)) continue;
    seen.add(el);
    // A checkbox or radio counts by its hit area: the box together with its label(s).
    const labels = el instanceof HTMLInputElement && el.labels ? Array.from(el.labels) : [];
    const parts = [el, ...labels].filter(visible);
    if (parts.length === 0) continue;
    labels.forEach((l) => seen.add(l));
    const rects = parts.map((p) => p.getBoundingClientRect());
    const w = Math.max(...rects.map((r) => r.right)) - Math.min(...rects.map((r) => r.left));
    const h = Math.max(...rects.map((r) => r.bottom)) - Math.min(...rects.map((r) => r.top));
    // Half a pixel for sub-pixel layout.
    if (w >= 23.5 && h >= 23.5) continue;
    if (inlineInText(el)) continue;
    const role =
      el.getAttribute('role') ?? (el instanceof HTMLInputElement ? `input ${el.type}` : el.tagName.toLowerCase());
    small.push(`“${nameOf(el).slice(0, 60)}” (${role}) ${Math.round(w)}×${Math.round(h)}`);
  }
  return { overflow, wide: wide.slice(0, 8), boxes, small };
}

/** Measures the current screen (see `LayoutReport`). */
export function layoutReport(page: Page): Promise<LayoutReport> {
  return page.evaluate(inspect, CONTROLS);
}

/** Asserts (softly, so every screen is checked) that the screen fits the window and its controls are ≥ 24 px. */
export async function expectFits(page: Page, screen: string, options: { targets?: boolean } = {}): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  const report = await layoutReport(page);
  expect
    .soft(
      report.overflow,
      `${screen} at ${width} px scrolls sideways by ${report.overflow} px: ${report.wide.join('; ')}`,
    )
    .toBeLessThanOrEqual(0);
  expect.soft(report.boxes, `${screen} at ${width} px has parts that scroll sideways`).toEqual([]);
  if (options.targets !== false)
    expect
      .soft(report.small, `${screen} at ${width} px has controls under 24×24 px:\n  ${report.small.join('\n  ')}`)
      .toEqual([]);
}

/** The href of the first link in <main> whose path matches, e.g. a row's 'Bearbeiten'. */
export async function firstLink(page: Page, path: RegExp): Promise<string> {
  const main = page.getByRole('main');
  await expect(main.locator('a[href]').first()).toBeVisible();
  const hrefs = await main
    .locator('a[href]')
    .evaluateAll((links) =>
      links.map((a) => new URL((a as HTMLAnchorElement).href).pathname + (a as HTMLAnchorElement).search),
    );
  const href = hrefs.find((h) => path.test(h.split('?')[0]!));
  if (!href) throw new Error(`no link matching ${path} on ${page.url()}`);
  return href;
}

function openTab(name: RegExp) {
  return async (page: Page) => {
    await page.getByRole('tab', { name }).click();
    await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
  };
}

/** One back-office screen to measure. */
export interface AdminScreen {
  name: string;
  /** The path, or how to find it on the page first opened (e.g. the first row's 'Bearbeiten'). */
  path: string | { from: string; link: RegExp };
  /** After loading: open a dialog, a tab. */
  then?: (page: Page) => Promise<void>;
  /** A screen still being built: skipped (with a note) while the app sends its path elsewhere. */
  optional?: boolean;
}

/**
 * Every back-office screen with the demo data, list and at least one form or detail of each kind.
 * A new screen is one line here (shell/nav.ts and shell/admin-routes.tsx list them all).
 */
export const ADMIN_SCREENS: AdminScreen[] = [
  { name: 'Übersicht', path: '/admin/uebersicht', optional: true },
  { name: 'Moderation: Beiträge', path: '/admin/moderation' },
  { name: 'Moderation: Kommentare', path: '/admin/moderation', then: openTab(/^Kommentare/) },
  { name: 'Moderation: Gemeldete Inhalte', path: '/admin/moderation', then: openTab(/^Gemeldete Inhalte/) },
  { name: 'Meldungen', path: '/admin/tickets' },
  { name: 'Meldungen: Board', path: '/admin/tickets/board' },
  { name: 'Meldung', path: { from: '/admin/tickets', link: /^\/admin\/tickets\/\d+$/ } },
  { name: 'Meldungen: Kategorien', path: '/admin/tickets/categories' },
  { name: 'Meldungen: Kennzahlen', path: '/admin/tickets/stats' },
  { name: 'Meldung erfassen', path: '/admin/tickets/new' },
  { name: 'Aushänge', path: '/admin/notices' },
  { name: 'Neuer Aushang', path: '/admin/notices/new' },
  { name: 'Aushang bearbeiten', path: { from: '/admin/notices', link: /^\/admin\/notices\/\d+$/ } },
  { name: 'Anfragen', path: '/admin/requests' },
  {
    name: 'Anfrage (Dialog)',
    path: '/admin/requests',
    then: async (page) => {
      const open = page
        .getByRole('main')
        .getByRole('button', { name: /Anfrage/ })
        .first();
      if ((await open.count()) === 0) return;
      await open.click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  { name: 'Bewohner:innen', path: '/admin/residents' },
  { name: 'Neue:r Bewohner:in', path: '/admin/residents/new' },
  { name: 'Bewohner:in bearbeiten', path: { from: '/admin/residents', link: /^\/admin\/residents\/\d+$/ } },
  { name: 'CSV-Import', path: '/admin/residents/import' },
  { name: 'Dokumente', path: '/admin/documents' },
  { name: 'Dokument hochladen', path: '/admin/documents/new' },
  { name: 'Telefonnummern', path: '/admin/phones' },
  { name: 'Dienste & Anbieter', path: '/admin/services' },
  { name: 'Neuer Dienst', path: '/admin/services/new' },
  { name: 'Dienst bearbeiten', path: { from: '/admin/services', link: /^\/admin\/services\/\d+$/ } },
  {
    name: 'Anbieter bearbeiten',
    path: { from: '/admin/services', link: /^\/admin\/services\/\d+$/ },
    then: async (page) => {
      await page.goto(await firstLink(page, /^\/admin\/services\/\d+\/providers\/\d+$/));
    },
  },
  {
    name: 'Neuer Anbieter',
    path: { from: '/admin/services', link: /^\/admin\/services\/\d+$/ },
    then: async (page) => {
      await page.goto(await firstLink(page, /^\/admin\/services\/\d+\/providers\/new$/));
    },
  },
  { name: 'Standorte', path: '/admin/locations' },
  { name: 'Standort-Einstellungen', path: { from: '/admin/locations', link: /^\/admin\/locations\/\d+$/ } },
  { name: 'E-Mails', path: '/admin/emails' },
  { name: 'E-Mail', path: { from: '/admin/emails', link: /^\/admin\/emails\/\d+$/ } },
  { name: 'Protokoll', path: '/admin/audit' },
  { name: 'Zwei-Faktor-Anmeldung', path: '/admin/zwei-faktor' },
  { name: 'Mein Konto', path: '/admin/konto' },
  { name: 'Pakete', path: '/admin/pakete' },
  { name: 'Buchungen zur Freigabe', path: '/admin/buchungen' },
  { name: 'Buchungskalender', path: '/admin/buchungen/kalender' },
  {
    name: 'Buchungskalender: nächste Woche',
    path: '/admin/buchungen/kalender',
    then: async (page) => {
      await page.getByRole('button', { name: 'Nächste Woche' }).click();
      await expect(page.getByRole('table', { name: /^Buchungen vom/ })).toBeVisible();
    },
  },
  { name: 'Räume und Geräte', path: '/admin/buchungen/ressourcen' },
  { name: 'Neuer Raum oder neues Gerät', path: '/admin/buchungen/ressourcen/neu' },
  {
    name: 'Raum oder Gerät bearbeiten',
    path: { from: '/admin/buchungen/ressourcen', link: /^\/admin\/buchungen\/ressourcen\/\d+$/ },
  },
  { name: 'Auslastung', path: '/admin/buchungen/auslastung' },
  // The legal pages (a manager sees them read-only).
  { name: 'Rechtliche Seiten', path: '/admin/rechtliches' },
  { name: 'Rechtliche Seite ansehen', path: '/admin/rechtliches/barrierefreiheit' },
];

/**
 * The screens only an administrator opens (the manager of ADMIN_SCREENS is sent away from them),
 * measured signed in as the demo administrator (DEMO_ADMIN).
 */
export const ADMINISTRATOR_SCREENS: AdminScreen[] = [
  // API keys and webhooks.
  { name: 'Schnittstellen', path: '/admin/schnittstellen' },
  {
    name: 'Neuer API-Schlüssel (Dialog)',
    path: '/admin/schnittstellen',
    then: async (page) => {
      await page.getByRole('button', { name: 'Neuer API-Schlüssel' }).first().click();
      await expect(page.getByRole('dialog', { name: 'Neuer API-Schlüssel' })).toBeVisible();
    },
  },
];

/** Opens a screen of `ADMIN_SCREENS`; false when an optional one does not exist yet. */
export async function openScreen(page: Page, screen: AdminScreen): Promise<boolean> {
  const start = typeof screen.path === 'string' ? screen.path : screen.path.from;
  await page.goto(start);
  if (screen.optional && !new URL(page.url()).pathname.startsWith(start)) return false;
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  if (typeof screen.path !== 'string') await page.goto(await firstLink(page, screen.path.link));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle').catch(() => undefined);
  if (screen.optional && !new URL(page.url()).pathname.startsWith(start)) return false;
  await screen.then?.(page);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  return true;
}
