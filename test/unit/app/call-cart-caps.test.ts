import { describe, expect, it } from 'vitest';
import {
  MAX_UNASKED_ADDS_PER_MINUTE,
  MAX_UNASKED_CALL_LINES,
  createCallCartCaps,
} from '../../../src/app/calls/call-cart-caps';

describe('what a call may add without the visitor', () => {
  it('counts adds per minute: over the cap within a minute, allowed again once it has passed', () => {
    let time = 0;
    const caps = createCallCartCaps(() => time);
    for (let index = 0; index < MAX_UNASKED_ADDS_PER_MINUTE; index++)
      expect(caps.reserve(1, '7', 1)).toHaveProperty('release');
    expect(caps.reserve(1, '7', 1)).toEqual({ overCap: `more than ${MAX_UNASKED_ADDS_PER_MINUTE} adds in a minute` });
    // A new call does not reset the minute: the page could place calls one after another.
    expect(caps.reserve(2, '7', 1)).toHaveProperty('overCap');
    time += 60_000;
    expect(caps.reserve(2, '7', 1)).toHaveProperty('release');
  });

  it('counts lines per call, a new call starts afresh, and a refused add is uncounted', () => {
    let time = 0;
    const caps = createCallCartCaps(() => (time += 20_000));
    for (let index = 0; index < MAX_UNASKED_CALL_LINES - 1; index++)
      expect(caps.reserve(1, `line-${index}`, 1)).toHaveProperty('release');
    const last = caps.reserve(1, 'refused', 1);
    if (!('release' in last)) throw new Error('expected the add to fit');
    last.release();
    expect(caps.reserve(1, 'other', 1)).toHaveProperty('release');
    expect(caps.reserve(1, 'one-too-many', 1)).toEqual({
      overCap: `more than ${MAX_UNASKED_CALL_LINES} different products in one call`,
    });
    expect(caps.reserve(2, 'one-too-many', 1)).toHaveProperty('release');
  });
});
