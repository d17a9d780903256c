/** Stands in for the value in a translated sentence: `t(key, { number: VALUE_MARK })`. */
export const VALUE_MARK = '\u0000';

/**
 * A translated sentence with a number or code set apart in a `<bdi>`, left to right (in Arabic
 * '2026-000005' would otherwise read '000005-2026') and styled on its own, e.g. kept on one line.
 * `text` is the sentence translated with VALUE_MARK in the value's place.
 */
export function ValueInText({ text, value, className }: { text: string; value: string; className?: string }) {
  const [before, after = ''] = text.split(VALUE_MARK);
  return (
    <>
      {before}
      <bdi className={className} dir="ltr">
        {value}
      </bdi>
      {after}
    </>
  );
}
