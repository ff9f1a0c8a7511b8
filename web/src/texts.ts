/**
 * Texts of the product spec that the whole web app shares: the product's name, its addresses and the support
 * promise. A feature's own texts live beside it (features/<feature>/texts.ts); texts the server also uses come
 * from '@bookwright/contracts/http'. Everything is written exactly as the spec gives it.
 */

export const productName = 'Bookwright';
export const tagline = 'AI-powered book creation platform for modern authors';

export const supportEmail = 'support@bookwright.app';

/**
 * The one support promise (spec: replies within 48 hours), for the landing page, the help panel and the
 * legal pages alike; support-promise.test.ts keeps every other wording out.
 */
export const supportReplyHours = 48;
export const supportPromise = `We reply within ${supportReplyHours} hours`;

export const salesEmail = 'sales@bookwright.app';
