import { describe, expect, it } from 'vitest';
import { dataLayerEntry } from '../../../src/analytics/data-layer';

describe("the invitation's dataLayer entries", () => {
  it('say what happened and never the question unless analytics-content allows it', () => {
    expect(
      dataLayerEntry('invite', { action: 'shown', trigger: 'time', questions: ['Does it run small?'] }, false),
    ).toEqual({ event: 'store_assistant_invite', action: 'shown', trigger: 'time' });
    expect(dataLayerEntry('invite', { action: 'asked', index: 1, question: 'Does it run small?' }, false)).toEqual({
      event: 'store_assistant_invite',
      action: 'asked',
      position: 1,
    });
    expect(dataLayerEntry('invite', { action: 'asked', index: 1, question: 'Does it run small?' }, true)).toEqual({
      event: 'store_assistant_invite',
      action: 'asked',
      position: 1,
      content: 'Does it run small?',
    });
    expect(dataLayerEntry('invite', { action: 'dismissed' }, true)).toEqual({
      event: 'store_assistant_invite',
      action: 'dismissed',
    });
  });
});
