import { describe, expect, it, vi } from 'vitest';
import { createAssistant } from '../../../src/app/assistant';
import { defaultConfig } from '../../../src/app/config';
import { dataLayerEntry, pushToDataLayer } from '../../../src/analytics/data-layer';
import { fakeDeps } from '../../support/fake-deps';
import { fakeFetch, jsonReply } from '../../support/fetch';
import { eventually } from '../../support/patience';

/** A store's wrapper around Tag Manager's push that throws on the widget's entries. */
function throwingLayer() {
  const pushed: unknown[] = [];
  const layer = {
    push(entry: unknown) {
      pushed.push(entry);
      throw new Error('tag wrapper broke');
    },
  };
  return { host: { dataLayer: layer as unknown }, pushed };
}

describe('a dataLayer whose push throws', () => {
  it('never throws at the caller, and is reported in the console once', () => {
    const { host, pushed } = throwingLayer();
    const warn = vi.fn();
    expect(() => pushToDataLayer(host, { event: 'store_assistant_open' }, warn)).not.toThrow();
    expect(() => pushToDataLayer(host, { event: 'store_assistant_close' }, warn)).not.toThrow();
    const hostile = Object.defineProperty({}, 'dataLayer', {
      get: () => {
        throw new Error('getter');
      },
    });
    expect(() => pushToDataLayer(hostile, { event: 'store_assistant_open' }, warn)).not.toThrow();
    expect(pushed).toHaveLength(2);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('dataLayer.push threw');
  });

  it('does not stop a message from being sent', async () => {
    const { host } = throwingLayer();
    const { fetch, requests } = fakeFetch(() => jsonReply({ output: 'Hello' }));
    const harness = fakeDeps({ fetch });
    // The element pushes every event the assistant emits, as `trackEvent` does.
    const emit = harness.deps.emit;
    harness.deps.emit = (...event) => {
      emit(...event);
      const entry = dataLayerEntry(event[0], event[1], false);
      if (entry) pushToDataLayer(host, entry, () => undefined);
    };
    const assistant = createAssistant(harness.deps);
    assistant.configure({ ...defaultConfig('shop.example'), webhookUrl: 'https://hooks.example/chat' });
    expect(assistant.actions.sendMessage('Hi')).toBe(true);
    await eventually(() => expect(assistant.getState().loading).toBe(false));
    expect(requests).toHaveLength(1);
    expect(assistant.getState().messages.map((message) => message.content)).toEqual(['Hi', 'Hello']);
  });
});
