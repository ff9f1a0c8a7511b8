import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as Y from 'yjs';
import { manuscriptFragmentName, memberSuggestionId } from '@bookwright/manuscript';
import { documentShadows } from './document-shadows';
import { footprintOf } from './review-footprint';
import { suggestionsOnly, type CheckPath } from './suggestions-only';
import { copyOf, mayTake, people, randomTurn, sharedBook, turnUpdate, type Person } from './testing-edits';

/*
 * The fast path of the writers' check: an update from the owner or a co-author that neither carries nor
 * touches a suggestion or comment mark is let through unread; every other is read on the shadow as before.
 */

/** What a page makes by writing straight into its Yjs copy of `live` (as a hostile page may). */
function written(live: Y.Doc, write: (blocks: Y.XmlFragment) => void): Uint8Array {
  const page = copyOf(live);
  const updates: Uint8Array[] = [];
  page.on('update', (update: Uint8Array) => updates.push(update));
  write(page.getXmlFragment(manuscriptFragmentName));
  return Y.mergeUpdates(updates);
}

const textOf = (blocks: Y.XmlFragment, index: number) => (blocks.get(index) as Y.XmlElement).get(0) as Y.XmlText;

/** `text` typed into block `index` at `at`, with `format`; without, it takes the formatting of where it lands. */
const typed = (live: Y.Doc, index: number, at: number, text: string, format?: Record<string, unknown>) =>
  written(live, (blocks) => textOf(blocks, index).insert(at, text, format));
const keystroke = (live: Y.Doc, index: number, at: number, format?: Record<string, unknown>) =>
  typed(live, index, at, 'a', format);

/** The check as the message guard runs it, counting which way each update went. */
function countedCheck(options: { everyUpdateOnTheShadow?: boolean } = {}) {
  const paths: CheckPath[] = [];
  const check = suggestionsOnly({ ...options, onCheck: (path) => paths.push(path) });
  return { check, paths };
}

describe('the fast path of the writers’ check', () => {
  it("skips an owner's plain keystroke, and still refuses a forged mark after many of them", () => {
    const live = sharedBook();
    const { check, paths } = countedCheck();
    // One page typing, as in the editor: each keystroke builds on the one before.
    const page = copyOf(live);
    const blocks = page.getXmlFragment(manuscriptFragmentName);
    for (let i = 0; i < 300; i++) {
      let update: Uint8Array = new Uint8Array();
      page.once('update', (made: Uint8Array) => (update = made));
      textOf(blocks, 1 + (i % 4)).insert(3, 'a');
      expect(footprintOf(live, update)).toBe('plain');
      expect(check(live, update, 'ada', 'owner')).toBeUndefined();
      Y.applyUpdate(live, update);
    }
    expect(new Set(paths)).toEqual(new Set(['skipped']));

    const forged = keystroke(live, 2, 4, { insertion: { id: memberSuggestionId('ed', Date.now()) } });
    expect(footprintOf(live, forged)).toBe('review');
    expect(check(live, forged, 'ada', 'owner')).toMatch(/someone else/);
    expect(paths.at(-1)).toBe('on the shadow');
    // Her own suggestion goes through, read on a shadow built from the document as it is now.
    const own = keystroke(live, 2, 4, { insertion: { id: memberSuggestionId('ada', Date.now()) } });
    expect(check(live, own, 'ada', 'owner')).toBeUndefined();
  });

  it("lets through a page's next keystrokes checked before Hocuspocus applied the ones before them", () => {
    // Two messages in one read of the socket: Hocuspocus checks both before it applies the first.
    for (const who of ['ada', 'ed'] as const) {
      const live = sharedBook();
      const { check, paths } = countedCheck();
      const page = copyOf(live);
      const blocks = page.getXmlFragment(manuscriptFragmentName);
      const made: Uint8Array[] = [];
      page.on('update', (update: Uint8Array) => made.push(update));
      const suggesting = who === 'ed' ? { insertion: { id: memberSuggestionId('ed', Date.now()) } } : undefined;
      for (let i = 0; i < 3; i++) textOf(blocks, 2).insert(4 + i, 'abc'[i]!, suggesting);
      // All three checked first (each builds on the one before), then all applied.
      for (const update of made) expect(check(live, update, who, people[who])).toBeUndefined();
      for (const update of made) Y.applyUpdate(live, update);
      expect(textOf(live.getXmlFragment(manuscriptFragmentName), 2).toString()).toContain('abc');
      // The owner's first is plain (skipped); the two after it wait for it, read on the shadow with it.
      expect(paths).toEqual(
        who === 'ada' ? ['skipped', 'on the shadow', 'on the shadow'] : Array(3).fill('on the shadow'),
      );
      // And the next keystroke, after all are in, is checked as usual.
      const next = keystroke(live, 1, 1, suggesting);
      expect(check(live, next, who, people[who])).toBeUndefined();
    }
  });

  it('forgets an update let through that never reached the document, and the shadow that held it', () => {
    let now = 0;
    const shadows = documentShadows(() => now);
    const live = sharedBook();
    const lost = keystroke(live, 1, 1);
    shadows.letThrough(live, lost);
    const shadow = shadows.upToDate(live);
    expect(textOf(shadow.getXmlFragment(manuscriptFragmentName), 1).toString()).toMatch(/^.a/);
    expect(shadows.inFlight(live)).toBe(1);
    // The document takes another page's keystroke; the lost one never comes.
    Y.applyUpdate(live, keystroke(live, 2, 0));
    now = 60_000;
    expect(shadows.inFlight(live)).toBe(0);
    expect(shadows.has(live)).toBe(false);
    const rebuilt = shadows.upToDate(live);
    expect(Y.encodeStateVector(rebuilt)).toEqual(Y.encodeStateVector(live));
    // One the document took is let go, and the shadow kept.
    const taken = keystroke(live, 3, 0);
    shadows.letThrough(live, taken);
    Y.applyUpdate(live, taken);
    expect(shadows.inFlight(live)).toBe(0);
    expect(shadows.has(live)).toBe(true);
  });

  it('reads a plain update on the shadow when it touches a block with a suggestion or a comment', () => {
    const live = sharedBook();
    const { check, paths } = countedCheck();
    const suggested = typed(live, 2, 4, 'brass ', { insertion: { id: memberSuggestionId('ed', Date.now()) } });
    expect(check(live, suggested, 'ed', 'editor')).toBeUndefined();
    Y.applyUpdate(live, suggested);
    const commented = written(live, (blocks) => textOf(blocks, 3).format(0, 5, { comment: { commentId: 'c-1' } }));
    Y.applyUpdate(live, commented);

    // Plain text typed inside Ed's insertion comes out under his name: the fast path must not let it by.
    const intoHis = keystroke(live, 2, 6);
    expect(
      Y.decodeUpdate(intoHis).structs.some(
        (struct) => struct instanceof Y.Item && struct.content instanceof Y.ContentFormat,
      ),
    ).toBe(false);
    expect(footprintOf(live, intoHis)).toBe('review');
    expect(check(live, intoHis, 'ada', 'owner')).toMatch(/someone else/);
    expect(footprintOf(live, keystroke(live, 3, 1))).toBe('review');
    // Elsewhere in those blocks' neighbours, a plain keystroke is plain again.
    expect(footprintOf(live, keystroke(live, 1, 1))).toBe('plain');
    // Deleting the block with the comment touches it.
    expect(
      footprintOf(
        live,
        written(live, (blocks) => blocks.delete(3, 1)),
      ),
    ).toBe('review');
    expect(paths).toEqual(['on the shadow', 'on the shadow']);
  });

  it('reads every update of an editor on the shadow, but one that changes nothing', () => {
    const live = sharedBook();
    const { check, paths } = countedCheck();
    expect(check(live, keystroke(live, 1, 3), 'ed', 'editor')).toMatch(/printed/);
    // A page's answer to the first sync step when it holds nothing new.
    const nothingNew = Y.encodeStateAsUpdate(copyOf(live), Y.encodeStateVector(live));
    expect(footprintOf(live, nothingNew)).toBe('nothing');
    expect(check(live, nothingNew, 'ed', 'editor')).toBeUndefined();
    expect(paths).toEqual(['on the shadow', 'skipped']);
  });

  it('leaves to the full check an update it cannot place: outside the manuscript, waiting, or loose at the top', () => {
    const live = sharedBook();
    const page = copyOf(live);
    const updates: Uint8Array[] = [];
    page.on('update', (update: Uint8Array) => updates.push(update));
    textOf(page.getXmlFragment(manuscriptFragmentName), 1).insert(0, 'a');
    textOf(page.getXmlFragment(manuscriptFragmentName), 1).insert(1, 'b');
    expect(footprintOf(live, updates[1]!)).toBe('review');
    const other = copyOf(live);
    other.on('update', (update: Uint8Array) => updates.push(update));
    other.getMap('elsewhere').set('x', 1);
    expect(footprintOf(live, updates[2]!)).toBe('review');
    expect(suggestionsOnly()(live, updates[2]!, 'ada', 'owner')).toMatch(/outside/);
    const loose = written(live, (blocks) => blocks.insert(1, [new Y.XmlText('loose')]));
    expect(footprintOf(live, loose)).toBe('review');
    expect(suggestionsOnly()(live, loose, 'ada', 'owner')).toMatch(/other than a block/);
    expect(footprintOf(live, new Uint8Array([1, 2, 3]))).toBe('review');
  });

  it('gives the verdict of the full check on every update of random turns and forgeries', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(randomTurn, fc.nat(20), fc.double({ min: 0, max: 1, noNaN: true }), fc.boolean()), {
          minLength: 1,
          maxLength: 10,
        }),
        fc.constantFrom<Person>('ed', 'ada'),
        (turns, victim) => {
          const live = sharedBook();
          const fast = countedCheck();
          const full = suggestionsOnly({ everyUpdateOnTheShadow: true });
          const agree = (update: Uint8Array, who: Person) => {
            const verdict = fast.check(live, update, who, people[who]);
            expect(verdict).toEqual(full(live, update, who, people[who]));
            return verdict;
          };
          for (const [turn, block, at, plainForgery] of turns) {
            if (!mayTake(turn)) continue;
            const update = turnUpdate(live, turn);
            if (!update) continue; // an edit the library or ProseMirror cannot make here
            if (agree(update, turn.who) === undefined) Y.applyUpdate(live, update);
            // A co-author's forgery: text marked as someone else's, or plain text typed into whatever a
            // block holds (someone's suggestion, when one is there).
            const forgery = written(live, (blocks) => {
              const element = blocks.get(block % blocks.length);
              const text = element instanceof Y.XmlElement ? element.get(0) : undefined;
              if (!(text instanceof Y.XmlText)) return;
              const format = plainForgery ? {} : { insertion: { id: memberSuggestionId(victim, Date.now()) } };
              text.insert(Math.round(at * text.length), 'forged', format);
            });
            agree(forgery, 'cora');
          }
        },
      ),
      { numRuns: 60 },
    );
    // Many random books through the library: seconds alone, more on a shared machine (not a timing check).
  }, 120_000);
});
