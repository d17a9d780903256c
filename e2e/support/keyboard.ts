import type { CDPSession, Page } from '@playwright/test';
import { expect } from './test';

// Keyboard journeys: what has the focus, as a screen reader is told it. Role and
// accessible name come from Chromium's own accessibility tree (CDP), the one screen readers read;
// the journeys check them against Playwright's computation with toHaveRole/toHaveAccessibleName.

const sessions = new WeakMap<Page, Promise<CDPSession>>();

function cdp(page: Page): Promise<CDPSession> {
  let session = sessions.get(page);
  if (!session) {
    session = page.context().newCDPSession(page);
    sessions.set(page, session);
  }
  return session;
}

interface AXNode {
  role?: { value?: unknown };
  name?: { value?: unknown };
}

/** The focused element as `role "name"`, e.g. `button "Anmelden"`; `body` when nothing has the focus. */
export async function focused(page: Page): Promise<string> {
  const session = await cdp(page);
  const { result } = (await session.send('Runtime.evaluate', {
    expression: 'document.activeElement === document.body ? null : document.activeElement',
  })) as { result: { objectId?: string } };
  if (!result.objectId) return 'body';
  const { nodes } = (await session.send('Accessibility.getPartialAXTree', {
    objectId: result.objectId,
    fetchRelatives: false,
  })) as { nodes: AXNode[] };
  await session.send('Runtime.releaseObject', { objectId: result.objectId });
  const node = nodes[0];
  return `${String(node?.role?.value ?? '?')} "${String(node?.name?.value ?? '')}"`;
}

/**
 * Why the focused control's focus cannot be seen, or null when it can: it must match
 * :focus-visible and draw an outline or a box shadow; a visually hidden control (the photo
 * picker's file input) shows it on the label around it.
 */
function invisibleFocus(): string | null {
  const element = document.activeElement;
  if (!element || element === document.body) return 'nothing has the focus';
  if (!element.matches(':focus-visible')) return 'not :focus-visible';
  const drawn = (e: Element, shadowToo: boolean) => {
    const style = getComputedStyle(e);
    const outline =
      style.outlineStyle !== 'none' &&
      parseFloat(style.outlineWidth) > 0 &&
      !/^(transparent|rgba\(.*, 0\))$/.test(style.outlineColor);
    return outline || (shadowToo && style.boxShadow !== 'none');
  };
  const box = element.getBoundingClientRect();
  if (box.width > 2 && box.height > 2) return drawn(element, true) ? null : 'neither outline nor box-shadow';
  for (let e = element.parentElement; e && e !== document.body; e = e.parentElement) {
    const around = e.getBoundingClientRect();
    if (around.width > 2 && around.height > 2 && drawn(e, false)) return null;
  }
  return 'a hidden control whose label shows no outline';
}

/** The focused control's focus can be seen (soft, so a journey goes on and names every case). */
export async function expectFocusVisible(page: Page): Promise<void> {
  const problem = await page.evaluate(invisibleFocus);
  expect.soft(problem, `focus of ${await focused(page)} is not visible`).toBeNull();
}

/**
 * Presses `key` (Tab or Shift+Tab) `count` times and returns each focused element in turn; each
 * one's focus must be visible.
 */
export async function tabs(page: Page, count: number, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<string[]> {
  const seen: string[] = [];
  for (let i = 0; i < count; i++) {
    await page.keyboard.press(key);
    seen.push(await focused(page));
    await expectFocusVisible(page);
  }
  return seen;
}

/**
 * Presses `key` until the focus is on an element whose `role "name"` matches, at most `max` times;
 * returns the way there (the last entry is the target). Fails with the way when it is not reached.
 */
export async function tabTo(
  page: Page,
  target: RegExp,
  { key = 'Tab', max = 40 }: { key?: 'Tab' | 'Shift+Tab'; max?: number } = {},
): Promise<string[]> {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    const now = await focused(page);
    seen.push(now);
    if (target.test(now)) {
      await expectFocusVisible(page);
      return seen;
    }
  }
  throw new Error(`${key} did not reach ${target} in ${max} presses:\n  ${seen.join('\n  ')}`);
}

/** Waits until the focus is on the element described as `role "name"` (after an action). */
export async function expectFocusOn(page: Page, expected: string | RegExp, timeout = 10_000): Promise<void> {
  const now = expect.poll(() => focused(page), { message: 'where the focus lands', timeout });
  if (typeof expected === 'string') await now.toBe(expected);
  else await now.toMatch(expected);
}
