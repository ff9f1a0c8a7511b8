import { describe, expect, it } from 'vitest';
import { editingModeOf } from './editingMode';

describe('live or solo', () => {
  it('is live when the book says anyone besides its owner is on it, solo when it says nobody', () => {
    expect(editingModeOf({ live: true })).toBe('live');
    expect(editingModeOf({ live: false })).toBe('solo');
  });

  it('waits for the book', () => {
    expect(editingModeOf(undefined)).toBe('deciding');
  });

  it('falls back to solo for a book that does not say (a save’s answer held in the cache)', () => {
    expect(editingModeOf({})).toBe('solo');
  });
});
