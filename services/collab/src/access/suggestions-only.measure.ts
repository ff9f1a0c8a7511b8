/*
 * What the editor check (suggestions-only.ts) costs on a 100,000-word book, against the plain way (a
 * copy of the whole document per update, both whole books printed). Not a test (no thresholds); run:
 *   npx tsx services/collab/src/access/suggestions-only.measure.ts
 */
import * as Y from 'yjs';
import type { TiptapDocument, TiptapNode } from '@bookwright/contracts/http';
import { manuscriptFragmentName, manuscriptToYDoc, printedManuscript, yDocToManuscript } from '@bookwright/manuscript';
import { suggestionsOnly } from './suggestions-only';

const words = 'the keeper lit a lamp and the long night came down over the sea and the rocks'.split(' ');
const paragraph = (index: number): TiptapNode => {
  const text = Array.from({ length: 33 }, (_, at) => words[(index + at) % words.length]).join(' ');
  // One paragraph in twenty carries an open suggestion, as a book under review does.
  const content: TiptapNode[] =
    index % 20 === 0
      ? [
          { type: 'text', text: `${text} ` },
          { type: 'text', text: 'suggested words', marks: [{ type: 'insertion', attrs: { id: `ada~${index}~x` } }] },
        ]
      : [{ type: 'text', text }];
  return { type: 'paragraph', attrs: { textAlign: null }, content };
};
const chapters = 30;
const perChapter = 101; // 30 × 101 × 33 ≈ 100,000 words
const book: TiptapDocument = {
  type: 'doc',
  content: Array.from({ length: chapters }, (_, chapter) => [
    {
      type: 'heading',
      attrs: { textAlign: null, level: 1 },
      content: [{ type: 'text', text: `Chapter ${chapter + 1}` }],
    },
    ...Array.from({ length: perChapter }, (_, at) => paragraph(chapter * perChapter + at)),
  ]).flat(),
};

const live = manuscriptToYDoc(book);
let page = new Y.Doc();
let blocks = page.getXmlFragment(manuscriptFragmentName);
/** The editor's page, loaded again from the live document (as after its connection was closed). */
function reload(): void {
  page = new Y.Doc();
  Y.applyUpdate(page, Y.encodeStateAsUpdate(live));
  blocks = page.getXmlFragment(manuscriptFragmentName);
}
reload();

/** One keystroke of the editor's page in block `index`: suggested (marked) or direct. */
function keystroke(index: number, suggested: boolean): Uint8Array {
  const text = (blocks.get(index) as Y.XmlElement).get(0) as Y.XmlText;
  let update: Uint8Array = new Uint8Array();
  const take = (made: Uint8Array) => (update = made);
  page.once('update', take);
  text.insert(5, 'a', suggested ? { insertion: { id: `ed~${index}~k` } } : {});
  return update;
}

const time = (run: () => void): number => {
  const start = performance.now();
  run();
  return performance.now() - start;
};
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(2)} ms`;

const check = suggestionsOnly();
const firstUpdate = keystroke(1500, true);
const first = time(() => check(live, firstUpdate, 'ed', 'editor'));
Y.applyUpdate(live, firstUpdate);

const checks: number[] = [];
for (let i = 0; i < 200; i++) {
  const update = keystroke(1 + ((i * 37) % 3000), true);
  checks.push(time(() => check(live, update, 'ed', 'editor')));
  Y.applyUpdate(live, update);
}

const follows: number[] = [];
for (let i = 0; i < 200; i++) {
  const update = keystroke(1 + ((i * 53) % 3000), false);
  // An owner's keystroke taken by the live document, unchecked: the shadow keeps it for its next check.
  follows.push(time(() => Y.applyUpdate(live, update)));
}

// Every writer's update is checked now (suggestions in someone else's name): an owner's keystroke too.
const ownerChecks: number[] = [];
for (let i = 0; i < 200; i++) {
  const update = keystroke(1 + ((i * 59) % 3000), false);
  ownerChecks.push(time(() => check(live, update, 'ada', 'owner')));
  Y.applyUpdate(live, update);
}

// An owner's keystroke in a block with a suggestion: read on the shadow, which first takes the keystrokes above.
const suggestedBlocks = Array.from({ length: blocks.length }, (_, index) => index).filter((index) =>
  blocks.get(index).toString().includes('<insertion'),
);
const ownerReviewed: number[] = [];
for (let i = 0; i < 100; i++) {
  const update = keystroke(suggestedBlocks[(i * 7) % suggestedBlocks.length]!, false);
  ownerReviewed.push(time(() => check(live, update, 'ada', 'owner')));
  Y.applyUpdate(live, update);
}

// The same owner keystrokes, every one read on the shadow: the check as it was before the fast path.
const before = suggestionsOnly({ everyUpdateOnTheShadow: true });
const builds = keystroke(3, false);
before(live, builds, 'ada', 'owner');
Y.applyUpdate(live, builds);
const ownerBefore: number[] = [];
for (let i = 0; i < 200; i++) {
  const update = keystroke(1 + ((i * 59) % 3000), false);
  ownerBefore.push(time(() => before(live, update, 'ada', 'owner')));
  Y.applyUpdate(live, update);
}

const refusals: number[] = [];
for (let i = 0; i < 20; i++) {
  const update = keystroke(1 + ((i * 71) % 3000), false);
  // A refused update drops the shadow: the next check builds it again (counted with the refusal).
  let problem: string | undefined;
  refusals.push(time(() => (problem = check(live, update, 'ed', 'editor'))));
  if (problem === undefined) throw new Error('a direct keystroke passed');
  reload();
  const next = keystroke(1 + ((i * 71) % 3000), true);
  refusals[refusals.length - 1]! += time(() => check(live, next, 'ed', 'editor'));
  Y.applyUpdate(live, next);
}

// One update suggesting in the first and the last chapter: two runs of blocks, not the book between.
const farApart: number[] = [];
for (let i = 0; i < 20; i++) {
  let update: Uint8Array = new Uint8Array();
  page.once('update', (made: Uint8Array) => (update = made));
  page.transact(() => {
    for (const index of [2 + i, blocks.length - 2 - i])
      ((blocks.get(index) as Y.XmlElement).get(0) as Y.XmlText).insert(5, 'a', { insertion: { id: `ed~${i}~far` } });
  });
  farApart.push(time(() => check(live, update, 'ed', 'editor')));
  Y.applyUpdate(live, update);
}

// The shadow built again, warm (what a document's first editor update costs once the process is running).
const rebuild = keystroke(700, true);
const warmFirst = time(() => suggestionsOnly()(live, rebuild, 'ed', 'editor'));
Y.applyUpdate(live, rebuild);

const wholeBook: number[] = [];
const unchanged: boolean[] = [];
for (let i = 0; i < 10; i++) {
  const update = keystroke(1 + ((i * 91) % 3000), true);
  wholeBook.push(
    time(() => {
      const copy = new Y.Doc();
      Y.applyUpdate(copy, Y.encodeStateAsUpdate(live));
      Y.applyUpdate(copy, update);
      unchanged.push(
        JSON.stringify(printedManuscript(yDocToManuscript(live))) ===
          JSON.stringify(printedManuscript(yDocToManuscript(copy))),
      );
    }),
  );
  Y.applyUpdate(live, update);
}

const say = (line: string) => process.stdout.write(`${line}\n`);
const printedWords = JSON.stringify(printedManuscript(yDocToManuscript(live))).split(' ').length;
say(
  `book: ${chapters * (perChapter + 1)} blocks, about ${printedWords} words, state ${Y.encodeStateAsUpdate(live).length} bytes`,
);
say(`first check (builds the shadow): ${ms(first)}`);
say(`first check on another document, warm: ${ms(warmFirst)}`);
say(`suggested keystroke, checked: median ${ms(median(checks))}, max ${ms(Math.max(...checks))}`);
say(`one update in the first and the last chapter, checked: median ${ms(median(farApart))}`);
say(`owner keystroke taken by the document, the shadow keeping it: median ${ms(median(follows))}`);
say(`owner keystroke, checked: median ${ms(median(ownerChecks))}, max ${ms(Math.max(...ownerChecks))}`);
say(
  `owner keystroke in a block with a suggestion, checked: median ${ms(median(ownerReviewed))}, max ${ms(Math.max(...ownerReviewed))}`,
);
say(
  `owner keystroke, every update read on the shadow (as before the fast path): median ${ms(median(ownerBefore))}, max ${ms(Math.max(...ownerBefore))}`,
);
say(`direct keystroke refused, then the next check: median ${ms(median(refusals))}`);
say(
  `the whole book copied and printed twice, per update: median ${ms(median(wholeBook))} (unchanged: ${unchanged.every(Boolean)})`,
);
