import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError, passwordMessages } from '@bookwright/contracts/http';

/** OWASP's argon2id minimum: 19 MiB, 2 iterations, 1 lane (~20–25 ms a hash on this hardware). */
// 2 = Algorithm.Argon2id (a const enum, which isolated modules cannot read).
const argon2Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, argon2Options);

/** An account without a password (identity-provider sign-in only) matches no password. */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a random password, verified against when the email is unknown so that a failed login
 * takes the same time whether or not the account exists.
 */
let decoyHash: Promise<string> | undefined;
export const decoyPasswordHash = (): Promise<string> => (decoyHash ??= hashPassword(`decoy-${Math.random()}`));

let commonPasswords: Set<string> | undefined;

/** Lengths are checked by the contract schema; this adds what needs the 49k-entry common-password list. */
export function assertPasswordAcceptable(password: string, context: { email?: string }): void {
  commonPasswords ??= new Set(dictionary['passwords-common'].map((p) => String(p).toLowerCase()));
  const lowered = password.toLowerCase();
  const emailLocalPart = context.email?.split('@')[0]?.toLowerCase();
  if (
    commonPasswords.has(lowered) ||
    lowered === context.email?.toLowerCase() ||
    (emailLocalPart && lowered === emailLocalPart)
  ) {
    throw new AppError(400, passwordMessages.tooCommon);
  }
}
