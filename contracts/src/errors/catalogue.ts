import { z } from 'zod';

/** The error screen of spec §8, keyed by HTTP status. Unknown statuses fall back to 500. */
export const ErrorScreenSchema = z.object({
  status: z.number().int(),
  title: z.string(),
  description: z.string(),
  tip: z.string().optional(),
});
export type ErrorScreen = z.infer<typeof ErrorScreenSchema>;

// The 401 and 403 wordings look swapped relative to normal usage; the spec says to keep them as listed.
export const errorScreens = {
  404: { status: 404, title: 'Page not found', description: "We can't seem to find the page you're looking for" },
  403: { status: 403, title: 'Not authenticated', description: 'You need to be logged in to access this content' },
  401: { status: 401, title: 'Access forbidden', description: "You don't have permission to access this resource" },
  402: {
    status: 402,
    title: 'Payment required',
    description: 'Upgrade to a pro or enterprise plan to access this feature',
    tip: 'Unlock premium features with our Pro plan',
  },
  429: {
    status: 429,
    title: 'Too many requests',
    description: 'Please wait a few minutes before trying again',
    tip: 'Our rate limits reset every hour. Take a short break and come back!',
  },
  500: {
    status: 500,
    title: 'Something went wrong',
    description: 'We encountered an unexpected error. Please try again later',
  },
} as const satisfies Record<number, ErrorScreen>;

export function errorScreenFor(status: number): ErrorScreen {
  return (errorScreens as Record<number, ErrorScreen>)[status] ?? errorScreens[500];
}

/** API `{msg}` texts used by more than one service. Per-feature texts live next to their feature. */
export const apiMessages = {
  notFound: 'Not found',
  unauthenticated: 'You need to be logged in to access this content',
  csrf: 'Invalid or missing CSRF token. Reload the page and try again',
  tooManyRequests: 'Too many requests. Please wait a few minutes before trying again',
  internal: 'We encountered an unexpected error. Please try again later',
  unavailable: 'The service is temporarily unavailable. Please try again later',
  payloadTooLarge: 'The request is too large',
} as const;

export const ErrorBodySchema = z.object({ msg: z.string() }).catchall(z.unknown());
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
