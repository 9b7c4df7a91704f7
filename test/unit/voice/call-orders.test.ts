import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAssistant } from '../../../src/app/assistant';
import { defaultConfig } from '../../../src/app/config';
import { MAX_ORDERS } from '../../../src/chat/replies/orders';
import { fakeDeps } from '../../support/fake-deps';
import { VAPI_VOICE, fakeVoiceClient } from '../../support/fake-voice';
import { fakeFetch, jsonReply } from '../../support/fetch';
import { eventually } from '../../support/patience';

const SIGNATURE = 'a'.repeat(64);

let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.forEach((cleanup) => cleanup());
  cleanups = [];
});

/** A connected Vapi call of a page whose signed-in shopper is Ada. */
async function connectedCall() {
  const fake = fakeVoiceClient();
  const { fetch } = fakeFetch(() => jsonReply({ output: 'Hello' }));
  const harness = fakeDeps({ fetch, createVoiceClient: vi.fn(async () => fake.client) });
  const assistant = createAssistant(harness.deps);
  assistant.configure({
    ...defaultConfig('shop.example'),
    webhookUrl: 'https://hooks.example/chat',
    customer: { id: '7001', email: 'ada@lumen.shop', name: 'Ada', signature: SIGNATURE },
    voice: VAPI_VOICE,
  });
  cleanups.push(() => assistant.dispose());
  await assistant.actions.startCall();
  fake.emit('call-start');
  return { ...harness, fake, assistant };
}

/** Plays one `lookup_order` call and returns what the assistant was told back. */
async function lookUp(call: Awaited<ReturnType<typeof connectedCall>>, args: unknown): Promise<string> {
  const sent = vi.mocked(call.fake.client.send);
  const before = sent.mock.calls.length;
  call.fake.emit('message', {
    type: 'tool-calls',
    toolCallList: [
      { id: 'call_o', type: 'function', function: { name: 'lookup_order', arguments: JSON.stringify(args) } },
    ],
  });
  await eventually(() => expect(sent.mock.calls.length).toBeGreaterThan(before));
  const message = sent.mock.calls.at(-1)?.[0] as { message: { role: string; content: string } };
  expect(message.message.role).toBe('system');
  return message.message.content;
}

const order = (number: string, extra: Record<string, unknown> = {}) => ({
  number,
  status: 'shipped',
  date: '2026-11-22',
  items: [{ title: 'Canvas Tote', image: '/assets/products/canvas-tote.svg', quantity: 1 }],
  total: 39,
  currency: 'USD',
  ...extra,
});

describe('the call knows the verified shopper', () => {
  it('starts with the shopper and the signature among its variables, for the store tools to check', async () => {
    const { deps } = await connectedCall();
    const variables = vi.mocked(deps.createVoiceClient).mock.calls[0]?.[0].assistantOverrides?.variableValues;
    expect(variables).toMatchObject({
      customer_id: '7001',
      customer_email: 'ada@lumen.shop',
      customer_name: 'Ada',
      customer_signature: SIGNATURE,
    });
  });
});

describe('lookup_order', () => {
  it('shows the orders as cards in the thread, sanitised like a reply, and answers with a short summary', async () => {
    const call = await connectedCall();
    const result = await lookUp(call, {
      orders: [
        order('1047', {
          expectedDelivery: '2026-11-28',
          tracking: { number: 'JD1', carrier: 'DHL', url: 'javascript:alert(1)' },
          returnUrl: '/account/orders/1047/return',
        }),
        { number: '1046', status: 'lost in space' },
        order('1045', { status: 'paid', cancelUrl: 'http://evil.example/cancel' }),
      ],
    });
    const shown = call.assistant.getState().messages.at(-1);
    expect(shown).toMatchObject({ sender: 'bot', source: 'voice', content: '' });
    expect(shown?.orders?.map((each) => each.number)).toEqual(['1047', '1045']);
    expect(shown?.orders?.[0]?.tracking).toEqual({ number: 'JD1', carrier: 'DHL', url: undefined });
    expect(shown?.orders?.[0]?.returnUrl).toBe('https://shop.example/account/orders/1047/return');
    expect(shown?.orders?.[1]?.cancelUrl).toBeUndefined();
    expect(result).toBe(
      'Result of the tool lookup_order (call call_o): {"ok":true,"shown":2,"orders":[' +
        '{"number":"1047","status":"shipped","expectedDelivery":"2026-11-28"},{"number":"1045","status":"paid"}]}',
    );
  });

  it('shows at most as many orders as a reply does', async () => {
    const call = await connectedCall();
    const numbers = Array.from({ length: MAX_ORDERS + 3 }, (_, index) => String(2000 + index));
    const result = await lookUp(call, { orders: numbers.map((number) => order(number)) });
    expect(
      call.assistant
        .getState()
        .messages.at(-1)
        ?.orders?.map((each) => each.number),
    ).toEqual(numbers.slice(0, MAX_ORDERS));
    expect(result).toContain(`"shown":${MAX_ORDERS}`);
  });

  it('shows nothing and says why when no order is valid', async () => {
    const call = await connectedCall();
    const before = call.assistant.getState().messages.length;
    const result = await lookUp(call, { orders: [{ number: '', status: 'shipped' }, { status: 'paid' }] });
    expect(call.assistant.getState().messages).toHaveLength(before);
    expect(result).toMatch(/"ok":false.*No order could be shown/);
  });
});
