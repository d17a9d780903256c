/**
 * A phone number or other left-to-right value set inside a sentence, isolated (U+2068 … U+2069) so
 * that in Arabic its groups keep their order: '+49 30 1234' would otherwise read '1234 30 +49'.
 * Invisible, and harmless in left-to-right languages.
 */
export const isolate = (value: string): string => `\u2068${value}\u2069`;
