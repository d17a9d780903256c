import {
  FEEDBACK_NO_RECIPIENT,
  LEGAL_ADMIN_ONLY,
  isStaff,
  type AccessibilityFeedback,
  type LegalPageName,
} from '@hausportal/contract';
import type { ThrottleConfig } from '../../config/config.js';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../auth/auth-user.js';
import { inTransaction } from '../../db/database.js';
import { recordChange } from '../audit/audit.js';
import { ApiError, said } from '../../lib/errors.js';
import { renderMarkdown } from '../../lib/markdown.js';
import { addressKey, Exhausted, tooMany, type Counter, type CounterStore } from '../../lib/throttle.js';
import { requireAdmin, type Caller } from '../auth/policies.js';
import { locationTitle } from '../notifications/notifications.repository.js';
import { auditView, feedbackMail, type LegalPageView } from './legal.presenter.js';
import * as repo from './legal.repository.js';
import { fillTemplate, templateMarkdown, type TemplateSettings } from './legal.templates.js';

const settingsOf = (ctx: AppContext): TemplateSettings => ({
  appName: ctx.config.appName,
  publicUrl: ctx.config.publicUrl,
  analytics: ctx.config.analytics,
});

// Templates are rendered on every read of a page nobody has saved; the few texts they can be
// (one per page and configuration) are rendered once.
const renderedTemplates = new Map<string, string>();
function renderTemplate(markdown: string): string {
  let html = renderedTemplates.get(markdown);
  if (html === undefined) {
    html = renderMarkdown(markdown);
    if (renderedTemplates.size > 20) renderedTemplates.clear();
    renderedTemplates.set(markdown, html);
  }
  return html;
}

/**
 * A page as it is shown now: what an administrator saved, or else the template of this install
 * (the shipped file, or the demo seed's text), marked `template` until someone saves the page.
 */
export async function readLegalPage(ctx: AppContext, page: LegalPageName): Promise<LegalPageView> {
  const row = await repo.findLegalPage(ctx.db, page);
  if (row && !row.template) {
    return {
      page,
      markdown: row.markdown,
      html: row.html,
      template: false,
      updatedAt: row.updated_at,
      updatedByName: row.updated_by_name,
    };
  }
  const markdown = row ? fillTemplate(row.markdown, settingsOf(ctx)) : templateMarkdown(page, settingsOf(ctx));
  return { page, markdown, html: renderTemplate(markdown), template: true, updatedAt: null, updatedByName: null };
}

/** An administrator saves a page's Markdown; it is rendered and sanitised once, here, and audited before and after. */
export async function saveLegalPage(
  ctx: AppContext,
  caller: Caller,
  page: LegalPageName,
  markdown: string,
): Promise<LegalPageView> {
  requireAdmin(caller, LEGAL_ADMIN_ONLY);
  const before = await readLegalPage(ctx, page);
  await inTransaction(ctx.db, async (trx) => {
    await repo.saveLegalPage(trx, {
      page,
      markdown,
      html: renderMarkdown(markdown),
      template: false,
      updatedBy: caller.id,
    });
    await recordChange(trx, {
      actor: caller,
      action: 'legal_page_updated',
      entity: { type: 'legal_page', locationId: null },
      before: auditView(before),
      after: auditView({ ...before, markdown, template: false }),
      details: { page },
    });
  });
  return readLegalPage(ctx, page);
}

/** The HTML an administrator's draft would be shown as, rendered exactly as a save would. */
export function previewLegalPage(caller: AuthUser, markdown: string): { html: string } {
  requireAdmin(caller, LEGAL_ADMIN_ONLY);
  return { html: renderMarkdown(markdown) };
}

/**
 * The feedback form's budget: it is open without sign-in and every feedback is mailed to several
 * staff members, so it counts per address (an IPv6 host as its /64) and, from a signed-in
 * resident, per apartment. No cap for the whole install: one sender must not silence the form
 * the accessibility statement promises (BFSG) for everyone else.
 */
export class FeedbackThrottle {
  private readonly perIp: Counter;
  private readonly perApartment: Counter;

  constructor(store: CounterStore, limits: ThrottleConfig['feedback']) {
    this.perIp = store.counter('feedback-ip', limits.perIp);
    this.perApartment = store.counter('feedback-apartment', limits.perApartment);
  }

  /** Counts one feedback from `ip` (and the sender's apartment, if any), or answers 429 with the wait. */
  async take(ip: string, apartment: string | null): Promise<void> {
    const address = addressKey(ip);
    await this.consume(this.perIp, address);
    if (apartment === null) return;
    try {
      await this.consume(this.perApartment, apartment);
    } catch (err) {
      await this.perIp.refund(address);
      throw err;
    }
  }

  private async consume(counter: Counter, key: string): Promise<void> {
    try {
      await counter.consume(key);
    } catch (err) {
      if (err instanceof Exhausted)
        throw tooMany(err.msBeforeNext, said('errors.throttle.feedback'), false, err.throttle);
      throw err;
    }
  }
}

/**
 * Feedback on the accessibility statement, with or without sign-in, goes out as a mail to every
 * administrator and, from a signed-in resident, to the managers of their location (the outbox
 * sends it, retrying while SMTP is down). It is not stored anywhere else: the mails are the record.
 */
export async function sendAccessibilityFeedback(
  ctx: AppContext,
  throttle: FeedbackThrottle,
  sender: { user: AuthUser | null; ip: string },
  input: AccessibilityFeedback,
): Promise<void> {
  const locationId = sender.user && !isStaff(sender.user.role) ? sender.user.locationId : null;
  const recipients = await repo.feedbackRecipients(ctx.db, locationId);
  // Nobody to tell: answered before counting, so the sender may try again once an administrator exists.
  if (!recipients.length) throw new ApiError(503, { detail: FEEDBACK_NO_RECIPIENT });
  const apartment =
    locationId !== null && sender.user?.apartmentNumber ? `${locationId}|${sender.user.apartmentNumber}` : null;
  await throttle.take(sender.ip, apartment);
  const location = locationId === null ? null : (await locationTitle(ctx.db, locationId)) || null;
  const { appName, publicUrl } = ctx.config;
  await inTransaction(ctx.db, async (trx) => {
    for (const to of recipients) {
      await ctx.outbox.enqueue(feedbackMail({ appName, publicUrl }, to, input, location), {
        kind: 'accessibility_feedback',
        locationId,
        trx,
      });
    }
  });
  ctx.outbox.kick();
}
