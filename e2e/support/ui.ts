import type { Locator, Page } from '@playwright/test';
import type { FilePayload } from './files';

/** The blackboard's posts: one <article> each inside the main content. */
export const posts = (page: Page): Locator => page.getByRole('main').getByRole('article');

/** The original specification calls it a button; as it navigates it may as well be a link. */
export const buttonOrLink = (page: Page, name: string): Locator =>
  page.getByRole('button', { name, exact: true }).or(page.getByRole('link', { name, exact: true }));

/**
 * Puts files into the page's file input(s). With one input every file goes there; with several,
 * the one whose `accept` fits the file's type is used (photos and PDFs may have their own pickers).
 */
export async function attachFiles(page: Page, files: FilePayload[]): Promise<void> {
  const inputs = page.locator('input[type="file"]');
  const count = await inputs.count();
  if (count === 0) throw new Error('No <input type="file"> on the page');
  for (const file of files) {
    let target = inputs.first();
    if (count > 1) {
      for (let i = 0; i < count; i++) {
        const accept = ((await inputs.nth(i).getAttribute('accept')) ?? '').toLowerCase();
        const isPdf = file.mimeType === 'application/pdf';
        const fits = isPdf ? /pdf/.test(accept) : /image/.test(accept) || /\.(png|jpe?g|webp)/.test(accept);
        if (fits) {
          target = inputs.nth(i);
          break;
        }
      }
    }
    await target.setInputFiles(file);
  }
}
