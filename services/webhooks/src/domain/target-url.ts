import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { AppError, webhookMessages } from '@bookwright/contracts/http';
import { isForbiddenAddress } from './target-address';

/** Resolves a host name to every address it has (node's dns.lookup with all: true, by default). */
export type ResolveAll = (hostname: string) => Promise<LookupAddress[]>;

export const resolveAll: ResolveAll = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

export interface TargetRules {
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS: http and any address allowed. */
  allowPrivate: boolean;
  resolve?: ResolveAll;
}

/**
 * The check when an endpoint is made or changed (decision 0046): https, and a host whose every address is
 * public. The same rule runs again inside each call's connection (guardedLookup), against rebinding.
 */
export async function checkTargetUrl(url: string, rules: TargetRules): Promise<void> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new AppError(400, webhookMessages.url);
  }
  if (parsed.username || parsed.password) throw new AppError(400, webhookMessages.url);
  const schemes = rules.allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(parsed.protocol)) throw new AppError(400, webhookMessages.url);
  if (rules.allowPrivate) return;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    if (isForbiddenAddress(host)) throw new AppError(400, webhookMessages.forbiddenTarget);
    return;
  }
  let addresses: LookupAddress[];
  try {
    addresses = await (rules.resolve ?? resolveAll)(host);
  } catch {
    throw new AppError(400, webhookMessages.unresolvable);
  }
  if (addresses.length === 0) throw new AppError(400, webhookMessages.unresolvable);
  if (addresses.some(({ address }) => isForbiddenAddress(address)))
    throw new AppError(400, webhookMessages.forbiddenTarget);
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for the call's own connection: the address checked is the address connected to, so a name
 * that resolved public at creation and private now (DNS rebinding) is refused at the socket.
 */
export function guardedLookup(resolve: ResolveAll = resolveAll) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    resolve(hostname).then(
      (addresses) => {
        const allowed = addresses.filter(({ address }) => !isForbiddenAddress(address));
        if (allowed.length === 0 || allowed.length !== addresses.length) {
          const error: NodeJS.ErrnoException = new Error(`${hostname}: ${webhookMessages.forbiddenTarget}`);
          error.code = 'EWEBHOOKFORBIDDEN';
          callback(error, '');
          return;
        }
        if (options.all) callback(null, allowed);
        else callback(null, allowed[0]!.address, allowed[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}
