import type { AccessibilityFeedbackInput, LegalPage, LegalPageName } from '@hausportal/contract';
import { api, pauseBeforeSending } from '@/lib/api-client';

/** GET /api/legal/{page}/: the page as the operator wrote it, rendered and sanitised on the server; no sign-in needed. */
export function fetchLegalPage(page: LegalPageName): Promise<LegalPage> {
  return api.get<LegalPage>(`/api/legal/${page}/`, true);
}

/**
 * POST /api/legal/barrierefreiheit/feedback/ after the spec's pause. Signed in, the token goes
 * along, so the managers of the resident's location receive it too; the server never answers 401 here.
 */
export async function sendAccessibilityFeedback(feedback: AccessibilityFeedbackInput): Promise<void> {
  await pauseBeforeSending();
  await api.post('/api/legal/barrierefreiheit/feedback/', feedback);
}
