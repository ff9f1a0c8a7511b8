import { describe, expect, it } from 'vitest';
import { collabCloseCodes, collabCloseReasons } from '@bookwright/contracts/http';
import { closeActionOf, collabTokenOf } from './collabContract';

describe('a close of the live connection', () => {
  it.each([
    ['access-removed', 'stop'],
    ['book-gone', 'stop'],
    ['role-changed', 'rejoin'],
    ['token-expired', 'rejoin'],
    ['invalid-message', 'reload'],
    ['read-only', 'reload'],
    ['unavailable', 'later'],
  ] as const)('for %s, by its reason (a close of the document) or its code (of the socket): %s', (reason, action) => {
    expect(closeActionOf({ code: 1000, reason })).toBe(action);
    expect(closeActionOf({ code: collabCloseCodes[reason], reason: '' })).toBe(action);
  });

  it('knows every reason the contracts name', () => {
    for (const reason of Object.values(collabCloseReasons))
      expect(closeActionOf({ code: 1000, reason })).not.toBe('network');
  });

  it('is the network’s when neither says more (the socket dropped, the server restarts)', () => {
    expect(closeActionOf({ code: 1006, reason: '' })).toBe('network');
    expect(closeActionOf({ code: 1000, reason: 'Server closed the connection' })).toBe('network');
    expect(closeActionOf({ code: 1012 })).toBe('network');
    expect(closeActionOf({ code: 1000, reason: 'constructor' })).toBe('network');
  });
});

describe('the token route’s answer', () => {
  const token = {
    token: 'abc',
    expiresAt: '2026-11-28T10:05:00.000Z',
    role: 'coauthor',
    readOnly: false,
    url: '/collab',
    documentName: 'book:b1',
  };
  it('is taken as it is when it is one', () => {
    expect(collabTokenOf(token)).toEqual(token);
  });
  it('is refused otherwise', () => {
    expect(collabTokenOf({ ...token, role: 'boss' })).toBeUndefined();
    expect(collabTokenOf({ ...token, expiresAt: 'soon' })).toBeUndefined();
    expect(collabTokenOf({ ...token, url: 'wss://elsewhere.example/collab' })).toBeUndefined();
    expect(collabTokenOf('abc')).toBeUndefined();
  });
});
