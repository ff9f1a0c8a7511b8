import { describe, expect, it } from 'vitest';
import { webhookMessages } from '@bookwright/contracts/http';
import { checkTargetUrl, guardedLookup, type ResolveAll } from './target-url';

/** A resolver with names of its own: public.example is public, inside.example private, both.example both. */
const names: Record<string, string[]> = {
  'public.example': ['93.184.216.34'],
  'inside.example': ['10.1.2.3'],
  'both.example': ['93.184.216.34', '127.0.0.1'],
  'metadata.example': ['169.254.169.254'],
  'v6-inside.example': ['::ffff:127.0.0.1'],
};
const resolve: ResolveAll = async (hostname) => {
  const addresses = names[hostname];
  if (!addresses) throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};
const strict = { allowPrivate: false, resolve };

describe('a webhook URL', () => {
  it('is accepted when it is https and every address of its host is public', async () => {
    await expect(checkTargetUrl('https://public.example/hooks', strict)).resolves.toBeUndefined();
    await expect(checkTargetUrl('https://93.184.216.34/hooks', strict)).resolves.toBeUndefined();
  });

  it('must be https', async () => {
    await expect(checkTargetUrl('http://public.example/hooks', strict)).rejects.toMatchObject({
      status: 400,
      message: webhookMessages.url,
    });
    await expect(checkTargetUrl('ftp://public.example/', strict)).rejects.toMatchObject({ status: 400 });
    await expect(checkTargetUrl('https://user:pw@public.example/', strict)).rejects.toMatchObject({ status: 400 });
  });

  it.each([
    'https://inside.example/',
    'https://both.example/',
    'https://metadata.example/latest/meta-data',
    'https://v6-inside.example/',
    'https://127.0.0.1/',
    'https://2130706433/',
    'https://0x7f000001/',
    'https://[::1]/',
    'https://[::ffff:127.0.0.1]/',
    'https://169.254.169.254/',
    'https://[fd00:ec2::254]/',
  ])('is refused when it reaches a private address: %s', async (url) => {
    await expect(checkTargetUrl(url, strict)).rejects.toMatchObject({
      status: 400,
      message: webhookMessages.forbiddenTarget,
    });
  });

  it('is refused when its host does not resolve', async () => {
    await expect(checkTargetUrl('https://nowhere.example/', strict)).rejects.toMatchObject({
      status: 400,
      message: webhookMessages.unresolvable,
    });
  });

  it('may be http and private with WEBHOOK_ALLOW_PRIVATE_TARGETS', async () => {
    await expect(checkTargetUrl('http://127.0.0.1:8080/', { allowPrivate: true, resolve })).resolves.toBeUndefined();
  });
});

describe("the call's own lookup (DNS rebinding)", () => {
  const lookup = (hostname: string, all: boolean) =>
    new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((done) =>
      guardedLookup(resolve)(hostname, { all }, (error, address) => done({ error, address })),
    );

  it('connects to a public address', async () => {
    expect(await lookup('public.example', false)).toEqual({ error: null, address: '93.184.216.34' });
    expect((await lookup('public.example', true)).address).toEqual([{ address: '93.184.216.34', family: 4 }]);
  });

  it('refuses a name that resolves private now, even partly', async () => {
    expect((await lookup('inside.example', false)).error?.code).toBe('EWEBHOOKFORBIDDEN');
    expect((await lookup('both.example', true)).error?.code).toBe('EWEBHOOKFORBIDDEN');
  });
});
