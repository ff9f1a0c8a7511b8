import type { CookieSerializeOptions } from '@fastify/cookie';

export const sessionCookieName = 'sid';
export const csrfCookieName = 'XSRF-TOKEN';
export const csrfHeaderName = 'x-xsrf-token';

/** Secure everywhere but plain-http localhost, where browsers would drop a Secure cookie. */
export function cookiesAreSecure(publicUrl: string): boolean {
  const url = new URL(publicUrl);
  return !(url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname));
}

export function sessionCookieOptions(secure: boolean, expires: Date): CookieSerializeOptions {
  return { path: '/', httpOnly: true, sameSite: 'lax', secure, expires };
}

/** Readable by the page's script on purpose: double-submit needs the client to echo it in a header. */
export function csrfCookieOptions(secure: boolean): CookieSerializeOptions {
  return { path: '/', httpOnly: false, sameSite: 'lax', secure };
}
