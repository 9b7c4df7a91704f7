import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAssistant } from '../../../src/app/assistant';
import { conversationText, MAX_CALL_CONVERSATION } from '../../../src/app/calls/call-variables';
import { defaultConfig } from '../../../src/app/config';
import type { Message } from '../../../src/chat/message';
import { memoryStorage } from '../../../src/common/storage';
import { createDemoVoiceClient } from '../../../src/voice/demo-client';
import type { VoiceConfig } from '../../../src/voice/voice-config';
import { fakeDeps } from '../../support/fake-deps';
import { fakeFetch, jsonReply } from '../../support/fetch';
import { VAPI_VOICE, fakeVoiceClient } from '../../support/fake-voice';
import { MAX_TRANSCRIPT_LINE, mergeTranscript } from '../../../src/transcript/merge';
import { eventually } from '../../support/patience';

const VAPI = VAPI_VOICE;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(voice: Partial<VoiceConfig> = {}, localStorage = memoryStorage()) {
  const fake = fakeVoiceClient();
  const { fetch, requests } = fakeFetch(() => jsonReply({ output: 'We have linen shirts in every size.' }));
  const harness = fakeDeps({ fetch, localStorage, createVoiceClient: vi.fn(async () => fake.client) });
  const assistant = createAssistant(harness.deps);
  assistant.configure({
    ...defaultConfig('shop.example'),
    webhookUrl: 'https://hooks.example/chat',
    lang: 'de',
    voice: { ...VAPI, ...voice },
  });
  cleanups.push(() => assistant.dispose());
  return { ...harness, fake, assistant, requests };
}

let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.forEach((cleanup) => cleanup());
  cleanups = [];
});

async function connectedAfterChat(voice: Partial<VoiceConfig> = {}) {
  const harness = setup(voice);
  harness.assistant.actions.sendMessage('I need a gift for my sister, budget 40 dollars');
  await eventually(() => expect(harness.assistant.getState().loading).toBe(false));
  await harness.assistant.actions.startCall();
  harness.fake.emit('call-start');
  return harness;
}

describe('a call starts with the conversation', () => {
  it('passes the chat so far, the last question and the language as variable values', async () => {
    const { deps } = await connectedAfterChat();
    const config = vi.mocked(deps.createVoiceClient).mock.calls[0]?.[0];
    expect(config?.assistantOverrides).toEqual({
      variableValues: {
        conversation:
          'Visitor: I need a gift for my sister, budget 40 dollars\nAssistant: We have linen shirts in every size.',
        last_question: 'I need a gift for my sister, budget 40 dollars',
        visitor_language: 'de',
      },
    });
  });

  it("merges the store's vapi-assistant-overrides under the widget's variables", async () => {
    const { deps } = await connectedAfterChat({
      assistantOverrides: { firstMessage: 'Hallo!', variableValues: { tier: 'gold', conversation: 'stale' } },
    });
    const overrides = vi.mocked(deps.createVoiceClient).mock.calls[0]?.[0].assistantOverrides as {
      firstMessage: string;
      variableValues: Record<string, string>;
    };
    expect(overrides.firstMessage).toBe('Hallo!');
    expect(overrides.variableValues.tier).toBe('gold');
    expect(overrides.variableValues.conversation).toContain('I need a gift');
  });

  it('caps the conversation at 4,000 characters, keeping the newest lines', () => {
    const messages = Array.from({ length: 200 }, (_, index): Message => ({
      id: `${index}`,
      content: `message number ${index} ${'x'.repeat(40)}`,
      sender: index % 2 ? 'bot' : 'user',
      timestamp: index,
    }));
    const text = conversationText(messages);
    expect(text.length).toBeLessThanOrEqual(MAX_CALL_CONVERSATION);
    expect(text.endsWith(`message number 199 ${'x'.repeat(40)}`)).toBe(true);
    expect(text).not.toContain('message number 0 ');
  });
});

describe('the chat reaches the call', () => {
  it('sends typed text into the live call, shows it in the transcript, and not to the webhook', async () => {
    const { assistant, fake, requests } = await connectedAfterChat();
    const before = requests.length;
    expect(assistant.actions.sendMessage('Something in blue?')).toBe(true);
    expect(fake.client.send).toHaveBeenCalledWith({
      type: 'add-message',
      message: { role: 'user', content: 'Something in blue?' },
      triggerResponseEnabled: true,
    });
    expect(assistant.getState().voice.transcript.at(-1)).toMatchObject({ role: 'user', text: 'Something in blue?' });
    expect(requests.length).toBe(before);
    await assistant.actions.stopCall();
    // After the call, the webhook hears the whole thread, the typed line included.
    assistant.actions.sendMessage('Thanks');
    await eventually(() => expect(requests.length).toBe(before + 1));
    expect((requests.at(-1)?.body as { history: { content: string }[] }).history.map((item) => item.content)).toContain(
      'Something in blue?',
    );
  });
});

describe('the call can act', () => {
  it('show_products shows cards in the thread and reports the result back into the call', async () => {
    const { assistant, fake } = await connectedAfterChat();
    fake.emit('message', {
      type: 'tool-calls',
      toolCallList: [
        {
          id: 'call_a',
          type: 'function',
          function: {
            name: 'show_products',
            arguments: JSON.stringify({
              products: [{ title: 'Silk scarf', url: '/p/scarf', price: '39 USD' }, { bad: true }],
            }),
          },
        },
      ],
    });
    await settle();
    const cards = assistant.getState().messages.at(-1);
    expect(cards).toMatchObject({
      sender: 'bot',
      source: 'voice',
      products: [{ title: 'Silk scarf', url: 'https://shop.example/p/scarf', price: '39 USD' }],
    });
    expect(fake.client.send).toHaveBeenCalledWith({
      type: 'add-message',
      message: { role: 'system', content: 'Result of the tool show_products (call call_a): {"ok":true,"shown":1}' },
      triggerResponseEnabled: true,
    });
  });

  it.each([
    ['add_to_cart without a store cart', 'add_to_cart', { variantId: '123' }, /"ok":false.*cart is not available/],
    ['an unknown tool', 'open_pod_bay_doors', {}, /"ok":false.*not available on this page/],
  ])('answers %s with a clear result', async (_, name, args, result) => {
    const { fake } = await connectedAfterChat();
    fake.emit('message', {
      type: 'tool-calls',
      toolCallList: [{ id: 'c1', type: 'function', function: { name, arguments: args } }],
    });
    await settle();
    const sent = vi.mocked(fake.client.send).mock.calls.at(-1)?.[0];
    expect(sent?.message.role).toBe('system');
    expect(sent?.message.content).toMatch(result);
  });

  it('end_call ends the call', async () => {
    const { assistant, fake } = await connectedAfterChat();
    fake.emit('message', {
      type: 'tool-calls',
      toolCallList: [{ id: 'c2', type: 'function', function: { name: 'end_call', arguments: '{}' } }],
    });
    await settle();
    expect(fake.client.stop).toHaveBeenCalled();
    expect(assistant.getState().voice.status).toBe('idle');
  });

  it('a network drop mid-call ends it with one notice, keeps its transcript, and lets a new call start', async () => {
    const { assistant, fake, events } = await connectedAfterChat();
    fake.transcript('assistant', 'Let me look that up for you.');
    fake.emit('error', { type: 'daily-error', error: { message: 'network connection lost' } });
    fake.emit('error', { type: 'daily-call-join-error' });
    await settle();
    expect(events.filter((event) => event.name === 'error')).toHaveLength(1);
    expect(assistant.getState().notice?.source).toBe('voice');
    expect(assistant.getState().messages.some((message) => message.content === 'Let me look that up for you.')).toBe(
      true,
    );
    expect(assistant.getState().voice.status).toBe('idle');
    await assistant.actions.startCall();
    expect(assistant.getState().voice.status).toBe('connecting');
  });
});

describe('consent before recording', () => {
  const consent = 'Calls are recorded. See our [privacy policy](https://shop.example/privacy).';

  it('asks first: no microphone and no SDK before agreement; agreeing starts the call and is remembered', async () => {
    const storage = memoryStorage();
    const first = setup({ consent }, storage);
    await first.assistant.actions.startCall();
    expect(first.assistant.getState().voice.consentAsked).toBe(true);
    expect(first.deps.requestMicrophone).not.toHaveBeenCalled();
    expect(first.deps.createVoiceClient).not.toHaveBeenCalled();
    first.assistant.actions.agreeToVoiceConsent();
    await settle();
    expect(first.deps.createVoiceClient).toHaveBeenCalledTimes(1);
    expect(first.assistant.getState().voice.consentAsked).toBe(false);
    first.assistant.dispose();

    const nextVisit = setup({ consent }, storage);
    await nextVisit.assistant.actions.startCall();
    expect(nextVisit.deps.createVoiceClient).toHaveBeenCalledTimes(1);

    nextVisit.assistant.actions.withdrawVoiceConsent();
    nextVisit.assistant.dispose();
    const afterWithdrawal = setup({ consent }, storage);
    await afterWithdrawal.assistant.actions.startCall();
    expect(afterWithdrawal.assistant.getState().voice.consentAsked).toBe(true);
    expect(afterWithdrawal.deps.createVoiceClient).not.toHaveBeenCalled();
  });

  it('"Not now" closes the question and places no call; a changed consent text asks again', async () => {
    const storage = memoryStorage();
    const widget = setup({ consent }, storage);
    await widget.assistant.actions.startCall();
    widget.assistant.actions.declineVoiceConsent();
    expect(widget.assistant.getState().voice.consentAsked).toBe(false);
    expect(widget.deps.createVoiceClient).not.toHaveBeenCalled();
    widget.assistant.actions.agreeToVoiceConsent();
    await settle();
    widget.assistant.dispose();
    const changed = setup({ consent: `${consent} Updated.` }, storage);
    await changed.assistant.actions.startCall();
    expect(changed.assistant.getState().voice.consentAsked).toBe(true);
  });
});

describe('the demo call', () => {
  const timers = {
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
    clearTimeout: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };

  it('starts from the question typed before the call, answers typed text, and calls the tools on a product page', async () => {
    vi.useFakeTimers();
    try {
      const product = { name: 'Linen Shirt', variantId: '4401', price: '49.00', priceCurrency: 'EUR' };
      const client = createDemoVoiceClient(timers, {
        last_question: 'Do you have linen shirts?',
        page_product_json: JSON.stringify(product),
      });
      const finals: string[] = [];
      const tools: string[] = [];
      client.on('message', (message) => {
        const m = message as {
          type: string;
          transcriptType?: string;
          transcript?: string;
          toolCallList?: { function: { name: string } }[];
        };
        if (m.type === 'transcript' && m.transcriptType === 'final') finals.push(m.transcript ?? '');
        if (m.type === 'tool-calls') tools.push(...(m.toolCallList ?? []).map((call) => call.function.name));
      });
      await client.start({ assistantId: 'demo' });
      await vi.advanceTimersByTimeAsync(5_000);
      expect(finals[0]).toContain('Do you have linen shirts?');
      client.send({
        type: 'add-message',
        message: { role: 'user', content: 'Is it machine washable?' },
        triggerResponseEnabled: true,
      });
      await vi.runAllTimersAsync();
      expect(finals.some((line) => line.includes('Is it machine washable?'))).toBe(true);
      expect(tools).toEqual(['show_products', 'add_to_cart']);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('transcript lines are capped like replies', () => {
  it('a huge final line is cut within the cap, shown, saved and sent as history within it; a huge partial too', async () => {
    const { assistant, fake, requests } = await connectedAfterChat();
    fake.transcript('user', `${'word '.repeat(400_000)}\u{1F600}`, 'partial');
    expect(assistant.getState().voice.partial?.text.length).toBeLessThanOrEqual(MAX_TRANSCRIPT_LINE);
    fake.transcript('user', `${'x'.repeat(MAX_TRANSCRIPT_LINE - 1)}\u{1F600}${'y'.repeat(214_000)}`);
    const line = assistant.getState().voice.transcript.at(-1)?.text ?? '';
    expect(line.length).toBeLessThanOrEqual(MAX_TRANSCRIPT_LINE);
    expect(line.endsWith('…')).toBe(true);
    expect(/[\uD800-\uDBFF]…$/.test(line)).toBe(false);
    await assistant.actions.stopCall();
    await settle();
    const saved = assistant.getState().messages.filter((message) => message.source === 'voice');
    expect(saved.map((message) => message.content)).toEqual([line]);
    assistant.actions.sendMessage('And one more thing');
    await eventually(() => expect(assistant.getState().loading).toBe(false));
    const history = (requests.at(-1)?.body as { history: { content: string }[] }).history;
    expect(Math.max(...history.map((item) => item.content.length))).toBeLessThanOrEqual(MAX_TRANSCRIPT_LINE);
  });

  it('a speaker who talks on past the cap keeps every word, on more than one line', () => {
    const fragments = Array.from({ length: 30 }, (_, index) => ({
      role: 'user' as const,
      text: Array.from({ length: 100 }, (_, word) => `w${index}x${word}`).join(' '),
      timestamp: 1_000 + index * 10,
    }));
    const entries = mergeTranscript(fragments);
    expect(entries.length).toBeGreaterThan(1);
    expect(entries.every((entry) => entry.text.length <= MAX_TRANSCRIPT_LINE)).toBe(true);
    expect(entries.map((entry) => entry.text).join(' ')).toBe(
      fragments.map((fragment) => fragment.text.trim()).join(' '),
    );
  });
});
