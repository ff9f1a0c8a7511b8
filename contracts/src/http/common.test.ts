import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { findUnsafeText, isSafeText, jsonTextIsPlainlySafe, pathOfUnsafeText, type TextSource } from './common';

// The lone-surrogate check as it was written first (a regular expression): the oracle of isWellFormed.
// eslint-disable-next-line no-control-regex -- the oracle's own copy
const anyControl = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- the oracle's own copy
const controlButLineBreaks = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
function oracleIsSafe(value: string, source: TextSource): boolean {
  const control = source === 'body' || source === 'multipart' ? controlButLineBreaks : anyControl;
  return !control.test(value) && !loneSurrogate.test(value);
}

// Text with what may not enter now and then: C0 and C1 controls, line breaks, lone and paired surrogates.
const risky = fc
  .array(
    fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom('a', 'lighthouse ', 'é', '鯨', '🐋', ' ') },
      { weight: 1, arbitrary: fc.integer({ min: 0, max: 0x9f }).map((code) => String.fromCharCode(code)) },
      { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)) },
    ),
    { maxLength: 8 },
  )
  .map((parts) => parts.join(''));
const value = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    risky,
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('node'), { maxLength: 4 }),
    fc.dictionary(risky, tie('node'), { maxKeys: 4 }),
  ),
})).node;
const sources = fc.constantFrom<TextSource>('body', 'params', 'query', 'multipart');

describe('findUnsafeText', () => {
  it('answers what the path-building walk answers, for any value from any source', () => {
    fc.assert(
      fc.property(value, sources, (input, source) => {
        // The plain walk must find exactly what the one that names paths finds.
        expect(findUnsafeText(input, source)).toBe(pathOfUnsafeText(input, source));
      }),
      { numRuns: 2_000 },
    );
  });

  it('treats a lone surrogate as the regular expression did, and a pair as text', () => {
    fc.assert(
      fc.property(risky, sources, (text, source) => {
        expect(isSafeText(text, source)).toBe(oracleIsSafe(text, source));
      }),
      { numRuns: 2_000 },
    );
    expect(isSafeText('🐋', 'body')).toBe(true);
    expect(isSafeText('\ud83d', 'body')).toBe(false);
    expect(isSafeText('\udc0b and more', 'body')).toBe(false);
    expect(findUnsafeText({ content: [{ text: 'ok' }, { text: 'bad\u0000' }] }, 'body')).toBe('content[1].text');
  });
});

describe('jsonTextIsPlainlySafe', () => {
  // JSON texts as clients write them: escapes where JSON.stringify puts them, and by hand where it does not.
  const jsonText = fc.oneof(
    value.map((input) => JSON.stringify(input)),
    value.map((input) => JSON.stringify(input, null, 2)),
    // \u escapes for every character, as some encoders write non-ASCII text.
    value.map((input) =>
      JSON.stringify(input).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
    ),
    // Anything at all, valid JSON or not.
    risky.map((text) => `{"a": "${text}"}`),
    fc.string({ unit: 'binary', maxLength: 40 }),
  );

  it('says safe only of texts whose parsed value holds no unsafe text from any source', () => {
    fc.assert(
      fc.property(jsonText, sources, (text, source) => {
        if (!jsonTextIsPlainlySafe(text)) return;
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          return; // Not JSON: nothing to walk, and the caller says what is wrong with it.
        }
        expect(findUnsafeText(parsed, source)).toBeNull();
      }),
      { numRuns: 3_000 },
    );
  });

  it('leaves to the walk what only the parse reveals, and passes ordinary text', () => {
    expect(jsonTextIsPlainlySafe(JSON.stringify({ text: 'He said "no" \\ and / 鯨 🐋' }))).toBe(true);
    expect(jsonTextIsPlainlySafe('{"text":"a\\u0000b"}')).toBe(false);
    expect(jsonTextIsPlainlySafe('{"text":"\\ud83d"}')).toBe(false);
    expect(jsonTextIsPlainlySafe('{"a\\nb":"x"}')).toBe(false);
    expect(jsonTextIsPlainlySafe('{"text":"\u0085"}')).toBe(false);
    expect(jsonTextIsPlainlySafe('{"text":"\ud83d"}')).toBe(false);
    // An escaped backslash before n is text, yet the cheap look cannot tell: the walk decides.
    expect(jsonTextIsPlainlySafe('{"text":"\\\\n"}')).toBe(false);
  });
});
