import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAssistant } from '../../../src/app/assistant';
import { defaultConfig } from '../../../src/app/config';
import { own } from '../../../src/common/own';
import { callAddOnCard } from '../../../src/commerce/call-adds';
import { VAPI_VOICE } from '../../support/fake-voice';
import { fakeDeps } from '../../support/fake-deps';
import { fakeFetch, jsonReply, type RecordedRequest } from '../../support/fetch';
import {
  conversationUpdateMessage,
  dailyError,
  sdkLikeClient,
  statusMessage,
  toolCallsMessage,
  transcriptMessage,
} from '../../support/vapi-messages';
import { eventually } from '../../support/patience';

// The widget at the voice SDK's boundary: a VoiceClient that emits exactly what `@vapi-ai/web` emits
// (typed by the SDK's own declarations, see test/support/vapi-messages.ts), and what the widget sends
// back into the call.

const VAPI = VAPI_VOICE;
const WEBHOOK = 'https://hooks.example/chat';
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A store with a Shopify cart (one line per variant, quantities kept) and a webhook that shows two cards. */
function store() {
  const lines = new Map<string, number>([['900', 2]]);
  const titles: Record<string, string> = { '900': 'Gift card', '4401': 'Silk scarf', '4402': 'Linen tote' };
  /** Items the cart counts but does not list (a cart longer than the lines the widget reads). */
  let unlisted = 0;
  const cart = () => ({
    item_count: unlisted + [...lines.values()].reduce((sum, quantity) => sum + quantity, 0),
    currency: 'USD',
    items: [...lines].map(([id, quantity]) => ({
      variant_id: Number(id),
      product_title: titles[id],
      quantity,
      price: 3900,
    })),
  });
  return {
    lines,
    unlist(count: number) {
      unlisted = count;
    },
    respond(request: RecordedRequest): Response {
      const path = new URL(request.url).pathname;
      const body = request.body as { items?: { id: number; quantity: number }[]; id?: string; quantity?: number };
      if (path === '/cart.js') return jsonReply(cart());
      if (path === '/cart/add.js') {
        for (const item of body.items ?? [])
          lines.set(String(item.id), (lines.get(String(item.id)) ?? 0) + item.quantity);
        return jsonReply({ items: [] });
      }
      if (path === '/cart/change.js') {
        if (body.quantity === 0) lines.delete(String(body.id));
        else lines.set(String(body.id), Number(body.quantity));
        return jsonReply(cart());
      }
      return jsonReply({
        output: 'Two ideas:',
        products: [
          { title: 'Silk scarf', price: '39 USD', variantId: '4401' },
          { title: 'Linen tote', price: '29 USD', variantId: '4402' },
        ],
      });
    },
  };
}

let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.forEach((cleanup) => cleanup());
  cleanups = [];
});

/** An assistant with a Shopify cart whose call is connected after one chat turn. */
async function connected(commerce = true) {
  const shop = store();
  const sdk = sdkLikeClient();
  const { fetch, requests } = fakeFetch((request) => shop.respond(request));
  const harness = fakeDeps({ fetch, createVoiceClient: vi.fn(async () => sdk.client) });
  const assistant = createAssistant(harness.deps);
  const config = defaultConfig('shop.example');
  assistant.configure({
    ...config,
    webhookUrl: WEBHOOK,
    voice: VAPI,
    commerce: { ...config.commerce, platform: commerce ? 'shopify' : null },
  });
  cleanups.push(() => assistant.dispose());
  assistant.actions.sendMessage('A gift for my sister?');
  await eventually(() => expect(assistant.getState().loading).toBe(false));
  await assistant.actions.startCall();
  sdk.emit('call-start');
  const webhookCalls = () => requests.filter((request) => request.url === WEBHOOK).length;
  return { ...harness, sdk, shop, assistant, state: assistant.getState, webhookCalls };
}

describe('tool calls as the SDK delivers them', () => {
  it('runs each tool of one message in order and answers each, by its call id, into the call', async () => {
    const { sdk, state } = await connected();
    sdk.message(
      toolCallsMessage([
        {
          id: 'call_1',
          name: 'show_products',
          args: { products: [{ title: 'Silk scarf', price: '39 USD', variantId: '4401' }] },
        },
        { id: 'call_2', name: 'check_weather', args: {} },
      ]),
    );
    await eventually(() => expect(sdk.sent).toHaveLength(2));
    expect(
      sdk.sent.map((message) => [message.message.role, message.triggerResponseEnabled, message.message.content]),
    ).toEqual([
      ['system', true, 'Result of the tool show_products (call call_1): {"ok":true,"shown":1}'],
      [
        'system',
        true,
        expect.stringMatching(
          /^Result of the tool check_weather \(call call_2\): \{"ok":false,"error":"The tool \\"check_weather\\" is not available/,
        ),
      ],
    ]);
    expect(state().messages.at(-1)).toMatchObject({ source: 'voice', products: [{ title: 'Silk scarf' }] });
  });

  it('add_to_cart adds at once, shows the card marked added, and tells the assistant what it added', async () => {
    const { sdk, state, shop, events } = await connected();
    sdk.message(toolCallsMessage([{ id: 'call_3', name: 'add_to_cart', args: { variantId: '4402', quantity: 1 } }]));
    await eventually(() => expect(sdk.sent).toHaveLength(1));
    expect(shop.lines.get('4402')).toBe(1);
    const card = state().messages.at(-1);
    // The card the chat showed for that variant, with its price, now marked added.
    expect(card).toMatchObject({
      sender: 'bot',
      source: 'voice',
      products: [{ title: 'Linen tote', price: '29 USD', variantId: '4402' }],
    });
    expect(state().commerce.callAdds[card?.id ?? '']).toEqual({
      variantId: '4402',
      title: 'Linen tote',
      quantity: 1,
      state: 'added',
    });
    // What the card reads: the add is of the card's own product, so it shows "Added" and "Undo".
    expect(callAddOnCard(state(), card?.id, card?.products?.[0] ?? {})?.state).toBe('added');
    expect(state().commerce.cart?.itemCount).toBe(3);
    expect(sdk.sent[0]?.message.content).toMatch(
      /"ok":true,"added":1,"variantId":"4402","title":"Linen tote","cart":\{"itemCount":3\}/,
    );
    expect(
      events.filter((event) => event.name === 'cart').map((event) => (event.detail as { action: string }).action),
    ).toEqual(['add']);
  });

  it('the card of an add has the picture the chat showed for that variant when the card shown last has none', async () => {
    const { sdk, state } = await connected();
    const show = (id: string, product: Record<string, unknown>) =>
      sdk.message(toolCallsMessage([{ id, name: 'show_products', args: { products: [product] } }]));
    show('show_1', { title: 'Linen tote', variantId: '4402', image: '/images/tote.png' });
    show('show_2', { title: 'Linen tote', variantId: '4402' });
    sdk.message(toolCallsMessage([{ id: 'add_1', name: 'add_to_cart', args: { variantId: '4402' } }]));
    await eventually(() => expect(sdk.sent).toHaveLength(3));
    const card = state().messages.at(-1);
    expect(state().commerce.callAdds[card?.id ?? '']).toMatchObject({ variantId: '4402', state: 'added' });
    expect(card?.products).toEqual([
      expect.objectContaining({ title: 'Linen tote', image: expect.stringMatching(/\/images\/tote\.png$/) }),
    ]);
  });

  it('Undo puts the line back to its quantity before, offers Add to cart again, and tells the call without asking it to answer', async () => {
    const { sdk, state, shop, assistant } = await connected();
    sdk.message(toolCallsMessage([{ id: 'call_4', name: 'add_to_cart', args: { variantId: 900, quantity: 3 } }]));
    await eventually(() => expect(sdk.sent).toHaveLength(1));
    expect(shop.lines.get('900')).toBe(5);
    const card = state().messages.at(-1);
    // No card in the chat for this one: the cart's line names it.
    expect(card?.products).toEqual([expect.objectContaining({ title: 'Gift card', variantId: '900' })]);
    expect(await assistant.actions.undoCallAdd(card?.id ?? '')).toBe(true);
    expect(shop.lines.get('900')).toBe(2);
    expect(callAddOnCard(state(), card?.id, card?.products?.[0] ?? {})?.state).toBe('undone');
    expect(sdk.sent.at(-1)).toEqual({
      type: 'add-message',
      message: { role: 'system', content: expect.stringContaining('pressed Undo in the chat: 3 × Gift card') },
      triggerResponseEnabled: false,
    });
    // Undone once: a second Undo does nothing.
    expect(await assistant.actions.undoCallAdd(card?.id ?? '')).toBe(false);
    expect(shop.lines.get('900')).toBe(2);
  });

  it('each Undo takes back only what its add put in, from the cart as it is now, one after another', async () => {
    const { sdk, state, shop, assistant } = await connected();
    sdk.message(toolCallsMessage([{ id: 'call_a', name: 'add_to_cart', args: { variantId: '4242', quantity: 1 } }]));
    await eventually(() => expect(sdk.sent).toHaveLength(1));
    sdk.message(toolCallsMessage([{ id: 'call_b', name: 'add_to_cart', args: { variantId: '4242', quantity: 1 } }]));
    await eventually(() => expect(sdk.sent).toHaveLength(2));
    expect(shop.lines.get('4242')).toBe(2);
    const cards = state().messages.filter((message) => own(state().commerce.callAdds, message.id));
    expect(cards).toHaveLength(2);
    // Both pressed at once: neither restores a quantity from before the other add.
    const undone = await Promise.all(cards.map((card) => assistant.actions.undoCallAdd(card.id)));
    expect(undone).toEqual([true, true]);
    expect(shop.lines.has('4242')).toBe(false);
    expect(shop.lines.get('900')).toBe(2);
    expect(cards.map((card) => state().commerce.callAdds[card.id]?.state)).toEqual(['undone', 'undone']);
  });

  it('Undo after the visitor removed the line changes nothing and says so, on the card and to the call', async () => {
    const { sdk, state, shop, assistant } = await connected();
    sdk.message(toolCallsMessage([{ id: 'call_c', name: 'add_to_cart', args: { variantId: '4242', quantity: 1 } }]));
    await eventually(() => expect(sdk.sent).toHaveLength(1));
    const card = state().messages.at(-1);
    // The visitor takes it out in the store's own cart page; then adds some of the gift card.
    shop.lines.delete('4242');
    shop.lines.set('900', 3);
    expect(await assistant.actions.undoCallAdd(card?.id ?? '')).toBe(true);
    expect(shop.lines.get('900')).toBe(3);
    expect(state().commerce.callAdds[card?.id ?? '']?.state).toBe('gone');
    expect(sdk.sent.at(-1)?.message.content).toMatch(
      /no longer in the cart \(already removed\): nothing was taken out/,
    );
    expect(sdk.sent.at(-1)?.message.content).not.toMatch(/taken out of the cart again/);
  });

  it('Undo when the cart does not list all its lines changes nothing and does not claim the line is gone', async () => {
    const { sdk, state, shop, assistant } = await connected();
    sdk.message(toolCallsMessage([{ id: 'call_e', name: 'add_to_cart', args: { variantId: '4242', quantity: 1 } }]));
    await eventually(() => expect(sdk.sent).toHaveLength(1));
    const card = state().messages.at(-1);
    shop.lines.delete('4242');
    shop.unlist(1);
    expect(await assistant.actions.undoCallAdd(card?.id ?? '')).toBe(false);
    expect(state().commerce.callAdds[card?.id ?? '']).toMatchObject({
      state: 'failed',
      error: "Couldn't undo this. Please try again.",
    });
    expect(sdk.sent).toHaveLength(1);
  });

  it('Undo after the visitor lowered the line takes out only what is left of that add', async () => {
    const { sdk, state, shop, assistant } = await connected();
    sdk.message(toolCallsMessage([{ id: 'call_d', name: 'add_to_cart', args: { variantId: '900', quantity: 3 } }]));
    await eventually(() => expect(sdk.sent).toHaveLength(1));
    const card = state().messages.at(-1);
    shop.lines.set('900', 1);
    expect(await assistant.actions.undoCallAdd(card?.id ?? '')).toBe(true);
    expect(shop.lines.has('900')).toBe(false);
    expect(sdk.sent.at(-1)?.message.content).toMatch(/only 1 of the 3 × Gift card/);
  });

  it('one message of ten adds of ten each adds only within the caps; the rest ask the visitor and tell the assistant why', async () => {
    const { sdk, state, shop, assistant } = await connected();
    const calls = Array.from({ length: 10 }, (_, index) => ({
      id: `flood_${index}`,
      name: 'add_to_cart',
      args: { variantId: String(5000 + index), quantity: 10 },
    }));
    sdk.message(toolCallsMessage(calls));
    await eventually(() => expect(sdk.sent).toHaveLength(10));
    // Ten at once is over the per-add cap: nothing was added without the visitor.
    expect([...shop.lines]).toEqual([['900', 2]]);
    for (const sent of sdk.sent) {
      expect(sent.message.content).toMatch(/"ok":false,"needsVisitorConfirmation":true/);
      expect(sent.message.content).toMatch(/needs the visitor's confirmation/);
    }
    const proposed = Object.entries(state().commerce.proposals);
    expect(proposed).toHaveLength(10);
    expect(proposed[0]?.[1]).toEqual([expect.objectContaining({ variantId: '5000', quantity: 10, state: 'pending' })]);
    // The visitor confirms one: only then is it added.
    expect(await assistant.actions.confirmCartProposal(proposed[0]?.[0] ?? '', 0)).toBe(true);
    expect(shop.lines.get('5000')).toBe(10);
  });

  it('small adds go in at once until the call has added its share of lines and units', async () => {
    const { sdk, shop } = await connected();
    const calls = Array.from({ length: 8 }, (_, index) => ({
      id: `small_${index}`,
      name: 'add_to_cart',
      args: { variantId: String(6000 + index), quantity: 2 },
    }));
    sdk.message(toolCallsMessage(calls));
    await eventually(() => expect(sdk.sent).toHaveLength(8));
    const added = [...shop.lines.keys()].filter((id) => id !== '900');
    expect(added).toEqual(['6000', '6001', '6002', '6003', '6004']);
    expect(added.reduce((sum, id) => sum + (shop.lines.get(id) ?? 0), 0)).toBe(10);
    expect(sdk.sent.slice(5).every((sent) => /needsVisitorConfirmation/.test(sent.message.content))).toBe(true);
  });

  it.each([
    ['without commerce', false, { variantId: '4401' }, /cart is not available on this page/],
    [
      'with an id the cart does not take',
      true,
      { variantId: 'linen-shirt' },
      /linen-shirt.{1,3} cannot be added to this store's cart/,
    ],
    ['with too many', true, { variantId: '4401', quantity: 50 }, /quantity from 1 to 10/],
  ])('add_to_cart %s answers with the reason and adds nothing', async (_, commerce, args, reason) => {
    const { sdk, shop, state } = await connected(commerce);
    const before = state().messages.length;
    sdk.message(toolCallsMessage([{ id: 'call_5', name: 'add_to_cart', args }]));
    await eventually(() => expect(sdk.sent).toHaveLength(1));
    expect(sdk.sent[0]?.message.content).toMatch(/"ok":false/);
    expect(sdk.sent[0]?.message.content).toMatch(reason);
    expect([...shop.lines]).toEqual([['900', 2]]);
    expect(state().messages).toHaveLength(before);
  });
});

describe('transcripts and the conversation as the SDK delivers them', () => {
  it('takes partial and final lines, final-only transcripts too, and ignores conversation updates', async () => {
    const { sdk, state, assistant } = await connected();
    sdk.message(transcriptMessage('user', 'Is the scarf', 'partial'));
    expect(state().voice.partial).toEqual({ role: 'user', text: 'Is the scarf' });
    sdk.message(transcriptMessage('user', 'Is the scarf silk?'));
    sdk.message(transcriptMessage('assistant', 'Yes, pure silk.', 'final', 'final-only'));
    sdk.message(
      conversationUpdateMessage([
        { role: 'user', content: 'Is the scarf silk?' },
        { role: 'assistant', content: 'Yes, pure silk.' },
      ]),
    );
    expect(state().voice.transcript.map((entry) => [entry.role, entry.text])).toEqual([
      ['user', 'Is the scarf silk?'],
      ['assistant', 'Yes, pure silk.'],
    ]);
    await assistant.actions.stopCall();
    expect(
      state()
        .messages.filter((message) => message.source === 'voice')
        .map((message) => message.content),
    ).toEqual(['Is the scarf silk?', 'Yes, pure silk.']);
  });

  it('typed text goes into the call as add-message with a response, and the webhook hears nothing until the call ends', async () => {
    const { sdk, assistant, webhookCalls } = await connected();
    const before = webhookCalls();
    expect(assistant.actions.sendMessage('In red?')).toBe(true);
    expect(sdk.sent).toEqual([
      { type: 'add-message', message: { role: 'user', content: 'In red?' }, triggerResponseEnabled: true },
    ]);
    expect(webhookCalls()).toBe(before);
  });
});

describe('how a call ends, as the SDK reports it', () => {
  const cutOff = 'The call was cut off. You can start a new one.';

  it.each([
    [
      'the network drops: Daily fails, then the SDK leaves the room',
      (sdk: ReturnType<typeof sdkLikeClient>) => {
        sdk.emit('error', dailyError('network connection lost'));
        sdk.emit('call-end');
        sdk.message(statusMessage('ended', 'customer-ended-call'));
      },
    ],
    [
      'Vapi ends the call with a failure reason',
      (sdk: ReturnType<typeof sdkLikeClient>) => {
        sdk.message(statusMessage('ended', 'call.in-progress.error-vapifault-worker-died'));
        sdk.emit('call-end');
      },
    ],
  ])('%s: one notice, one error event, the transcript kept, and a new call starts', async (_, drop) => {
    const { sdk, state, assistant, events, deps } = await connected();
    sdk.message(transcriptMessage('assistant', 'Let me check the sizes.'));
    drop(sdk);
    await settle();
    expect(state().notice).toEqual({ source: 'voice', text: cutOff });
    expect(events.filter((event) => event.name === 'error')).toHaveLength(1);
    expect(events.filter((event) => event.name === 'call-end')).toHaveLength(1);
    expect(
      state().messages.some((message) => message.source === 'voice' && message.content === 'Let me check the sizes.'),
    ).toBe(true);
    expect(state().voice.status).toBe('idle');
    await assistant.actions.startCall();
    expect(deps.createVoiceClient).toHaveBeenCalledTimes(2);
    expect(state().notice).toBeNull();
  });

  it('a call that ends normally shows no notice', async () => {
    const { sdk, state, events } = await connected();
    sdk.message(statusMessage('ended', 'assistant-ended-call'));
    sdk.emit('call-end');
    expect(state().notice).toBeNull();
    expect(events.filter((event) => event.name === 'error')).toHaveLength(0);
    expect(state().voice.status).toBe('idle');
  });

  it.each([
    'audio-processing-setup-error',
    'audio-processor-recovery-error',
    'audio-observer-setup-error',
    'video-recording-setup-error',
  ])("the SDK's non-critical %s leaves the call running, with a console message", async (type) => {
    const { sdk, state, warnings } = await connected();
    sdk.emit('error', {
      type,
      stage: type.replace(/-error$/, ''),
      error: { message: 'KrispInitError: Canceled' },
      timestamp: '2026-11-20T12:00:00.000Z',
    });
    expect(state().voice.status).toBe('connected');
    expect(state().notice).toBeNull();
    expect(warnings.some((warning) => warning.includes(type))).toBe(true);
  });

  it('a failure before the call connected says it could not be connected', async () => {
    const sdk = sdkLikeClient();
    const harness = fakeDeps({ createVoiceClient: vi.fn(async () => sdk.client) });
    const assistant = createAssistant(harness.deps);
    cleanups.push(() => assistant.dispose());
    assistant.configure({ ...defaultConfig('shop.example'), voice: VAPI });
    await assistant.actions.startCall();
    sdk.emit('error', { type: 'daily-call-join-error', error: { message: 'join failed' } });
    await settle();
    expect(assistant.getState().notice?.text).toBe('The call could not be connected. Please try again in a moment.');
  });
});
