import { describe, expect, it } from 'vitest';
import { MAX_INPUT_ROWS, rowsFor } from '../../../../src/ui/chat/input-bar';

describe('the text box rows', () => {
  it('follow the lines of the draft, from one up to the most', () => {
    expect(rowsFor('')).toBe(1);
    expect(rowsFor('one\ntwo')).toBe(2);
    expect(rowsFor('1\n2\n3\n4\n5\n6\n7')).toBe(MAX_INPUT_ROWS);
  });

  it('cost no more for a megabyte of lines than for a few: only the first line breaks are looked for', () => {
    const huge = 'line\n'.repeat(200_000);
    const started = performance.now();
    for (let key = 0; key < 100; key += 1) rowsFor(huge);
    expect(rowsFor(huge)).toBe(MAX_INPUT_ROWS);
    expect(performance.now() - started).toBeLessThan(50);
  });
});
