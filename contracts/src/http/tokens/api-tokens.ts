import { z } from 'zod';
import { isoDateTimeSchema } from '../../entities/formats';

/**
 * Personal API tokens (issue 45). A token acts for its person with at most the scopes it was given: scopes
 * narrow what the person may do through it, they never widen it (the book service still checks the
 * person's role on every book). Decision 0045 gives the format, the storage and the route-to-scope table.
 */
export const apiTokenScopes = [
  'books:read',
  'books:write',
  'exports:write',
  'comments:write',
  'webhooks:write',
] as const;
export const ApiTokenScopeSchema = z.enum(apiTokenScopes);
export type ApiTokenScope = z.infer<typeof ApiTokenScopeSchema>;

/** What every token starts with, so secret scanners and people recognise one. */
export const apiTokenPrefix = 'bw_pat_';
/** The longest life a token may be given, in days; without expiresInDays a token lives until revoked. */
export const apiTokenMaxDays = 366;

/** The texts of API tokens, for the user service, the gateway and the web. */
export const apiTokenMessages = {
  name: 'Give the token a name (1 to 100 characters)',
  scopes: `Choose one or more scopes: ${apiTokenScopes.join(', ')}`,
  expiresInDays: `A token expires after 1 to ${apiTokenMaxDays} days, or never when expiresInDays is left out`,
  notFound: 'API token not found',
  sessionOnly: 'This route needs a signed-in browser session: API tokens cannot be used here',
  invalid: 'This API token is unknown, revoked or expired',
  workspaceNotFound: 'Workspace not found',
  workspaceAdminsOnly: "Only the workspace's owner and admins manage its API tokens",
  outsideWorkspace: "This API token belongs to a workspace and reaches only that workspace's books",
} as const;

/** The 403 of a token used where it lacks a scope: it names the scope. */
export function missingScope(scope: ApiTokenScope): string {
  return `This API token lacks the ${scope} scope`;
}

export const CreateApiTokenRequestSchema = z.object({
  name: z.string().trim().min(1, apiTokenMessages.name).max(100, apiTokenMessages.name),
  scopes: z
    .array(ApiTokenScopeSchema, { error: apiTokenMessages.scopes })
    .min(1, apiTokenMessages.scopes)
    .max(apiTokenScopes.length, apiTokenMessages.scopes)
    .refine((scopes) => new Set(scopes).size === scopes.length, apiTokenMessages.scopes),
  expiresInDays: z
    .number({ error: apiTokenMessages.expiresInDays })
    .int(apiTokenMessages.expiresInDays)
    .min(1, apiTokenMessages.expiresInDays)
    .max(apiTokenMaxDays, apiTokenMessages.expiresInDays)
    .optional(),
  workspaceId: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .describe(
      "A workspace token: it belongs to the workspace, reaches only its books, and the workspace's admins manage it",
    ),
});
export type CreateApiTokenRequest = z.infer<typeof CreateApiTokenRequestSchema>;

/** A token as listed: never its secret, only what lets its owner tell it apart. */
export const ApiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The fixed start, bw_pat_. */
  prefix: z.string(),
  /** The secret's last four characters. */
  lastFour: z.string(),
  scopes: z.array(ApiTokenScopeSchema),
  createdAt: isoDateTimeSchema,
  expiresAt: isoDateTimeSchema.nullable(),
  lastUsedAt: isoDateTimeSchema.nullable(),
  /** The address of its last use. */
  lastUsedFrom: z.string().nullable(),
  /** The workspace a workspace token belongs to; null for a personal token. */
  workspaceId: z.string().nullable(),
  /** Who made it: a workspace's admins see each other's tokens. */
  createdBy: z.object({ id: z.string(), name: z.string() }),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;

/** The answer to a creation: the one time the secret is shown. */
export const CreatedApiTokenSchema = ApiTokenSchema.extend({
  token: z.string().describe('The secret: shown this once, store it now'),
});
export type CreatedApiToken = z.infer<typeof CreatedApiTokenSchema>;

export const ApiTokenListSchema = z.object({ tokens: z.array(ApiTokenSchema) });
export type ApiTokenList = z.infer<typeof ApiTokenListSchema>;

export const ApiTokenParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** What the user service tells the gateway about a token in use. */
export const ResolvedApiTokenSchema = z.object({
  userId: z.string(),
  tokenId: z.string(),
  scopes: z.array(ApiTokenScopeSchema),
  expiresAt: isoDateTimeSchema.nullable(),
  /** A workspace token acts as its maker on that workspace's books only; null for a personal token. */
  workspaceId: z.string().nullable(),
});
export type ResolvedApiToken = z.infer<typeof ResolvedApiTokenSchema>;
