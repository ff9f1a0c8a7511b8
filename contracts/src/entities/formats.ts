import { z } from 'zod';

/*
 * Formats declared for the published contracts (OpenAPI, AsyncAPI), so generated clients know what a
 * string holds. They annotate and do not re-check: these values come from our own clocks and from
 * addresses already checked where they entered (sign-up, the identity provider).
 */

/** An instant, ISO 8601 with a time zone (`2026-11-25T16:24:35.000Z`). */
export const isoDateTimeSchema = z.string().meta({ format: 'date-time' });

/** An email address, as stored (trimmed and lower-cased at sign-up). */
export const emailAddressSchema = z.string().meta({ format: 'email' });
