import { useSyncExternalStore } from 'react';
import { config } from '@/config';

const query = `(min-width: ${config.wideBreakpointPx + 1}px)`;

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
  const media = window.matchMedia(query);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** True when the viewport is wider than the spec's 500 px breakpoint. */
export function isWide(): boolean {
  if (typeof window === 'undefined' || !window.matchMedia) return false;
  return window.matchMedia(query).matches;
}

export function useWide(): boolean {
  return useSyncExternalStore(subscribe, isWide, () => false);
}

/** product §2.9: the gallery opens only when the body is wider than 500 px. */
export function bodyIsWide(): boolean {
  return typeof document !== 'undefined' && document.body.clientWidth > config.wideBreakpointPx;
}
