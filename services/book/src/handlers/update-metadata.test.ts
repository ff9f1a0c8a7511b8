import { afterEach, describe, expect, it } from 'vitest';
import { requests } from '@bookwright/contracts/bus';
import { type UpdateMetadataRequest } from '@bookwright/contracts/http';
import { oneBook } from '../testing/one-book';
import { getBook } from './get';
import { updateMetadata } from './update-metadata';

const cleanUps: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0)) await cleanUp();
});

const metadata = (keywords: UpdateMetadataRequest['keywords']): UpdateMetadataRequest => ({
  title: 'Die Briefe der Leuchtturmwärterin',
  author: 'A. Author',
  identifier: 'id-1',
  languageMetadata: 'de',
  genreMetadata: 'mystery',
  publisher: null,
  description: null,
  keywords,
  rights: null,
  publicationDate: null,
  isbn: null,
  subtitle: null,
});

describe('metadata keywords', () => {
  it('are stored once each, ignoring case and surrounding space, the first spelling kept', async () => {
    const world = await oneBook('ready');
    cleanUps.push(world.close);
    const keywords = ['Leuchtturm', ' leuchtturm ', 'Mut', 'MUT', ' Meer'];
    // As the bus hands it over (parsed by the request schema), and as a caller that skipped the schema.
    const parsed = requests.book.updateMetadata.request.parse({
      userId: 'u1',
      bookId: 'b1',
      metadata: metadata(keywords),
    });
    expect((await updateMetadata(world.deps)(parsed)).keywords).toEqual(['Leuchtturm', 'Mut', 'Meer']);
    const raw = await updateMetadata(world.deps)({ userId: 'u1', bookId: 'b1', metadata: metadata(['Mut', 'mut']) });
    expect(raw.keywords).toEqual(['Mut']);
    expect((await getBook(world.deps)({ userId: 'u1', bookId: 'b1' })).keywords).toEqual(['Mut']);
  });
});
