import { describe, expect, it } from 'vitest';
import {
  addFragment,
  EMPTY_TRANSCRIPT,
  mergeTranscript,
  wordOverlap,
  type TranscriptFragment,
  type TranscriptState,
} from '../../../src/transcript/merge';

const T0 = 1_700_000_000_000;
const user = (text: string, at: number): TranscriptFragment => ({ role: 'user', text, timestamp: T0 + at });
const assistant = (text: string, at: number): TranscriptFragment => ({ role: 'assistant', text, timestamp: T0 + at });

/** Runs fragments through both forms and checks they agree. */
function merge(fragments: TranscriptFragment[]) {
  let state: TranscriptState = EMPTY_TRANSCRIPT;
  const results = fragments.map((fragment) => {
    const next = addFragment(state, fragment);
    state = next.state;
    return next.result;
  });
  expect(mergeTranscript(fragments)).toEqual(state.entries);
  return { entries: state.entries, results };
}

/** A sentence of `total` distinct words, of which the first `shared` also appear in BASE. */
const BASE = Array.from({ length: 100 }, (_, i) => `word${i}`).join(' ');
const sentence = (shared: number, total: number) =>
  [
    ...Array.from({ length: shared }, (_, i) => `word${i}`),
    ...Array.from({ length: total - shared }, (_, i) => `other${i}`),
  ].join(' ');

describe('merge window (less than 3000 ms)', () => {
  it.each([
    [2999, 'merged', 1],
    [3000, 'added', 2],
    [0, 'merged', 1],
    [5000, 'added', 2],
  ] as const)('same speaker %i ms later: %s', (gap, result, count) => {
    const { entries, results } = merge([user('I would like', 0), user('a blue hoodie', gap)]);
    expect(results[1]).toBe(result);
    expect(entries).toHaveLength(count);
    if (count === 1)
      expect(entries[0]).toEqual({ role: 'user', text: 'I would like a blue hoodie', timestamp: T0 + gap });
  });

  it('measures the window from the last merged fragment', () => {
    const { entries } = merge([user('one two three', 0), user('four five six', 2500), user('seven eight nine', 5000)]);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.text).toBe('one two three four five six seven eight nine');
  });

  it('another speaker always starts a new entry', () => {
    const { entries } = merge([
      user('Do you ship abroad?', 0),
      assistant('Yes, to 40 countries.', 500),
      user('Great, thanks!', 1000),
    ]);
    expect(entries.map((entry) => entry.role)).toEqual(['user', 'assistant', 'user']);
  });
});

describe('duplicates (more than 85% word overlap)', () => {
  it.each([
    [85, 'merged'],
    [86, 'dropped-duplicate'],
    [100, 'dropped-duplicate'],
    [0, 'merged'],
  ] as const)('%i of 100 words shared with the previous fragment: %s', (shared, result) => {
    const { results } = merge([user(BASE, 0), user(sentence(shared, 100), 1000)]);
    expect(results[1]).toBe(result);
  });

  it.each([
    ['exactly 0.85', 17, 20, 0.85],
    ['just over', 6, 7, 6 / 7],
  ])('wordOverlap %s', (_, shared, total, overlap) => {
    expect(wordOverlap(sentence(shared, total), BASE)).toBeCloseTo(overlap, 10);
  });

  it('ignores case and punctuation when comparing words', () => {
    expect(wordOverlap('Hello, World!', 'hello world')).toBe(1);
  });

  it("compares with the same speaker's previous fragment only", () => {
    const { results } = merge([user('I need a gift for my sister', 0), assistant('I need a gift for my sister', 100)]);
    expect(results).toEqual(['added', 'added']);
  });

  it('a repeated final transcript is dropped even after the window', () => {
    const { entries, results } = merge([
      assistant('Your order ships tomorrow.', 0),
      assistant('Your order ships tomorrow.', 10_000),
    ]);
    expect(results[1]).toBe('dropped-duplicate');
    expect(entries).toHaveLength(1);
  });
});

describe('minimum length (3 characters)', () => {
  it.each([
    ['ok', 'dropped-short'],
    ['yes', 'added'],
    ['  a ', 'dropped-short'],
    ['hi!', 'added'],
    ['', 'dropped-short'],
  ] as const)('%j: %s', (text, result) => {
    expect(merge([user(text, 0)]).results[0]).toBe(result);
  });

  it('folds white space before measuring', () => {
    expect(merge([user('  a  b  ', 0)]).entries).toEqual([{ role: 'user', text: 'a b', timestamp: T0 }]);
  });
});

describe('addFragment', () => {
  it('never changes the state it was given', () => {
    const before = addFragment(EMPTY_TRANSCRIPT, user('hello there', 0)).state;
    const snapshot = JSON.stringify(before);
    addFragment(before, user('how are you', 100));
    expect(JSON.stringify(before)).toBe(snapshot);
  });
});
