import { describe, expect, it } from 'vitest';
import { helpPanel, trustLines } from '../landing/content';
import { supportPromise, supportReplyHours } from '../../texts';
import privacyPolicy from './documents/privacy-policy.md?raw';

/** Every text the author can read: sources, documents and the page shell (tests aside), by path. */
const texts = import.meta.glob<string>(
  [
    '../../**/*.{ts,tsx,md,json}',
    '../../../index.html',
    '../../../public/**/*.{html,json,txt,xml}',
    '!../../**/*.test.{ts,tsx}',
  ],
  { query: '?raw', import: 'default', eager: true },
);

describe('the support promise', () => {
  it('is the spec’s 48 hours on the landing page, in the help panel and in the privacy policy', () => {
    expect(supportReplyHours).toBe(48);
    expect(trustLines).toContain('Support replies within 48 hours');
    expect(helpPanel.text).toBe('We reply within 48 hours to every message.');
    expect(privacyPolicy).toContain(`${supportPromise}.`);
  });

  it('is given no other way anywhere in the web app', () => {
    expect(Object.keys(texts)).toContain('../../../index.html');
    expect(Object.keys(texts)).toContain('./documents/privacy-policy.md');
    const other = /24\/7|around the clock|within (a|one) (business )?day|usually within|within \d+ hours/i;
    const offenders = Object.entries(texts).flatMap(([path, text]) =>
      text
        .split('\n')
        .filter((line) => other.test(line.replace(/within (\$\{supportReplyHours\}|48) hours/g, '')))
        .map((line) => `${path}: ${line.trim().slice(0, 120)}`),
    );
    expect(offenders).toEqual([]);
  });
});
