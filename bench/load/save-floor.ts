/**
 * The floor of a save (issue 22): partial saves of a one-chapter, two-paragraph manuscript, one author on
 * one keep-alive connection, each on the ETag the previous one answered — the whole path of
 * `PATCH /book/content/{id}` (gateway, bus, book service, one transaction, the outbox relay) with almost no
 * text to move. Whatever a save of a 100-page book costs above this is the manuscript's; what this costs is
 * the path's. Not part of `npm run bench`.
 *
 * `--body whole` saves the 100-page manuscript of the load bench instead, whole (`bookContent`), each
 * save changing one chapter: what a whole save costs above the floor. `--body chapter` makes the partial
 * saves of the load bench's partial-save row (partial-save.ts): one chapter of the 100-page manuscript.
 *
 *   node --import tsx bench/load/save-floor.ts [--mode embedded|distributed] [--seconds 6] [--body tiny|whole|chapter]
 */
import { parseArgs } from 'node:util';
import { prepareAuthors } from './authors';
import { manuscript, manuscriptChapters } from './manuscript';
import { partialSave, partialSeed } from './partial-save';
import { startSystemProcess, type Mode } from './system-process';
import { SaveLoop } from './sequential-saves';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '6' },
    mode: { type: 'string', default: 'embedded' },
    body: { type: 'string', default: 'tiny' },
  },
});
const whole = values.body === 'whole';
const oneChapter = values.body === 'chapter';
const seconds = Number(values.seconds);
const mode: Mode = values.mode === 'distributed' ? 'distributed' : 'embedded';

const tinyChapter = (edit: number) => [
  { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'One' }] },
  { type: 'paragraph', content: [{ type: 'text', text: `edit ${edit}` }] },
];

const system = await startSystemProcess(mode);
try {
  const [author] = await prepareAuthors(system.url, 1);
  if (!author) throw new Error('no author');
  const headers = { cookie: author.cookie, 'x-xsrf-token': author.xsrf, 'content-type': 'application/json' };
  const seed = whole
    ? manuscript(0, 0, 0)
    : oneChapter
      ? partialSeed()
      : JSON.stringify({ type: 'doc', content: tinyChapter(0) });
  const seeded = await fetch(`${system.url}/api/v1/book/content/${author.bookId}`, {
    method: 'PATCH',
    headers,
    body: JSON.stringify({ bookContent: seed }),
  });
  if (!seeded.ok) throw new Error(`seeding answered ${seeded.status}`);
  await seeded.text();

  // The load bench's loop (sequential-saves.ts): each save on the ETag the previous one answered.
  const loop = new SaveLoop(system.url, author, seeded.headers.get('etag') ?? '', (edit) =>
    whole
      ? JSON.stringify({ bookContent: manuscript(0, edit % manuscriptChapters, edit) })
      : oneChapter
        ? partialSave(edit)
        : JSON.stringify({ chapters: [{ index: 0, content: tinyChapter(edit) }] }),
  );
  const cpuBefore = await system.cpuMs();
  await loop.run(seconds);
  const measured = loop.measure;
  if (measured.errors > 0) throw new Error(`${measured.errors} of ${measured.saves} saves failed`);
  const cpuPerSave = ((await system.cpuMs()) - cpuBefore) / measured.saves;
  const at = (p: number) => loop.latencyAt(p).toFixed(1);
  console.log(
    `${mode}: ${measured.rps.toFixed(0)} saves/s of ${whole ? 'the whole 100-page manuscript' : oneChapter ? 'one chapter of the 100-page manuscript' : 'a two-paragraph chapter'}, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, ${cpuPerSave.toFixed(1)} ms of the system's CPU a save`,
  );
} finally {
  await system.stop();
}
