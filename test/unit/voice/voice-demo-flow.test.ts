import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAssistant } from '../../../src/app/assistant';
import { loadMarkdown } from '../../../src/chat/markdown/markdown-loader';
import '../../../src/chat/markdown/markdown-part';
import { defaultConfig } from '../../../src/app/config';
import { createVoiceClient } from '../../../src/voice/create-voice-client';
import { createDemoVoiceClient, DEMO_TOOL_WAIT_MS } from '../../../src/voice/demo-client';
import { fakeDeps } from '../../support/fake-deps';
import { fakeFetch, jsonReply, type RecordedRequest } from '../../support/fetch';

// The demo voice client through the whole assistant, with no network but the store's (fake) cart:
// the call starts from the question typed before it, answers what is typed during it, shows cards and
// adds one to the cart, and its lines reach the webhook as history afterwards.

const WEBHOOK = 'https://hooks.example/chat';
const GIFTS = {
  output: 'Gift ideas:',
  products: [
    { title: 'Silk scarf', price: '39 USD', variantId: '501', available: true },
    { title: 'Tote', price: '29 USD', variantId: '502' },
  ],
};
const timers = {
  setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
  clearTimeout: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

// Captured before the clock is faked: reading a Response body settles on the runtime's own tasks.
const realSetImmediate = globalThis.setImmediate;
beforeEach(async () => {
  // The markdown renderer is a module of its own, loaded on first use: load it while the clock is real.
  await loadMarkdown();
  vi.useFakeTimers();
});

/** Plays the fake clock forward, 100 ms at a time, until `check` passes (at most a minute of the call). */
async function until(check: () => void): Promise<void> {
  for (let elapsed = 0; ; elapsed += 100) {
    try {
      return check();
    } catch (error) {
      if (elapsed >= 60_000) throw error;
      await new Promise((resolve) => realSetImmediate(resolve));
      await vi.advanceTimersByTimeAsync(100);
    }
  }
}
afterEach(() => vi.useRealTimers());

function demoStore() {
  const lines = new Map<string, number>();
  const cart = () => ({
    item_count: [...lines.values()].reduce((sum, count) => sum + count, 0),
    currency: 'USD',
    items: [...lines].map(([id, quantity]) => ({ variant_id: Number(id), product_title: id, quantity })),
  });
  return (request: RecordedRequest) => {
    const path = new URL(request.url).pathname;
    if (path === '/cart.js') return jsonReply(cart());
    if (path === '/cart/add.js') {
      for (const item of (request.body as { items: { id: number; quantity: number }[] }).items)
        lines.set(String(item.id), (lines.get(String(item.id)) ?? 0) + item.quantity);
      return jsonReply({ items: [] });
    }
    return jsonReply(
      request.url === WEBHOOK && (request.body as { message: string }).message === 'Thanks!'
        ? { output: 'Bye!' }
        : GIFTS,
    );
  };
}

describe('a demo call in the assistant', () => {
  it('knows the question, answers typed text in the call, shows cards, adds one, and the webhook hears it all afterwards', async () => {
    const { fetch, requests } = fakeFetch(demoStore());
    const harness = fakeDeps({
      fetch,
      createVoiceClient: (config) =>
        createVoiceClient(config, timers, () => Promise.reject(new Error('a demo call needs no voice part'))),
    });
    const assistant = createAssistant(harness.deps);
    const config = defaultConfig('shop.example');
    assistant.configure({
      ...config,
      webhookUrl: WEBHOOK,
      voice: { ...config.voice, provider: 'demo' },
      commerce: { ...config.commerce, platform: 'shopify' },
    });
    const state = assistant.getState;
    const finals = () => state().voice.transcript.map((entry) => entry.text);
    const webhookBodies = () =>
      requests
        .filter((request) => request.url === WEBHOOK)
        .map((request) => request.body as { history: { content: string }[] });

    assistant.actions.sendMessage('A gift for my sister?');
    await until(() => expect(state().loading).toBe(false));
    await assistant.actions.startCall();
    await until(() => expect(finals()[0]).toContain('You asked: "A gift for my sister?"'));

    assistant.actions.sendMessage('Do you have it in blue?');
    expect(webhookBodies()).toHaveLength(1);
    await until(() =>
      expect(finals()).toContain(
        'You wrote: "Do you have it in blue?". In a real call the assistant answers that here.',
      ),
    );

    await until(() => expect(state().voice.status).toBe('idle'));
    const cards = state().messages.filter((message) => message.source === 'voice' && message.products);
    expect(cards.map((message) => message.products?.map((product) => product.title))).toEqual([
      ['Silk scarf', 'Tote'],
      ['Silk scarf'],
    ]);
    expect(state().commerce.cart?.itemCount).toBe(1);
    expect(state().commerce.callAdds[cards[1]?.id ?? '']).toMatchObject({ variantId: '501', state: 'added' });
    const said = state()
      .messages.filter((message) => message.source === 'voice' && message.content)
      .map((message) => message.content);
    expect(said).toContain('Here you are. The Silk scarf is a good place to start.');
    expect(said).toContain('Done: the Silk scarf is in your cart. You can undo that in the chat.');

    assistant.actions.sendMessage('Thanks!');
    await until(() => expect(webhookBodies()).toHaveLength(2));
    const history = webhookBodies()[1]?.history.map((item) => item.content) ?? [];
    expect(history[0]).toBe('A gift for my sister?');
    expect(history).toEqual(
      expect.arrayContaining([
        'Do you have it in blue?',
        'Done: the Silk scarf is in your cart. You can undo that in the chat.',
      ]),
    );
    assistant.dispose();
  });

  it('goes on when no tool result comes back, without saying what happened', async () => {
    const client = createDemoVoiceClient(timers, {
      shown_products_json: JSON.stringify([{ title: 'Mug', variantId: '7' }]),
    });
    const finals: string[] = [];
    const tools: string[] = [];
    client.on('message', (message) => {
      const m = message as {
        type: string;
        transcriptType?: string;
        transcript?: string;
        toolCallList?: { function: { name: string; arguments: string } }[];
      };
      if (m.type === 'transcript' && m.transcriptType === 'final') finals.push(m.transcript ?? '');
      if (m.type === 'tool-calls')
        tools.push(...(m.toolCallList ?? []).map((call) => `${call.function.name} ${call.function.arguments}`));
    });
    await client.start({ assistantId: 'demo' });
    await vi.advanceTimersByTimeAsync(DEMO_TOOL_WAIT_MS * 3);
    await vi.runAllTimersAsync();
    expect(tools).toEqual([
      'show_products {"products":[{"title":"Mug","variantId":"7"}]}',
      'add_to_cart {"variantId":"7","quantity":1}',
    ]);
    expect(finals.some((line) => line.startsWith('Here you are') || line.startsWith('Done'))).toBe(false);
    expect(finals.at(-1)).toBe('You are welcome. Goodbye!');
  });
});
