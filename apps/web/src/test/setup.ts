import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { config } from '@/config';
import '@/i18n';

const specDelays = { ...config.delays };

beforeEach(() => {
  // The spec's pauses (500 ms before calls and so on) would only slow the tests down;
  // tests that check a pause restore it with `restoreSpecDelays()`.
  for (const key of Object.keys(config.delays) as (keyof typeof config.delays)[]) {
    (config.delays as Record<string, number>)[key] = 0;
  }
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});

export function restoreSpecDelays(): void {
  Object.assign(config.delays as Record<string, number>, specDelays);
}
