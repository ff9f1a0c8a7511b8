import { CollabTokenClaimsSchema, type CollabTokenClaims } from '@bookwright/contracts/http';
import { verifyClaims } from '@bookwright/kit';

/** The claims of a collab token the gateway signed with `secret`, unexpired at `now`; undefined otherwise. */
export const verifyCollabToken = (secret: string, token: string, now: number): CollabTokenClaims | undefined =>
  verifyClaims(secret, token, CollabTokenClaimsSchema, now);
