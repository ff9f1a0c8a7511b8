import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { normalizeEmail, sameEmail } from './email-address';

describe('email addresses', () => {
  it('are the same trimmed and in any case', () => {
    expect(sameEmail(' Author@Example.com ', 'author@example.com')).toBe(true);
    expect(normalizeEmail('\tAUTHOR@example.COM\n')).toBe('author@example.com');
    expect(sameEmail('author@example.com', 'author2@example.com')).toBe(false);
  });

  test.prop([fc.emailAddress(), fc.constantFrom('', ' ', '  \t'), fc.boolean()])(
    'any address matches itself with space around it and its case changed',
    (email, space, upper) => {
      const typed = `${space}${upper ? email.toUpperCase() : email}${space}`;
      expect(sameEmail(typed, email)).toBe(true);
      expect(normalizeEmail(normalizeEmail(typed))).toBe(normalizeEmail(typed));
    },
  );
});
