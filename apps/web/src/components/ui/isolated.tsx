/** Stands for a value while the sentence is translated; never part of a translation. */
const MARK = '\u0001';

/**
 * A translated sentence with values set into it (an apartment number 'A-0102', a code, a house's
 * name), each inside <bdi>: in Arabic a left-to-right value keeps its order and the full stop after
 * it stays on its side. `sentence` receives a placeholder per value and returns the translation made
 * with them, without i18next's own isolation (`interpolation: { escapeValue: false }`).
 */
export function Isolated<K extends string>({
  sentence,
  values,
}: {
  sentence: (marks: Record<K, string>) => string;
  values: Record<K, string>;
}) {
  const names = Object.keys(values) as K[];
  const marks = Object.fromEntries(names.map((name, i) => [name, `${MARK}${i}${MARK}`])) as Record<K, string>;
  const parts = sentence(marks).split(MARK);
  return <>{parts.map((part, i) => (i % 2 === 0 ? part : <bdi key={i}>{values[names[Number(part)]!]}</bdi>))}</>;
}
