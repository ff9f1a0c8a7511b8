import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';

/**
 * Signs a new author up through the UI and chooses the Starter plan (the local billing provider activates
 * it at once), ending on /app. Returns the email used.
 */
export async function signUpWithStarterPlan(page: Page, baseUrl: string): Promise<string> {
  const url = (path: string) => `${baseUrl}${path}`;
  const email = `ada.${randomBytes(4).toString('hex')}@example.com`;
  await page.goto(url('/signup'));
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('quill and parchment');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL(url('/choose-plan'));
  await page.getByRole('button', { name: /Get Started with Starter/ }).click();
  await page.waitForURL(url('/app/success'));
  await page.getByRole('link', { name: 'Start Writing' }).click();
  await page.waitForURL(url('/app'));
  return email;
}
