import type Vapi from '@vapi-ai/web';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAssistant } from '../../../src/app/assistant';
import { defaultConfig, type AssistantConfig } from '../../../src/app/config';
import type { AssistantState } from '../../../src/app/state';
import type { PageSnapshot } from '../../../src/commerce/commerce-state';
import { DESTINATIONS } from '../../../src/app/calls/call-navigate';
import { memoryStorage, type SafeStorage } from '../../../src/common/storage';
import { KEEP_WINDOW_MS, KEPT_CALL_KEY } from '../../../src/voice/kept-call';
import type { VoiceConfig } from '../../../src/voice/voice-config';
import { VAPI_VOICE } from '../../support/fake-voice';
import { fakeDeps } from '../../support/fake-deps';
import { fakeFetch, jsonReply, type RecordedRequest } from '../../support/fetch';
import { eventually } from '../../support/patience';
import { sdkLikeClient, toolCallsMessage, transcriptMessage } from '../../support/vapi-messages';

// A call that follows the visitor across the pages of one store, at the voice SDK's boundary: each page
// is its own assistant over the same tab's sessionStorage, and the client behaves like `@vapi-ai/web`
// (the web call it keeps is typed by the SDK's own `reconnect` parameter).

type WebCall = Parameters<InstanceType<typeof Vapi>['reconnect']>[0];

const ORIGIN = 'https://shop.example';
const CONTROL_URL = 'https://phone-call-websocket.vapi.example/call_7/control';
const WEB_CALL: WebCall & { controlUrl: string } = {
  id: 'call_7',
  webCallUrl: 'https://vapi.daily.co/room7',
  assistant: { voice: { provider: '11labs' } },
  controlUrl: CONTROL_URL,
};
const VAPI: VoiceConfig = { ...VAPI_VOICE, consent: 'Calls are recorded.' };
const PRODUCT_PAGE: PageSnapshot = {
  url: `${ORIGIN}/products/linen-shirt`,
  title: 'Linen Shirt · Acme',
  jsonLd: [JSON.stringify({ '@type': 'Product', name: 'Linen Shirt', sku: 'LS-M', offers: { price: '64.00' } })],
  meta: [],
};

/** A client like the SDK's, that can also keep its call for the next page and rejoin one. */
function keepableClient() {
  const sdk = sdkLikeClient();
  const client = {
    ...sdk.client,
    webCall: vi.fn((): WebCall & { controlUrl?: string } => WEB_CALL),
    reconnect: vi.fn(async (_call: WebCall) => true),
    leave: vi.fn(async () => undefined),
  };
  return { ...sdk, client };
}

let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.forEach((cleanup) => cleanup());
  cleanups = [];
});

/** One page of the store in the tab whose sessionStorage is `tab`. */
function page(tab: SafeStorage, options: { origin?: string; referrer?: string; snapshot?: PageSnapshot } = {}) {
  const sdk = keepableClient();
  const { fetch, requests } = fakeFetch(() => jsonReply({ output: 'Hello' }));
  const harness = fakeDeps({
    fetch,
    sessionStorage: tab,
    pageOrigin: options.origin ?? ORIGIN,
    pageReferrer: () => options.referrer ?? `${ORIGIN}/`,
    readPage: () => options.snapshot ?? null,
    createVoiceClient: vi.fn(async () => sdk.client),
  });
  const assistant = createAssistant(harness.deps);
  cleanups.push(() => assistant.dispose());
  const config: AssistantConfig = { ...defaultConfig('shop.example'), persist: 'session', voice: VAPI };
  return {
    ...harness,
    sdk,
    requests,
    assistant,
    state: assistant.getState,
    open: () => assistant.configure(config),
  };
}

/** A first page whose call is live, with one line said and the microphone muted. */
async function liveCallOnFirstPage(tab: SafeStorage) {
  const first = page(tab);
  first.open();
  first.assistant.actions.agreeToVoiceConsent();
  await eventually(() => expect(first.sdk.client.start).toHaveBeenCalled());
  first.sdk.emit('call-start');
  first.sdk.message(transcriptMessage('user', 'Show me the linen shirt'));
  first.assistant.actions.setMuted(true);
  return first;
}

const controlRequests = (requests: RecordedRequest[]) => requests.filter((request) => request.url === CONTROL_URL);

describe('a call kept across the pages of the store', () => {
  it('leaves the room open on pagehide and rejoins it on the next page with the kept call, its lines and its mute', async () => {
    const tab = memoryStorage();
    const first = await liveCallOnFirstPage(tab);
    first.assistant.dispose({ leavingPage: true });
    expect(first.sdk.client.leave).toHaveBeenCalledTimes(1);
    expect(first.sdk.client.stop).not.toHaveBeenCalled();
    expect(first.events.filter((event) => event.name === 'call-end')).toEqual([]);

    const second = page(tab, { snapshot: PRODUCT_PAGE });
    const whenOpened: Pick<AssistantState, 'view' | 'voice'>[] = [];
    second.assistant.subscribe((state) => {
      if (state.isOpen && whenOpened.length === 0) whenOpened.push({ view: state.view, voice: state.voice });
    });
    second.open();
    // Until the launcher's first frame the page does what it does without a call.
    expect(second.state().voice.status).toBe('idle');
    expect(second.state().isOpen).toBe(false);
    expect(tab.get(KEPT_CALL_KEY)).not.toBeNull();
    // Then the card opens on the strip, which says it is reconnecting, with the call so far and its mute.
    await eventually(() => expect(whenOpened).toHaveLength(1));
    expect(whenOpened[0]).toMatchObject({
      view: 'chat',
      voice: { status: 'reconnecting', muted: true, transcript: [{ role: 'user', text: 'Show me the linen shirt' }] },
    });
    await eventually(() => expect(second.sdk.client.reconnect).toHaveBeenCalledWith(WEB_CALL));
    expect(second.deps.requestMicrophone).not.toHaveBeenCalled();
    expect(second.state().voice.consentAsked).toBe(false);
    expect(second.sdk.client.start).not.toHaveBeenCalled();
    expect(tab.get(KEPT_CALL_KEY)).toBeNull();

    second.sdk.emit('call-start');
    expect(second.state().voice.status).toBe('connected');
    expect(second.sdk.client.setMuted).toHaveBeenCalledWith(true);
    // The page's facts reach the call as a system line, without a second call-start.
    await eventually(() => expect(second.sdk.sent).toHaveLength(1));
    expect(second.sdk.sent[0]).toMatchObject({ type: 'add-message', message: { role: 'system' } });
    expect(second.sdk.sent[0]?.message.content).toContain('Product on this page: Linen Shirt, 64.00, sku LS-M');
    expect(second.sdk.sent[0]?.message.content).toContain(`(${ORIGIN}/products/linen-shirt)`);
    expect(second.events.filter((event) => event.name === 'call-start')).toEqual([]);

    // One thread: the lines of both pages join the conversation when the call ends.
    second.sdk.message(transcriptMessage('assistant', 'Yes, it comes in blue.'));
    await second.assistant.actions.stopCall();
    await eventually(() => expect(second.state().voice.status).toBe('idle'));
    expect(
      second
        .state()
        .messages.filter((message) => message.source === 'voice')
        .map((m) => m.content),
    ).toEqual(['Show me the linen shirt', 'Yes, it comes in blue.']);
  });

  it('a widget taken off the page before its first frame leaves the call kept, and takes it up when put back', async () => {
    const tab = memoryStorage();
    const first = await liveCallOnFirstPage(tab);
    first.assistant.dispose({ leavingPage: true });
    const second = page(tab);
    second.open();
    second.assistant.dispose();
    expect(tab.get(KEPT_CALL_KEY)).not.toBeNull();
    second.open();
    await eventually(() => expect(second.sdk.client.reconnect).toHaveBeenCalledWith(WEB_CALL));
    expect(second.sdk.client.reconnect).toHaveBeenCalledTimes(1);
    expect(second.state().isOpen).toBe(true);
  });

  it('never rejoins a call kept longer than the window: it is ended at Vapi and its lines join the conversation', async () => {
    const tab = memoryStorage();
    const first = await liveCallOnFirstPage(tab);
    first.assistant.dispose({ leavingPage: true });
    const second = page(tab);
    second.advance(KEEP_WINDOW_MS + 1);
    second.open();
    await eventually(() => expect(tab.get(KEPT_CALL_KEY)).toBeNull());
    expect(second.state().voice.status).toBe('idle');
    expect(second.deps.createVoiceClient).not.toHaveBeenCalled();
    await eventually(() => expect(controlRequests(second.requests)).toHaveLength(1));
    expect(controlRequests(second.requests)[0]).toMatchObject({ method: 'POST', body: { type: 'end-call' } });
    expect(controlRequests(second.requests)[0]?.headers.get('authorization')).toBe('Bearer pk_test');
    expect(second.state().messages.map((message) => message.content)).toContain('Show me the linen shirt');
    expect(second.warnings.join('\n')).toMatch(/window to rejoin it had passed/);
  });

  it('never rejoins a call kept by another origin, nor for a visitor back from another site', async () => {
    const tab = memoryStorage();
    const first = await liveCallOnFirstPage(tab);
    first.assistant.dispose({ leavingPage: true });
    const kept = tab.get(KEPT_CALL_KEY);
    const elsewhere = page(tab, { origin: 'https://other.example' });
    elsewhere.open();
    await eventually(() => expect(tab.get(KEPT_CALL_KEY)).toBeNull());
    expect(elsewhere.state().voice.status).toBe('idle');
    expect(elsewhere.deps.createVoiceClient).not.toHaveBeenCalled();

    tab.set(KEPT_CALL_KEY, kept ?? '');
    const back = page(tab, { referrer: 'https://search.example/?q=linen' });
    back.open();
    await eventually(() => expect(tab.get(KEPT_CALL_KEY)).toBeNull());
    expect(back.state().voice.status).toBe('idle');
    expect(back.deps.createVoiceClient).not.toHaveBeenCalled();
    await eventually(() => expect(controlRequests(back.requests)).toHaveLength(1));
    expect(tab.get(KEPT_CALL_KEY)).toBeNull();
  });

  it('never rejoins a call that was ended: ending it keeps nothing for the next page', async () => {
    const tab = memoryStorage();
    const first = await liveCallOnFirstPage(tab);
    await first.assistant.actions.stopCall();
    await eventually(() => expect(first.state().voice.status).toBe('idle'));
    first.assistant.dispose({ leavingPage: true });
    expect(first.sdk.client.leave).not.toHaveBeenCalled();
    expect(tab.get(KEPT_CALL_KEY)).toBeNull();
    const second = page(tab);
    second.open();
    expect(second.state().voice.status).toBe('idle');
    expect(second.deps.createVoiceClient).not.toHaveBeenCalled();
  });

  it('a call still connecting when the page is left ends for good instead', async () => {
    const tab = memoryStorage();
    const first = page(tab);
    first.open();
    first.assistant.actions.agreeToVoiceConsent();
    await eventually(() => expect(first.sdk.client.start).toHaveBeenCalled());
    first.assistant.dispose({ leavingPage: true });
    expect(first.sdk.client.stop).toHaveBeenCalled();
    expect(tab.get(KEPT_CALL_KEY)).toBeNull();
  });

  it('a rejoin that fails says so once, ends the room at Vapi and leaves the widget ready for a new call', async () => {
    const tab = memoryStorage();
    const first = await liveCallOnFirstPage(tab);
    first.assistant.dispose({ leavingPage: true });
    const second = page(tab);
    // As the SDK does: the error event, then the rejected promise.
    second.sdk.client.reconnect.mockImplementationOnce(async () => {
      second.sdk.emit('error', { type: 'reconnect-error', error: { message: 'Meeting has ended' } });
      throw new Error('Meeting has ended');
    });
    second.open();
    await eventually(() =>
      expect(second.state().notice).toEqual({ source: 'voice', text: second.state().strings.callRejoinFailed }),
    );
    expect(second.state().voice.status).toBe('idle');
    expect(second.events.filter((event) => event.name === 'error')).toHaveLength(1);
    await eventually(() => expect(controlRequests(second.requests)).toHaveLength(1));
    expect(second.state().messages.map((message) => message.content)).toContain('Show me the linen shirt');

    await second.assistant.actions.startCall();
    await eventually(() => expect(second.sdk.client.start).toHaveBeenCalledTimes(1));
    expect(second.state().voice.status).toBe('connecting');
  });
});

describe('the navigate tool', () => {
  async function onCall(commerce: boolean) {
    const tab = memoryStorage();
    const open = vi.fn();
    const sdk = keepableClient();
    const harness = fakeDeps({ sessionStorage: tab, openPage: open, createVoiceClient: vi.fn(async () => sdk.client) });
    const assistant = createAssistant(harness.deps);
    cleanups.push(() => assistant.dispose());
    const config = defaultConfig('shop.example');
    assistant.configure({
      ...config,
      voice: { ...VAPI, consent: null },
      commerce: { ...config.commerce, platform: commerce ? 'shopify' : null },
    });
    await assistant.actions.startCall();
    sdk.emit('call-start');
    const result = async (args: Record<string, unknown>) => {
      const before = sdk.sent.length;
      sdk.message(toolCallsMessage([{ id: `nav_${before}`, name: 'navigate', args }]));
      await eventually(() => expect(sdk.sent.length).toBe(before + 1));
      return JSON.parse(sdk.sent.at(-1)?.message.content.replace(/^[^:]*\): /, '') ?? '{}') as Record<string, unknown>;
    };
    return { open, result };
  }

  it('opens a product, the cart or the checkout of this store once its result is on its way', async () => {
    const { open, result } = await onCall(true);
    expect(await result({ destination: 'product', url: '/products/linen-shirt' })).toMatchObject({
      ok: true,
      opening: `${ORIGIN}/products/linen-shirt`,
    });
    await eventually(() => expect(open).toHaveBeenCalledWith(`${ORIGIN}/products/linen-shirt`));
    expect(await result({ destination: 'cart' })).toMatchObject({ ok: true, opening: `${ORIGIN}/cart` });
    expect(await result({ destination: 'checkout' })).toMatchObject({ ok: true, opening: `${ORIGIN}/checkout` });
    await eventually(() => expect(open).toHaveBeenCalledTimes(3));
  });

  it.each([
    [{ destination: 'product', url: 'https://elsewhere.example/products/x' }, /Only pages of this store/],
    [{ destination: 'product', url: 'javascript:alert(1)' }, /Only pages of this store/],
    [{ destination: 'product' }, /Give the url/],
    [{ destination: 'account' }, /Give a destination/],
  ])('refuses %j, and the refusal is the tool result', async (args, error) => {
    const { open, result } = await onCall(true);
    expect(await result(args)).toMatchObject({ ok: false, error: expect.stringMatching(error) });
    expect(open).not.toHaveBeenCalled();
  });

  it('refuses the cart without a connected cart', async () => {
    const { open, result } = await onCall(false);
    expect(await result({ destination: 'cart' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/not connected/),
    });
    expect(open).not.toHaveBeenCalled();
  });
});

describe('demo/vapi-tools.json', () => {
  it('defines navigate with its destinations, beside the other tools the widget answers', async () => {
    const { readFile } = await import('node:fs/promises');
    const file = JSON.parse(await readFile('demo/vapi-tools.json', 'utf8')) as {
      tools: { function: { name: string; parameters: { properties: Record<string, { enum?: string[] }> } } }[];
    };
    const navigate = file.tools.find((tool) => tool.function.name === 'navigate');
    expect(navigate?.function.parameters.properties.destination?.enum).toEqual([...DESTINATIONS]);
    expect(file.tools.map((tool) => tool.function.name)).toEqual([
      'show_products',
      'add_to_cart',
      'lookup_order',
      'navigate',
      'end_call',
    ]);
  });
});
