// Journeys 3–5 share the blackboard of location 1 and run in this order on one worker's server:
// the new post of the last one changes the page counts the first one checks.
import { Api, formatTimestamp, type AdminMessage } from '../support/api';
import { PAGE_SIZE, PREVIEW_LENGTH as PREVIEW } from '@hausportal/contract';
import { login } from '../support/auth';
import { makeOversize, makePdf, makePng } from '../support/files';
import { attachFiles, buttonOrLink, posts } from '../support/ui';
import { expect, expectPath, heading, settle, test } from '../support/test';

/** A count as a whole number, whatever text sits next to it ('3Likes', '3 Likes'). */
const count = (n: number) => new RegExp(`(^|\\D)${n}(\\D|$)`);

/** Approved posts of location 1, newest first, as the manager sees them. */
async function approvedPostsOfLocation1(): Promise<AdminMessage[]> {
  const manager = await Api.manager();
  try {
    return (await manager.adminMessages('approved')).filter((m) => m.location_id === 1);
  } finally {
    await manager.dispose();
  }
}

test('blackboard: 10 posts per page newest first, long posts cut at 150 characters, the detail shows full text and time', async ({
  page,
}) => {
  const approved = await approvedPostsOfLocation1();
  expect(approved.length, 'demo data has two pages of posts').toBeGreaterThan(PAGE_SIZE);
  const long = approved.find((m) => m.text.length > PREVIEW && !m.text.includes('\n'));
  if (!long) throw new Error('demo data lacks a one-line post longer than 150 characters');

  // A-0102 has no pending post of their own, so the pages hold exactly the approved ones.
  await login(page, 'A-0102');
  await page.goto('/blackboard');
  await expect(heading(page, 'Pinnwand')).toBeVisible();
  await expect(posts(page)).toHaveCount(PAGE_SIZE);
  await expect(posts(page).first()).toContainText(approved[0]!.text.split('\n')[0]!);
  // 'Neuer Beitrag' is for receptionists only.
  await settle(page);
  await expect(buttonOrLink(page, 'Neuer Beitrag')).toHaveCount(0);

  const card = posts(page).filter({ hasText: long.text.slice(0, 40) });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(`${long.text.slice(0, PREVIEW).trimEnd()}…`);
  await expect(card).not.toContainText(long.text.slice(PREVIEW + 5));

  await page.goto('/blackboard/2');
  await expect(heading(page, 'Pinnwand')).toBeVisible();
  await expect(posts(page)).toHaveCount(approved.length - PAGE_SIZE);
  await expect(posts(page).last()).toContainText(approved[approved.length - 1]!.text.split('\n')[0]!);

  await page.goto('/blackboard');
  await card.getByText(long.text.slice(0, 40)).click();
  await expectPath(page, `/messages/view/${long.id}`);
  await expect(heading(page, 'Pinnwand')).toBeVisible();
  await expect(page.getByText(long.text, { exact: true })).toBeVisible();
  await expect(page.getByText(formatTimestamp(long.created_at))).toBeVisible();
});

test('receptionist likes a post and comments on it; a resident sees no like or comment controls', async ({
  page,
  browser,
}) => {
  const rez = await Api.login('A-REZ');
  const target = (await rez.messages(1)).results.find(
    (m) => m.status === 'approved' && !m.self_liked && !m.self_commented,
  );
  if (!target) throw new Error('no approved post on page 1 that A-REZ has neither liked nor commented');

  await login(page, 'A-REZ');
  await page.goto(`/messages/view/${target.id}`);
  await expect(heading(page, 'Pinnwand')).toBeVisible();
  await expect(page.getByRole('main').getByText(target.text.split('\n')[0]!)).toBeVisible();

  // Wider than 500 px, so the controls carry their labels next to the counts.
  const likeButton = page
    .getByRole('main')
    .getByRole('button')
    .filter({ hasText: /Likes?/ });
  await expect(likeButton).toHaveCount(1);
  await expect(likeButton).toContainText(count(target.like_count));
  // The comment control may be a button or a link to the #newComment form.
  const main = page.getByRole('main');
  const commentControl = main
    .getByRole('button')
    .or(main.getByRole('link'))
    .filter({ hasText: /Kommentare?\b/ });
  await expect(commentControl).toContainText(count(target.comment_count));
  await likeButton.click();
  await expect(likeButton).toContainText(count(target.like_count + 1));
  const after = (await rez.messages(1)).results.find((m) => m.id === target.id);
  expect(after?.like_count).toBe(target.like_count + 1);
  expect(after?.self_liked).toBe(true);

  const commentBox = page.getByPlaceholder('Kommentar verfassen…');
  const commentForm = page.locator('form').filter({ has: commentBox });
  const submit = commentForm.getByRole('button', { name: 'Kommentieren', exact: true });
  await expect(submit).toBeDisabled();
  await commentBox.fill('   ');
  await expect(submit).toBeDisabled();
  await commentBox.fill('E2E: Danke für den Hinweis, wir kümmern uns darum.');
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(
    page.getByText(
      'Danke! Die Hausverwaltung prüft Ihren Kommentar, meist innerhalb von 1–2 Werktagen. Sie bekommen Bescheid, sobald er erscheint.',
    ),
  ).toBeVisible();
  await rez.dispose();

  const ctx = await browser.newContext();
  const resident = await ctx.newPage();
  await login(resident, 'A-0101');
  await resident.goto(`/messages/view/${target.id}`);
  await expect(resident.getByRole('main').getByText(target.text.split('\n')[0]!)).toBeVisible();
  await settle(resident);
  await expect(
    resident
      .getByRole('main')
      .getByRole('button')
      .filter({ hasText: /Likes?/ }),
  ).toHaveCount(0);
  await expect(resident.getByPlaceholder('Kommentar verfassen…')).toHaveCount(0);
  await expect(resident.getByRole('button', { name: 'Kommentieren' })).toHaveCount(0);
  await ctx.close();
});

test('new post with a photo and a PDF: upload progress, thank-you text, visible to others after approval; 11 MB is refused', async ({
  page,
  browser,
}) => {
  const text = `E2E-Aushang ${Date.now()}: Flohmarkt im Innenhof am Samstag ab 10 Uhr. Tische bitte mitbringen.`;
  await login(page, 'A-REZ');
  await page.goto('/blackboard');
  await expect(heading(page, 'Pinnwand')).toBeVisible();
  await buttonOrLink(page, 'Neuer Beitrag').click();
  await expectPath(page, '/messages/new');
  await expect(heading(page, 'Neuer Beitrag')).toBeVisible();

  await page.getByRole('main').getByRole('textbox').fill(text);
  await attachFiles(page, [
    makePng('flohmarkt-hof.png', [200, 120, 40]),
    makePdf('Flohmarkt-Plan', 'Flohmarkt im Innenhof'),
  ]);
  // Hold each upload a moment on its way to the real server, so the progress can be seen.
  await page.route('**/api/messages/*/documents/', async (route) => {
    await new Promise((r) => setTimeout(r, 700));
    await route.continue();
  });
  await page
    .getByRole('main')
    .getByRole('button', { name: /senden|veröffentlichen/i })
    .click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(
    page.getByText(
      'Danke! Die Hausverwaltung prüft Ihren Beitrag, meist innerhalb von 1–2 Werktagen. Sie bekommen Bescheid, sobald er erscheint.',
    ),
  ).toBeVisible({ timeout: 15_000 });
  await page.unroute('**/api/messages/*/documents/');

  const manager = await Api.manager();
  const id = await manager.approvePendingPost(text);
  await manager.dispose();

  const ctx = await browser.newContext();
  const resident = await ctx.newPage();
  await login(resident, 'A-0101');
  await resident.goto('/blackboard');
  await expect(posts(resident).filter({ hasText: text })).toHaveCount(1);
  // Both attachments arrived, one upload call each.
  const anna = await Api.login('A-0101');
  const created = (await anna.messages(1)).results.find((m) => m.id === id);
  expect(created?.documents.map((d) => d.kind).sort()).toEqual(['image', 'pdf']);
  expect(created?.documents.find((d) => d.kind === 'pdf')?.name).toBe('Flohmarkt-Plan');
  await anna.dispose();
  await ctx.close();

  await page.goto('/messages/new');
  await expect(heading(page, 'Neuer Beitrag')).toBeVisible();
  await attachFiles(page, [makeOversize('Riesenplan.pdf', 'application/pdf')]);
  await expect(page.getByText('Die Datei Riesenplan.pdf ist zu gross')).toBeVisible();
});
