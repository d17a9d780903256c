import type { ResponseMismatch } from '../src/plugins/response-check.js';

// Every test app checks its replies against the routes' response schemas (BuildOptions.checkResponses);
// test/setup.ts fails the test after which a mismatch is still noted here.

const noted: ResponseMismatch[] = [];

/** BuildOptions.checkResponses of the test apps: notes a reply its schema does not describe. */
export function checkResponses(mismatch: ResponseMismatch): void {
  noted.push(mismatch);
}

/** The mismatches noted since the last call, which it forgets (for the check's own test). */
export function takeMismatches(): ResponseMismatch[] {
  return noted.splice(0);
}

/** Throws, naming each route, status and issue, when a reply since the last call did not match its schema. */
export function assertRepliesMatchSchemas(): void {
  const lines = new Set(
    takeMismatches().map((m) => `${m.method} ${m.route} → ${m.status}\n    ${m.issues.join('\n    ')}`),
  );
  if (lines.size === 0) return;
  throw new Error(`Antworten, die nicht zu ihrem Antwort-Schema passen:\n  ${[...lines].join('\n  ')}`);
}
