import type { Page } from '@playwright/test';
import { Api } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { APP_NAME, DEMO_PASSWORD, MANAGER_LOGIN } from '../support/env';
import { expectFocusOn, expectFocusVisible, focused, tabs, tabTo } from '../support/keyboard';
import { expect, expectPath, test } from '../support/test';

// The journeys the accessibility statement ('Erklärung zur Barrierefreiheit') cites,
// each done with the keyboard alone (Tab, Shift+Tab, Enter, Space, arrow keys, Escape; text typed
// into the focused field), in the resident app at 375 px and the back office at 1024 px. Each
// checks the focus order (as `role "name"` from Chromium's accessibility tree), that every focus
// can be seen, where the focus lands after an action, and axe on every screen on the way.

const unique = (text: string) => `${text} (E2E ${Date.now().toString(36)})`;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The focused element, for Playwright's own role and name checks. */
const focus = (page: Page) => page.locator(':focus');

/** The sign-in's focus order at /login (login-page.tsx, the header's logo, legal-links.tsx). */
const LOGIN_ORDER = [
  'link "Zum Inhalt springen"',
  `link "${APP_NAME}"`,
  'combobox "Sprache"',
  'textbox "Benutzername"',
  'textbox "Passwort"',
  'button "Passwort anzeigen"',
  'button "Anmelden"',
  'link "Passwort vergessen?"',
  'link "Impressum"',
  'link "Datenschutz"',
  'link "Barrierefreiheit"',
];

/** Signs a resident in with the keyboard; the focus then rests on the home screen's heading. */
async function keyboardLogin(page: Page, apartment: string): Promise<void> {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Anmelden', exact: true })).toBeVisible();
  await tabTo(page, /^textbox "Benutzername"$/);
  await page.keyboard.type(apartment);
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expectPath(page, '/', 15_000);
  await expectFocusOn(page, 'heading "Residenz am Stadtpark"');
}

test.describe('resident app at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('signs in: the focus order, a refused password read out where the focus goes, then the home screen', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Anmelden', exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/login');

    expect(await tabs(page, LOGIN_ORDER.length)).toEqual(LOGIN_ORDER);
    // Back the same way.
    expect(await tabs(page, LOGIN_ORDER.length - 1, 'Shift+Tab')).toEqual(LOGIN_ORDER.slice(0, -1).reverse());
    await expect(focus(page)).toHaveAccessibleName('Zum Inhalt springen');

    // The skip link leads past the header and the language switch into the content.
    await page.keyboard.press('Enter');
    await expect(focus(page)).toHaveAttribute('id', 'main');
    await tabTo(page, /^textbox "Benutzername"$/);
    await expect(focus(page)).toHaveRole('textbox');
    await expect(focus(page)).toHaveAccessibleName('Benutzername');
    await page.keyboard.type('A-0101');
    await page.keyboard.press('Tab');
    await page.keyboard.type('kein-Passwort');
    // Space on 'Passwort anzeigen' shows what was typed, and says so.
    await page.keyboard.press('Tab');
    await expect(focus(page)).toHaveAccessibleName('Passwort anzeigen');
    await page.keyboard.press('Space');
    await expect(page.getByLabel('Passwort', { exact: true })).toHaveAttribute('type', 'text');
    await expect(focus(page)).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Space');
    await expect(page.getByLabel('Passwort', { exact: true })).toHaveAttribute('type', 'password');

    // A refused password: the focus goes to the message under the field, which names the problem.
    await page.keyboard.press('Tab');
    await expect(focus(page)).toHaveAccessibleName('Anmelden');
    await page.keyboard.press('Enter');
    await expect(focus(page)).toHaveText('Das Passwort ist falsch, bitte überprüfen Sie die Schreibweise');
    await expect(page.getByLabel('Passwort', { exact: true })).toHaveAccessibleDescription(/Das Passwort ist falsch/);
    await expectNoSeriousA11yViolations(page, '/login with a refused password');

    // Back to the field, the wrong password replaced, and Enter signs in.
    await tabTo(page, /^textbox "Passwort"$/, { key: 'Shift+Tab', max: 3 });
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await expectPath(page, '/', 15_000);

    // The home screen takes the focus on its heading, not <body>; Tab goes on into its content.
    await expectFocusOn(page, 'heading "Residenz am Stadtpark"');
    await expect(focus(page)).toHaveRole('heading');
    await expectNoSeriousA11yViolations(page, 'home');
    // The emergency button first; notices, parcels and the problems in the house (their number
    // depends on what other journeys left) before 'Schaden melden' and 'Buchen'.
    expect(await tabs(page, 1)).toEqual(['link "Notruf: Notdienst Rund um die Uhr – öffnet die Kontaktseite"']);
    await tabTo(page, /^link "Schaden melden Defekt in Wohnung oder Haus, mit Fotos"$/, { max: 12 });
    expect(await tabs(page, 1)).toEqual(['link "Buchen"']);
    // Back up past the heading (not a Tab stop itself): the header's profile button, logo, skip link.
    await tabTo(page, /^link "Notruf: Notdienst Rund um die Uhr – öffnet die Kontaktseite"$/, {
      key: 'Shift+Tab',
      max: 14,
    });
    expect(await tabs(page, 3, 'Shift+Tab')).toEqual([
      'link "Mein Profil"',
      'link "Logo Residenz am Stadtpark"',
      'link "Zum Inhalt springen"',
    ]);
  });

  test('reads a post: home, the Pinnwand tile, the post, and its report dialog closed with Escape', async ({
    page,
  }) => {
    // The newest approved post: on the blackboard's first page, after the reader's own pending posts.
    const text = unique('Der Fahrradkeller ist ab Montag wieder offen.');
    await (await Api.login('A-REZ')).post('/api/messages/', { text });
    await (await Api.manager()).approvePendingPost(text);

    await keyboardLogin(page, 'A-0101');
    const toBoard = await tabTo(page, /^link "Pinnwand/);
    // The tiles come after the news, in the grid's order.
    expect(toBoard.slice(-3)).toEqual(['link "Wichtige Telefonnummern"', 'link "Rezeption"', toBoard.at(-1)]);
    await page.keyboard.press('Enter');
    await expectPath(page, '/blackboard');
    await expectFocusOn(page, 'heading "Pinnwand"');
    await expectNoSeriousA11yViolations(page, '/blackboard');

    // Each post's text is its link, and the posts are the first stops after the heading.
    const toPost = await tabTo(page, new RegExp(`^link "${escapeRegExp(text)}"$`));
    expect(toPost.every((stop) => stop.startsWith('link "'))).toBe(true);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/messages\/view\/\d+$/);
    await expectFocusOn(page, 'heading "Pinnwand"');
    await expect(page.getByRole('main').getByRole('article')).toContainText(text);
    await expectNoSeriousA11yViolations(page, 'a post');
    expect(await tabs(page, 1)).toEqual(['button "Inhalt melden: Beitrag von Clara Rezeption"']);

    // 'Inhalt melden' opens a modal dialog that holds the focus; Escape closes it and the focus returns.
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Inhalt melden' });
    await expect(dialog).toBeVisible();
    // The dialog opens on its close button; Tab goes round inside it.
    await expectFocusOn(page, 'button "Schließen"');
    await expectNoSeriousA11yViolations(page, 'the report dialog');
    const DIALOG_ORDER = [
      'radio "Rechtswidriger Inhalt"',
      'textbox "Weitere Angaben (optional)"',
      'button "Hinweis senden"',
      'button "Schließen"',
    ];
    const inside: string[] = [];
    for (let i = 0; i < 10 && inside.length < 2 * DIALOG_ORDER.length; i++) {
      await page.keyboard.press('Tab');
      // Chromium lets Tab leave a modal dialog for the browser's own controls (body here), never for the page.
      if ((await dialog.locator(':focus').count()) === 0) {
        expect(await focused(page)).toBe('body');
        continue;
      }
      inside.push(await focused(page));
      await expectFocusVisible(page);
    }
    expect(inside).toEqual([...DIALOG_ORDER, ...DIALOG_ORDER]);
    // Sent without a reason: the message stands at the reasons and the focus goes to the first one.
    await tabTo(page, /^button "Hinweis senden"$/, { max: 6 });
    await page.keyboard.press('Enter');
    await expect(dialog.getByText('Bitte wählen Sie einen Grund.')).toBeVisible();
    await expectFocusOn(page, 'radio "Rechtswidriger Inhalt"');
    await expect(page.getByRole('radio', { name: 'Rechtswidriger Inhalt' })).toHaveAccessibleDescription(
      'Bitte wählen Sie einen Grund.',
    );
    await expectNoSeriousA11yViolations(page, 'the report dialog without a reason');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expectFocusOn(page, 'button "Inhalt melden: Beitrag von Clara Rezeption"');
  });

  test('sends a provider request: Dienstleistungen, the Hausmeister, the form, the confirmation', async ({ page }) => {
    await keyboardLogin(page, 'A-0101');
    await tabTo(page, /^link "Dienstleistungen"$/);
    await page.keyboard.press('Enter');
    await expectPath(page, '/services');
    await expectFocusOn(page, 'heading "Dienstleistungen"');
    await expectNoSeriousA11yViolations(page, '/services');
    expect(await tabs(page, 6)).toEqual([
      'link "Rezeption"',
      'link "Notdienst"',
      'link "Hausmeister"',
      'link "Reinigung"',
      'link "Wäscherei"',
      'link "Verwaltung"',
    ]);

    await tabTo(page, /^link "Hausmeister"$/, { key: 'Shift+Tab', max: 4 });
    await page.keyboard.press('Enter');
    await expectPath(page, '/services/14?fd=1');
    await expectFocusOn(page, 'heading "Hausmeister"');
    await expectNoSeriousA11yViolations(page, 'the Hausmeister');
    // 'Anfrage absenden' is disabled, so out of the order, while the request is empty.
    expect(await tabs(page, 2)).toEqual(['link "krause@hausmeister.example.org"', 'textbox "Ihre Anfrage"']);
    await page.keyboard.type(unique('Im Bad tropft der Wasserhahn, bitte kommen Sie vorbei.'));
    expect(await tabs(page, 1)).toEqual(['button "Anfrage absenden"']);
    await page.keyboard.press('Enter');

    // The confirmation takes the focus, so a screen reader reads it once.
    await expect(focus(page)).toContainText(
      'Vielen Dank für Ihre Anfrage. Sie wird an Hausmeisterservice Krause weitergeleitet.',
    );
    await expectNoSeriousA11yViolations(page, 'the request sent');
    expect(await tabs(page, 2)).toEqual(['link "Meine Anfragen ansehen"', 'button "Neue Anfrage schicken"']);
  });

  test('reports a defect: Schaden melden, the refused empty form, arrow keys and Space, the new ticket', async ({
    page,
  }) => {
    await keyboardLogin(page, 'A-0101');
    expect(await tabs(page, 1)).toEqual(['link "Notruf: Notdienst Rund um die Uhr – öffnet die Kontaktseite"']);
    // Past the problems in the house ('Betrifft mich auch') to 'Schaden melden'.
    await tabTo(page, /^link "Schaden melden Defekt in Wohnung oder Haus, mit Fotos"$/, { max: 12 });
    await page.keyboard.press('Enter');
    await expectPath(page, '/tickets/new');
    await expectFocusOn(page, 'heading "Schaden melden"');
    const category = page.getByLabel('Was ist betroffen?');
    await expect(category).toBeEnabled();
    await expectNoSeriousA11yViolations(page, '/tickets/new');
    const FORM_ORDER = [
      'combobox "Was ist betroffen?"',
      'radio "In meiner Wohnung"',
      'textbox "Beschreibung"',
      'button "Fotos hinzufügen"',
      'checkbox "Meine Kontaktdaten dürfen an den beauftragten Handwerker weitergegeben werden"',
      'button "Meldung senden"',
    ];
    // The radio group is one stop; its buttons are chosen with the arrow keys.
    expect(await tabs(page, FORM_ORDER.length)).toEqual(FORM_ORDER);

    // Sent empty: the focus goes to the first field to fix, which reads its message with it.
    await page.keyboard.press('Enter');
    await expectFocusOn(page, 'combobox "Was ist betroffen?"');
    await expect(focus(page)).toHaveAccessibleDescription(/Bitte wählen Sie aus, was betroffen ist\./);
    await expect(page.getByText('Bitte prüfen Sie 3 Angaben.')).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/tickets/new with errors');

    // A closed select changes with the arrow keys; 'Heizung' is the first category.
    await page.keyboard.press('ArrowDown');
    await expect(category).toHaveValue(/\d+/);
    await expect(category.locator('option:checked')).toHaveText('Heizung');
    await expect(
      page.getByText(/Bei Wasserrohrbruch oder Stromausfall sofort den Notdienst anrufen\. Bei Gasgeruch/),
    ).toBeVisible();

    // The place: arrow keys move between the radio buttons and choose; 'Im Haus' asks where.
    await tabTo(page, /^radio "In meiner Wohnung"$/, { max: 3 });
    await page.keyboard.press('Space');
    await expect(focus(page)).toBeChecked();
    await page.keyboard.press('ArrowDown');
    await expectFocusOn(page, 'radio "Im Haus / Gemeinschaftsfläche"');
    await expect(focus(page)).toBeChecked();
    await expect(page.getByLabel('Ort im Haus')).toBeVisible();
    await page.keyboard.press('ArrowUp');
    await expectFocusOn(page, 'radio "In meiner Wohnung"');
    await expect(focus(page)).toBeChecked();

    expect(await tabs(page, 1)).toEqual(['textbox "Beschreibung"']);
    const description = unique('Der Heizkörper im Schlafzimmer bleibt kalt.');
    await page.keyboard.type(description);
    expect(await tabs(page, 2)).toEqual([FORM_ORDER[3], FORM_ORDER[4]]);
    await page.keyboard.press('Space');
    await expect(focus(page)).toBeChecked();
    // The phone number is asked for once the consent is given.
    expect(await tabs(page, 2)).toEqual(['textbox "Telefonnummer für den Handwerker (optional)"', FORM_ORDER[5]]);
    await page.keyboard.press('Enter');

    // The new ticket's page takes the focus on its heading and says the report arrived.
    await expect(page).toHaveURL(/\/tickets\/\d+$/, { timeout: 20_000 });
    await expectFocusOn(page, /^heading "Meldung( \d{4}-\d{6})?"$/);
    await expect(page.getByText(/^Ihre Meldung \d{4}-\d{6} ist eingegangen\.$/)).toBeVisible();
    await expect(focus(page)).toHaveText(/^Meldung \d{4}-\d{6}$/);
    await expect(page.getByText(description)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the new ticket');
  });
});

test.describe('back office at 1024 px', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('a manager approves a post: sign-in, Moderation, the tabs with arrow keys, Freigeben', async ({ page }) => {
    const text = unique('Wer leiht mir am Samstag eine Leiter?');
    await (await Api.login('A-0101')).post('/api/messages/', { text });

    await page.goto('/admin/login');
    await expect(page.getByRole('button', { name: 'Anmelden', exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/admin/login');
    expect(await tabs(page, 3)).toEqual(['textbox "E-Mail"', 'textbox "Passwort"', 'button "Anmelden"']);
    await tabTo(page, /^textbox "E-Mail"$/, { key: 'Shift+Tab', max: 2 });
    await page.keyboard.type(MANAGER_LOGIN);
    await page.keyboard.press('Tab');
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');

    // Sign-in opens 'Übersicht' with the focus on its heading.
    await expectPath(page, '/admin/uebersicht', 15_000);
    await expectFocusOn(page, 'heading "Übersicht"');
    await expectNoSeriousA11yViolations(page, '/admin/uebersicht');
    // The top bar and the sidebar come first, from the skip link.
    await tabTo(page, /^link "Zum Inhalt springen"$/, { key: 'Shift+Tab' });
    expect(await tabs(page, 6)).toEqual([
      'combobox "Standort"',
      'link "Mein Konto"',
      'button "Abmelden"',
      'link "Übersicht"',
      expect.stringMatching(/^link "Moderation( \d+ offen)?"$/),
      expect.stringMatching(/^link "Meldungen( \d+ neu)?"$/),
    ]);
    await tabTo(page, /^link "Moderation/, { key: 'Shift+Tab', max: 1 });
    await page.keyboard.press('Enter');
    await expectPath(page, '/admin/moderation');
    // The sidebar link stays and keeps the focus, now marked as the current page.
    await expect(focus(page)).toHaveAttribute('aria-current', 'page');

    const row = page.getByRole('row').filter({ hasText: text });
    await expect(row).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/admin/moderation');
    // On through the sidebar into the queue: the tab list is one stop, then the table.
    await tabTo(page, /^tab "Beiträge \d+"$/);
    expect(await tabs(page, 4)).toEqual([
      'checkbox "Alle auf dieser Seite auswählen"',
      expect.stringMatching(/^checkbox "Beitrag von .+ auswählen"$/),
      expect.stringMatching(/^button "Freigeben: Beitrag von .+"$/),
      expect.stringMatching(/^button "Ablehnen: Beitrag von .+"$/),
    ]);

    // The tabs follow the arrow keys (WAI-ARIA tabs): right to 'Kommentare', left back.
    await tabTo(page, /^tab "Beiträge \d+"$/, { key: 'Shift+Tab', max: 4 });
    await page.keyboard.press('ArrowRight');
    await expectFocusOn(page, /^tab "Kommentare \d+"$/);
    await expect(focus(page)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowLeft');
    await expectFocusOn(page, /^tab "Beiträge \d+"$/);
    await expect(row).toBeVisible();

    // Freigeben on this post's row; the focus goes on to a remaining row's first decision button.
    const approve = `button "Freigeben: Beitrag von Anna Beispiel: ${text.slice(0, 30)}`;
    await tabTo(page, new RegExp(`^${escapeRegExp(approve)}`), { max: 60 });
    await expect(focus(page)).toHaveRole('button');
    await page.keyboard.press('Enter');
    await expect(row).toHaveCount(0);
    await expect(page.getByText('Freigegeben.', { exact: true })).toBeVisible();
    await expectFocusOn(page, /^button "Freigeben: Beitrag von /);
    await expectFocusVisible(page);
    await expectNoSeriousA11yViolations(page, '/admin/moderation after approving');
    expect((await (await Api.manager()).adminMessages('approved')).some((m) => m.text === text)).toBe(true);
  });
});
