import { z } from 'zod';

/**
 * PORT and PUBLIC_URL, for every process that must know where users reach the app: the gateway listens on
 * PORT and decides cookie security from PUBLIC_URL; the user service puts PUBLIC_URL in mail links.
 */
export const publicUrlConfigFields = {
  /** The HTTP port of the web app and API (`0` = any free port). */
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Where users reach the app; unset = http://localhost:<PORT>. */
  PUBLIC_URL: z.url().optional(),
};

/** The configuration with PUBLIC_URL filled in: the variable when set, else http://localhost:<PORT>. */
export function withPublicUrl<T extends { PORT: number; PUBLIC_URL?: string | undefined }>(
  config: T,
): T & { PUBLIC_URL: string } {
  return { ...config, PUBLIC_URL: config.PUBLIC_URL ?? `http://localhost:${config.PORT}` };
}
