import { describe, expect, it } from 'vitest';
import type { User } from '@bookwright/contracts/http';
import { browserAvailable } from './support/browser';
import { signUpAndPayForStarter, useStripeBrowserWorld } from './support/stripe-world';

/**
 * The paying journey in a real browser, with Stripe played by the local Stripe-like server: sign up from a
 * landing-page plan link, pay on the (test) Checkout page, Stripe's signed webhooks reach the app, the
 * author lands on /app/success and then in the app on the plan; a failed renewal shows the notice.
 */
describe.skipIf(!browserAvailable())('paying with Stripe in the browser', () => {
  const world = useStripeBrowserWorld();

  it('signs up with ?accountType=, pays on Checkout, and arrives in the app on the plan', async () => {
    const page = await (await world.browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await signUpAndPayForStarter(page, world);
    await expect.poll(() => page.getByRole('heading', { name: /Welcome to/ }).count()).toBe(1);
    expect(await page.getByText('Local plan').count()).toBe(0);
    await page.getByRole('link', { name: 'Start Writing' }).click();
    await page.waitForURL(`${world.system.url}/app`);
    await expect.poll(() => page.getByRole('link', { name: /Home/ }).count()).toBeGreaterThan(0);

    const me = await page.evaluate(async () => (await fetch('/api/v1/user/current-user')).json() as Promise<User>);
    expect(me).toMatchObject({ accountType: 'starter', subscriptionStatus: 'active', booksLeftThisMonth: 10 });

    // The renewal fails: Stripe tells the app, and the app tells the author.
    const failed = world.stripe.renew(me.stripeSubscriptionId!, 'failed');
    await world.deliver('invoice.payment_failed', failed.invoice);
    await page.reload();
    await expect.poll(() => page.getByText('Your last payment failed.').count()).toBe(1);
    if (process.env.BILLING_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.BILLING_SCREENSHOTS}/past-due-1280.png` });
    await page.context().close();
  });

  it('takes a signed-out visitor from /choose-plan through sign-up to Checkout, then prices a switch before it', async () => {
    const page = await (await world.browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await page.goto(`${world.system.url}/choose-plan`);
    await page.getByRole('button', { name: /Get Started with Starter/ }).click();
    await page.waitForURL(`${world.system.url}/signup?accountType=starter`);
    await signUpAndPayForStarter(page, world);

    // A switch shows Stripe's price first, and changes nothing until it is confirmed.
    await page.goto(`${world.system.url}/app/settings?tab=billing`);
    await page.getByRole('button', { name: 'Change Plan' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Choose' }).click();
    const confirm = page.getByRole('dialog', { name: 'Switch to Professional?' });
    await expect.poll(() => confirm.getByText('€70/month').count()).toBe(1);
    const before = await page.evaluate(async () => (await fetch('/api/v1/user/current-user')).json() as Promise<User>);
    expect(before.accountType).toBe('starter');
    await confirm.getByRole('button', { name: 'Confirm switch' }).click();
    await expect.poll(() => page.getByTestId('current-plan').textContent()).toBe('Professional');
    await page.context().close();
  });
});
