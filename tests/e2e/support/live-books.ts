import { afterEach, beforeAll, expect } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type {
  AcceptedInvitation,
  Book,
  CreatedInvitation,
  SharedRole,
  TiptapDocument,
  TiptapNode,
  User,
} from '@bookwright/contracts/http';
import { readyBook } from '../../support/books';
import { newAccount, type HttpClient } from '../../support/test-system';
import type { BrowserWorld } from './world';

/** One person on a shared book: their API client (signed in) and how the pages name them. */
export interface Person {
  client: HttpClient;
  id: string;
  name: string;
  email: string;
}

/** A written book (the offline writer's) and the people it is shared with, each having accepted their invitation. */
export interface SharedBook {
  book: Book;
  owner: Person;
  people: Record<SharedRole, Person | undefined>;
}

async function signUp(world: BrowserWorld, firstName: string, lastName: string): Promise<Person> {
  const client = world.system.client();
  const account = newAccount({ firstName, lastName });
  const signedUp = await client.post('/api/v1/auth/sign-up', account);
  expect(signedUp.status, JSON.stringify(signedUp.body)).toBe(201);
  const me = await client.get<User>('/api/v1/user/current-user');
  return { client, id: me.body._id, name: `${firstName} ${lastName}`, email: account.email };
}

/**
 * Over the API (the sharing journey itself is walked in the UI by sharing.test.ts): the owner's written book,
 * shared with each of `roles` by email, every invitation accepted by a new account of that name.
 */
export async function sharedBook(
  world: BrowserWorld,
  roles: Partial<Record<SharedRole, [string, string]>>,
): Promise<SharedBook> {
  const { client, book } = await readyBook(world.system, { plan: 'professional' });
  const me = await client.get<User>('/api/v1/user/current-user');
  const owner: Person = { client, id: me.body._id, name: 'Ada Lovelace', email: me.body.email };
  const people: SharedBook['people'] = {
    coauthor: undefined,
    editor: undefined,
    commenter: undefined,
    viewer: undefined,
  };
  for (const [role, [first, last]] of Object.entries(roles) as [SharedRole, [string, string]][]) {
    const person = await signUp(world, first, last);
    const invited = await client.post<CreatedInvitation>(`/api/v1/book/${book._id}/members`, {
      email: person.email,
      role,
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const token = invited.body.link.split('/').pop()!;
    const accepted = await person.client.post<AcceptedInvitation>(`/api/v1/invitations/${token}/accept`);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    people[role] = person;
  }
  return { book, owner, people };
}

/** A page of its own browser context (its own cookies and IndexedDB) signed in as `person`. */
export async function pageOf(
  world: BrowserWorld,
  person: Person,
  errors: string[],
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await world.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
  // Signed in as the account the API signed up: its cookies (the session and the CSRF token) copied in.
  await context.addCookies([...person.client.cookies].map(([name, value]) => ({ name, value, url: world.system.url })));
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(`${person.name}: ${error.message}`));
  return { context, page };
}

/**
 * A suite's shared book and its people's pages: the book is shared with `roles` before the suite's tests,
 * each `open` is a browser context of its own, closed after each test, whose page errors fail that test.
 */
export function useSharedLiveBook(world: BrowserWorld, roles: Partial<Record<SharedRole, [string, string]>>) {
  let shared: SharedBook | undefined;
  const errors: string[] = [];
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    shared = await sharedBook(world, roles);
  }, 240_000);
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
    expect(errors.splice(0)).toEqual([]);
  });
  return {
    get shared(): SharedBook {
      if (!shared) throw new Error('the shared book is made before the suite’s tests');
      return shared;
    },
    /** Page errors of the suite's pages, for a page the suite opens in another way. */
    errors,
    async open(who: Person): Promise<{ context: BrowserContext; page: Page }> {
      const opened = await pageOf(world, who, errors);
      contexts.push(opened.context);
      return opened;
    },
  };
}

/** The manuscript editor of a page. */
export const manuscriptOf = (page: Page): Locator => page.getByRole('textbox', { name: 'Manuscript' });

/**
 * Opens the book's editor and waits until the live editor shows the server's document (the live editor
 * marks itself data-live, and holds no text before the first sync).
 */
export async function openLiveBook(page: Page, url: string, bookId: string): Promise<Locator> {
  await page.goto(`${url}/app/edit/${bookId}`);
  const manuscript = manuscriptOf(page);
  try {
    await page.locator('#manuscript[data-live="true"] h1').first().waitFor({ timeout: 60_000 });
  } catch (error) {
    // What the page showed instead, for the report.
    const shown = await page
      .locator('main, body')
      .first()
      .innerText()
      .catch(() => '');
    throw new Error(`the live book did not open: ${String(error)}\npage: ${shown.slice(0, 400)}`);
  }
  return manuscript;
}

/**
 * The text of each top-level block of the page's manuscript as the reader sees it: the other people's carets
 * (their names, drawn inside the text) left out.
 */
export function shownBlocks(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const editor = document.querySelector('#manuscript');
    if (!editor) return [];
    const copy = editor.cloneNode(true) as HTMLElement;
    for (const caret of Array.from(copy.querySelectorAll('[data-testid="collab-caret"]'))) caret.remove();
    return Array.from(copy.children).map((block) => block.textContent ?? '');
  });
}

function textOf(node: TiptapNode): string {
  if (node.type === 'text') return node.text ?? '';
  return (node.content ?? []).map(textOf).join('');
}

/** The text of each top-level block of a stored manuscript (the book's bookContent). */
export function storedBlocks(bookContent: string | null | undefined): string[] {
  if (!bookContent) return [];
  const document = JSON.parse(bookContent) as TiptapDocument;
  return (document.content ?? []).map(textOf);
}

/** How many chapter headings (level 1) a stored manuscript holds. */
export function storedChapterCount(bookContent: string | null | undefined): number {
  if (!bookContent) return 0;
  const document = JSON.parse(bookContent) as TiptapDocument;
  return (document.content ?? []).filter((node) => node.type === 'heading' && node.attrs?.['level'] === 1).length;
}

/**
 * The stored book once `holds` says its blocks (or its stored JSON, for marks) are as wanted: the collab service
 * saves a while after the last edit, so the API is polled (GET /book/{id}, as the editor reads it) rather than
 * slept on. Decisions made on two pages can reach the store in two saves: wait for all of what is wanted.
 */
export async function storedWhen(
  client: HttpClient,
  bookId: string,
  holds: (blocks: string[], bookContent: string) => boolean,
  timeoutMs = 30_000,
): Promise<Book> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const book = (await client.get<Book>(`/api/v1/book/${bookId}`)).body;
    if (holds(storedBlocks(book.bookContent), book.bookContent ?? '')) return book;
    if (Date.now() > deadline)
      throw new Error(
        `the stored book never held the edits: ${storedBlocks(book.bookContent).slice(0, 4).join(' | ')}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Puts the caret at the start of the `index`th paragraph of the manuscript (0: the first): a click at the
 * start of its first line (Home would go to the start of the line clicked, and a paragraph wraps).
 */
export async function caretAtParagraphStart(page: Page, index: number): Promise<void> {
  await page
    .locator('#manuscript > p')
    .nth(index)
    .click({ position: { x: 1, y: 4 } });
}

/** Puts the caret at the end of the `index`th paragraph: the start of the block after it, one step back. */
export async function caretAtParagraphEnd(page: Page, index: number): Promise<void> {
  const next = page.locator('#manuscript > p').nth(index).locator('xpath=following-sibling::*[1]');
  await next.click({ position: { x: 1, y: 4 } });
  await page.keyboard.press('ArrowLeft');
}
