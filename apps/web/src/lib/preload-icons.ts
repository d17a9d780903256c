const seen = new Set<string>();

/** product §6.4: icons are preloaded once a list arrives; failures do not matter. */
export function preloadIcons(urls: readonly (string | null | undefined)[]): void {
  if (typeof Image === 'undefined') return;
  for (const url of urls) {
    if (!url || seen.has(url)) continue;
    seen.add(url);
    const img = new Image();
    img.onerror = () => seen.delete(url);
    img.src = url;
  }
}
