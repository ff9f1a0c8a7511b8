import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { planMessages } from '@bookwright/contracts/http';

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

/** The book the browser journeys write: a literary mystery, planned and written by the offline writer. */
export const journeyBook = {
  title: 'The Keeper of Letters',
  prompt: 'A lighthouse keeper on a Baltic island finds letters from a sailor who vanished a century ago.',
} as const;

/**
 * From the library: describes a book and waits until its structure waits for review ("Action needed");
 * returns the book's card (`data-status="validation"`).
 */
export async function bookToReview(page: Page, title: string = journeyBook.title): Promise<Locator> {
  await page.getByLabel('What will your next book be about?').fill(journeyBook.prompt);
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Language').selectOption('english');
  await page.getByLabel('Target audience').fill('Adult readers of literary mysteries');
  await page.getByLabel('Genre').selectOption('mystery');
  await page.getByRole('button', { name: 'Create Book' }).click();
  await page.getByText(planMessages.started).waitFor();
  const card = page.getByTestId('library-book').filter({ hasText: title });
  await expect.poll(() => card.getAttribute('data-status'), { timeout: 30_000 }).toBe('validation');
  return card;
}

/**
 * From the library: describes a book, confirms its structure and waits until it is written, ending on the
 * library with the book's card (`data-status="ready"`) returned.
 */
export async function writeReadyBook(page: Page, baseUrl: string, title: string = journeyBook.title) {
  const card = await bookToReview(page, title);
  await card.getByRole('link').click();
  await page.getByRole('button', { name: 'Confirm and start writing' }).first().click();
  await page.waitForURL(`${baseUrl}/app`);
  await expect.poll(() => card.getAttribute('data-status'), { timeout: 90_000 }).toBe('ready');
  return card;
}

/** Opens a ready book's card in the editor and waits for the manuscript; returns the editor's header. */
export async function openInEditor(page: Page, card: Locator, title: string) {
  await card.getByRole('link').click();
  await page.waitForURL(/\/app\/edit\/[0-9a-f-]{36}$/);
  await page.getByRole('textbox', { name: 'Manuscript' }).waitFor();
  return editorHeader(page, title);
}

/**
 * Opens a book in the editor by its address (a book made over the API, whose card the page has not seen) and
 * waits for the manuscript; returns the editor's header.
 */
export async function openEditorOf(page: Page, baseUrl: string, book: { _id: string; title: string }) {
  await page.goto(`${baseUrl}/app/edit/${book._id}`);
  await page.getByRole('textbox', { name: 'Manuscript' }).waitFor();
  return editorHeader(page, book.title);
}

/** The editor's header: the one holding the book's title. */
const editorHeader = (page: Page, title: string) =>
  page.locator('header').filter({ has: page.getByRole('heading', { level: 1, name: title }) });
