/**
 * The one comparison of email addresses: sign-up, login, account changes and the account deletion's
 * confirmation all treat " Author@Example.com " and "author@example.com" as the same address.
 */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function sameEmail(a: string, b: string): boolean {
  return normalizeEmail(a) === normalizeEmail(b);
}
