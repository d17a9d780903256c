import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  bodyBoolean,
  bodyId,
  bodyIdWholeNumber,
  csvFlag,
  queryBoolean,
  requiredText,
  requiredTrimmedText,
  textId,
  textIdWholeNumber,
  tooLong,
  trimmedText,
} from './index.js';

z.config(z.locales.de());

/** The data of a parse, or the messages of its refusal. */
function parse(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? { data: result.data } : { messages: result.error.issues.map((i) => i.message) };
}

describe('the field vocabulary', () => {
  it('trims free text, which may be empty, and counts its length after trimming', () => {
    expect(parse(trimmedText(3), '  abc  ')).toEqual({ data: 'abc' });
    expect(parse(trimmedText(3), '   ')).toEqual({ data: '' });
    expect(parse(trimmedText(3), 'abcd')).toEqual({ messages: [tooLong(3)] });
    expect(tooLong(200)).toBe('Höchstens 200 Zeichen erlaubt.');
  });

  it('requires trimmed text and keeps it trimmed', () => {
    expect(parse(requiredTrimmedText(3), ' ab ')).toEqual({ data: 'ab' });
    for (const blank of ['', '   ', undefined, 5])
      expect(parse(requiredTrimmedText(3), blank)).toEqual({ messages: ['Eingabe ist zwingend'] });
    expect(parse(requiredTrimmedText(3), 'abcd')).toEqual({ messages: [tooLong(3)] });
  });

  it('requires text as sent, counting its white space', () => {
    expect(parse(requiredText(3), ' ab')).toEqual({ data: ' ab' });
    for (const blank of ['', '   ', undefined, 5])
      expect(parse(requiredText(3), blank)).toEqual({ messages: ['Eingabe ist zwingend'] });
    expect(parse(requiredText(3), ' ab ')).toEqual({ messages: [tooLong(3)] });
  });

  it('takes ids as JSON numbers or as text, from 1 to 2147483647', () => {
    expect(parse(bodyId, 2_147_483_647)).toEqual({ data: 2_147_483_647 });
    expect(parse(textId, '7')).toEqual({ data: 7 });
    expect(parse(bodyId, '7')).toHaveProperty('messages');
    for (const bad of ['0', '-1', '1.5', 'abc', '2147483648']) expect(parse(textId, bad)).toHaveProperty('messages');
  });

  it("says 'Eine ganze Zahl erwartet.' for every refused id of the resident forms", () => {
    expect(parse(bodyIdWholeNumber, 3)).toEqual({ data: 3 });
    expect(parse(textIdWholeNumber, '3')).toEqual({ data: 3 });
    for (const bad of ['3', 0, 2_147_483_648, null])
      expect(parse(bodyIdWholeNumber, bad)).toEqual({ messages: ['Eine ganze Zahl erwartet.'] });
    for (const bad of ['abc', '0', '2147483648'])
      expect(parse(textIdWholeNumber, bad)).toEqual({ messages: ['Eine ganze Zahl erwartet.'] });
  });

  it('reads yes and no from JSON, query strings and imported cells', () => {
    expect(parse(bodyBoolean, true)).toEqual({ data: true });
    expect(parse(bodyBoolean, 'true')).toEqual({ messages: ['Erwartet true oder false.'] });
    expect(parse(queryBoolean, '1')).toEqual({ data: true });
    expect(parse(queryBoolean, 'false')).toEqual({ data: false });
    expect(parse(queryBoolean, 'ja')).toEqual({ messages: ['Erwartet true oder false.'] });
    expect(parse(csvFlag, ' Ja ')).toEqual({ data: true });
    expect(parse(csvFlag, '')).toEqual({ data: false });
    expect(parse(csvFlag, false)).toEqual({ data: false });
    expect(parse(csvFlag, 'vielleicht')).toEqual({ messages: ['Erwartet ja oder nein.'] });
  });
});
