/** Resolves after `ms` milliseconds; the spec's deliberate pauses go through here. */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
