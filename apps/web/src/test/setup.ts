import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { config } from '@/config';
import '@/i18n';

const specDelays = { ...config.delays };

// jsdom's Blob lacks arrayBuffer(), which every browser the app supports has.
if (!Blob.prototype.arrayBuffer) {
  Blob.prototype.arrayBuffer = function arrayBuffer(this: Blob) {
    return new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error);
      reader.readAsArrayBuffer(this);
    });
  };
}

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
