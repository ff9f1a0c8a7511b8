import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { mentionedMembers } from './mentions';

const ada = { id: 'ada', name: 'Ada Lovelace', email: 'ada@example.com' };
const adam = { id: 'adam', name: 'Ada', email: 'adam.smith@example.com' };
const grace = { id: 'grace', name: 'Grace  Hopper', email: 'g.hopper@navy.example' };
const people = [ada, adam, grace];

describe('@mentions in a comment', () => {
  it('finds members by full name or email local part, whatever the case, each once, in order', () => {
    expect(mentionedMembers('@grace hopper, see @Ada Lovelace.', people)).toEqual(['grace', 'ada']);
    expect(mentionedMembers('Thanks @G.Hopper and @Grace Hopper!', people)).toEqual(['grace']);
    expect(mentionedMembers('@adam.smith: yes', people)).toEqual(['adam']);
  });

  it('takes the longest handle that fits at each @, and everyone who answers to it', () => {
    expect(mentionedMembers('@Ada Lovelace wrote this', people)).toEqual(['ada']);
    // "ada" is her address's local part and his name.
    expect(mentionedMembers('@Ada wrote this', people)).toEqual(['ada', 'adam']);
  });

  it('mentions no one from an address, a longer word or a stranger', () => {
    expect(mentionedMembers('write to ada@example.com', people)).toEqual([]);
    expect(mentionedMembers('@Adamant and @Grace Hoppers', people)).toEqual([]);
    expect(mentionedMembers('@Someone Else', people)).toEqual([]);
    expect(mentionedMembers('a@b @', people)).toEqual([]);
  });

  test.prop([fc.string({ maxLength: 300 }).map((s) => s.replaceAll('@', ''))])('needs an @', (text) => {
    expect(mentionedMembers(text, people)).toEqual([]);
  });

  test.prop([fc.string({ maxLength: 2000 })])('only ever names members of the book', (text) => {
    for (const id of mentionedMembers(text, people)) expect(people.map((p) => p.id)).toContain(id);
  });
});
