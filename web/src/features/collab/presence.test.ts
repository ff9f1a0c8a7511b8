import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { initialsOf, peopleInBook, presenceUserOf } from './presence';
import { presenceColorOf } from './presenceColors';

const cursor = (n: number) => ({
  anchor: { type: null, tname: 'manuscript', item: { client: 1, clock: n } },
  head: { type: null, tname: 'manuscript', item: { client: 1, clock: n } },
});
const state = (id: string, name: string, extra: object = {}) => ({ user: { id, name, color: '#000000' }, ...extra });

describe('the people in a live book, from the awareness states', () => {
  it('lists each other person once, with all their pages and carets, in the order of their names', () => {
    const states = new Map<number, unknown>([
      [11, state('u-grace', 'Grace Hopper', { cursor: cursor(1) })],
      [12, state('u-ada', 'Ada Lovelace')],
      [13, state('u-grace', 'Grace Hopper', { cursor: cursor(2) })],
    ]);
    const people = peopleInBook(states, 'u-me');
    expect(people.map((p) => p.name)).toEqual(['Ada Lovelace', 'Grace Hopper']);
    const grace = people[1]!;
    expect(grace.clientIds).toEqual([11, 13]);
    expect(grace.cursors).toHaveLength(2);
    expect(grace.initials).toBe('GH');
    expect(grace.color).toEqual(presenceColorOf('u-grace'));
    expect(people[0]!.cursors).toEqual([]);
  });

  it('leaves out the reader, on every page of theirs', () => {
    const states = new Map<number, unknown>([
      [1, state('u-me', 'Me')],
      [2, state('u-me', 'Me')],
      [3, state('u-ada', 'Ada')],
    ]);
    expect(peopleInBook(states, 'u-me').map((p) => p.userId)).toEqual(['u-ada']);
  });

  it('ignores pages that name nobody (still starting, or not ours) and malformed carets', () => {
    const states = new Map<number, unknown>([
      [1, {}],
      [2, null],
      [3, { user: { name: 'No id' } }],
      [4, { user: 'Ada' }],
      [5, state('u-ada', 'Ada', { cursor: { anchor: 1, head: 2 } })],
    ]);
    const people = peopleInBook(states, undefined);
    expect(people.map((p) => p.userId)).toEqual(['u-ada']);
    expect(people[0]!.cursors).toEqual([]);
  });

  it('keeps names to what a label can show, and falls back to the id for a blank one', () => {
    expect(presenceUserOf(state('u-1', `  ${'x'.repeat(200)}  `))?.name).toHaveLength(80);
    expect(presenceUserOf(state('u-1', '   '))?.name).toBe('u-1');
  });

  it('never throws, whatever other pages put in their state', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer(), fc.anything())), fc.option(fc.string()), (entries, self) => {
        const people = peopleInBook(new Map(entries), self ?? undefined);
        for (const person of people) expect(person.userId).not.toBe(self);
        expect(new Set(people.map((p) => p.userId)).size).toBe(people.length);
      }),
    );
  });
});

describe('initials', () => {
  it.each([
    ['Ada Lovelace', 'AL'],
    ['grace', 'G'],
    ['Jean-Luc  de la Roche', 'JR'],
    ['  ', '?'],
    ['élodie durand', 'ÉD'],
    ['😀 Smile', '😀S'],
  ])('of %j are %j', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});
