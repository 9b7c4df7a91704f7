import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAssistant } from '../../../src/app/assistant';
import { defaultConfig } from '../../../src/app/config';
import type { VoiceConfig } from '../../../src/voice/voice-config';
import { fakeDeps } from '../../support/fake-deps';
import { VAPI_VOICE, fakeVoiceClient } from '../../support/fake-voice';
import { eventually } from '../../support/patience';

const VAPI = VAPI_VOICE;

function setup(
  options: {
    voice?: Partial<VoiceConfig>;
    client?: ReturnType<typeof fakeVoiceClient>;
    microphone?: 'granted' | 'denied' | 'missing' | 'unavailable';
  } = {},
) {
  const fake = options.client ?? fakeVoiceClient();
  const harness = fakeDeps({
    createVoiceClient: vi.fn(async () => fake.client),
    requestMicrophone: vi.fn(async () => options.microphone ?? 'granted'),
  });
  const assistant = createAssistant(harness.deps);
  assistant.configure({
    ...defaultConfig('shop.example'),
    webhookUrl: 'https://hooks.example/chat',
    voice: { ...VAPI, ...options.voice },
  });
  const voice = () => assistant.getState().voice;
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { ...harness, fake, assistant, voice, settle };
}

let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.forEach((cleanup) => cleanup());
  cleanups = [];
});

/** Starts a call and brings it to connected. */
async function connected(options: Parameters<typeof setup>[0] = {}) {
  const harness = setup(options);
  cleanups.push(() => harness.assistant.dispose());
  await harness.assistant.actions.startCall();
  harness.fake.emit('call-start');
  return harness;
}

describe('starting a call', () => {
  it('goes idle → connecting → connected, asking for the microphone first', async () => {
    const harness = setup();
    cleanups.push(() => harness.assistant.dispose());
    const statuses: string[] = [];
    harness.assistant.subscribe((state, previous) => {
      if (state.voice.status !== previous.voice.status) statuses.push(state.voice.status);
    });
    const starting = harness.assistant.actions.startCall();
    expect(harness.voice().status).toBe('connecting');
    await starting;
    expect(harness.deps.requestMicrophone).toHaveBeenCalledTimes(1);
    expect(harness.deps.createVoiceClient).toHaveBeenCalledWith(
      expect.objectContaining({ publicKey: 'pk_test', assistantId: 'asst_1' }),
    );
    expect(harness.fake.client.start).toHaveBeenCalledWith({ assistantId: 'asst_1' });
    harness.fake.emit('call-start');
    expect(statuses).toEqual(['connecting', 'connected']);
    expect(harness.events.find((event) => event.name === 'call-start')?.detail).toEqual({ demo: false });
  });

  it.each([
    [{ assistantId: null, squadId: 'squad_1' }, { squadId: 'squad_1' }],
    [{ assistantId: null, workflowId: 'wf_1' }, { workflowId: 'wf_1' }],
  ])('starts with %j as %j', async (voice, target) => {
    const harness = setup({ voice });
    cleanups.push(() => harness.assistant.dispose());
    await harness.assistant.actions.startCall();
    expect(harness.fake.client.start).toHaveBeenCalledWith(target);
  });

  it.each([
    ['no public key', { publicKey: null }],
    ['no assistant, squad or workflow', { assistantId: null }],
  ])('with %s says "Voice is not configured" and loads nothing', async (_, voice) => {
    const harness = setup({ voice });
    await harness.assistant.actions.startCall();
    expect(harness.assistant.getState().notice).toEqual({ source: 'voice', text: 'Voice is not configured' });
    expect(harness.deps.createVoiceClient).not.toHaveBeenCalled();
    expect(harness.deps.requestMicrophone).not.toHaveBeenCalled();
    expect(harness.voice().status).toBe('idle');
    expect(harness.events.some((event) => event.name === 'error')).toBe(true);
  });

  it('ignores a start while one is starting or running', async () => {
    const harness = setup();
    cleanups.push(() => harness.assistant.dispose());
    const first = harness.assistant.actions.startCall();
    await harness.assistant.actions.startCall();
    await first;
    harness.fake.emit('call-start');
    await harness.assistant.actions.startCall();
    expect(harness.deps.createVoiceClient).toHaveBeenCalledTimes(1);
    expect(harness.fake.client.start).toHaveBeenCalledTimes(1);
  });

  it('allows one call per page: a second widget is told a call is running elsewhere', async () => {
    const first = await connected();
    const second = setup();
    await second.assistant.actions.startCall();
    expect(second.deps.createVoiceClient).not.toHaveBeenCalled();
    expect(second.assistant.getState().notice?.text).toBe(
      'A call is already running in another assistant on this page.',
    );
    await first.assistant.actions.stopCall();
    await second.assistant.actions.startCall();
    expect(second.deps.createVoiceClient).toHaveBeenCalledTimes(1);
    second.assistant.dispose();
  });
});

describe('during a call', () => {
  it('maps speech-start/end, volume-level and mute', async () => {
    const { fake, voice, assistant } = await connected();
    fake.emit('speech-start');
    expect(voice().speaking).toBe(true);
    fake.emit('volume-level', 0.6);
    expect(voice().level).toBe(0.6);
    fake.emit('volume-level', 7);
    expect(voice().level).toBe(1);
    fake.emit('speech-end');
    expect(voice()).toMatchObject({ speaking: false, level: 0 });
    assistant.actions.setMuted(true);
    expect(fake.client.setMuted).toHaveBeenCalledWith(true);
    expect(voice().muted).toBe(true);
  });

  it("maps the visitor's microphone level (local-volume-level), clamped, and resets it when the call ends", async () => {
    const { fake, voice, assistant } = await connected();
    fake.emit('local-volume-level', 0.42);
    expect(voice().micLevel).toBe(0.42);
    fake.emit('local-volume-level', -1);
    expect(voice().micLevel).toBe(0);
    fake.emit('local-volume-level', 3);
    expect(voice().micLevel).toBe(1);
    await assistant.actions.stopCall();
    expect(voice().micLevel).toBe(0);
  });

  it('shows partial lines live and merges final lines into the transcript, with an event per entry', async () => {
    const { fake, voice, events, advance } = await connected();
    fake.transcript('user', 'Do you', 'partial');
    expect(voice().partial).toEqual({ role: 'user', text: 'Do you' });
    fake.transcript('user', 'Do you ship to Canada?');
    expect(voice().partial).toBeNull();
    advance(500);
    fake.transcript('user', 'And to Mexico?');
    advance(5000);
    fake.transcript('assistant', 'Yes, to both.');
    fake.transcript('assistant', 'ok');
    expect(voice().transcript.map((entry) => [entry.role, entry.text])).toEqual([
      ['user', 'Do you ship to Canada? And to Mexico?'],
      ['assistant', 'Yes, to both.'],
    ]);
    expect(events.filter((event) => event.name === 'transcript')).toHaveLength(3);
  });

  it('counts the call duration in seconds', async () => {
    vi.useFakeTimers();
    try {
      const { voice } = await connected();
      await vi.advanceTimersByTimeAsync(3000);
      expect(voice().seconds).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('ending a call', () => {
  it('stop() ends it: idle, not speaking; the transcript joins the conversation and the history', async () => {
    const { fake, voice, assistant, events, deps } = await connected();
    fake.emit('speech-start');
    fake.transcript('user', 'I need a gift');
    fake.transcript('assistant', 'How about a mug?');
    await assistant.actions.stopCall();
    expect(fake.client.stop).toHaveBeenCalledTimes(1);
    expect(voice()).toMatchObject({ status: 'idle', speaking: false, transcript: [] });
    expect(assistant.getState().messages.map((m) => [m.sender, m.content, m.source, m.callSeconds])).toEqual([
      ['user', 'I need a gift', 'voice', undefined],
      // The last line carries the call's length, for the "Call ended" line under it.
      ['bot', 'How about a mug?', 'voice', 0],
    ]);
    expect(events.find((event) => event.name === 'call-end')?.detail).toMatchObject({
      transcript: [{ text: 'I need a gift' }, { text: 'How about a mug?' }],
    });
    assistant.actions.sendMessage('Which colours?');
    await eventually(() => expect(assistant.getState().loading).toBe(false));
    const [, init] = vi.mocked(deps.fetch).mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body)).history).toEqual([
      { role: 'user', content: 'I need a gift' },
      { role: 'assistant', content: 'How about a mug?' },
    ]);
  });

  it('a status-update "ended" message ends the call', async () => {
    const { fake, voice } = await connected({ client: fakeVoiceClient({ endOnStop: false }) });
    fake.emit('message', { type: 'status-update', status: 'ended', endedReason: 'assistant-ended-call' });
    expect(voice().status).toBe('idle');
  });

  it('waits a moment for call-end after stop, then tidies up anyway', async () => {
    vi.useFakeTimers();
    try {
      const { voice, assistant } = await connected({ client: fakeVoiceClient({ endOnStop: false }) });
      await assistant.actions.stopCall();
      expect(voice().status).toBe('ending');
      await vi.advanceTimersByTimeAsync(3000);
      expect(voice().status).toBe('idle');
    } finally {
      vi.useRealTimers();
    }
  });

  it('the toggle starts and stops', async () => {
    const harness = setup();
    harness.assistant.actions.toggleCall();
    await harness.settle();
    harness.fake.emit('call-start');
    expect(harness.voice().status).toBe('connected');
    harness.assistant.actions.toggleCall();
    await harness.settle();
    expect(harness.voice().status).toBe('idle');
  });

  it('removing the widget stops the call and clears its timers and listeners', async () => {
    vi.useFakeTimers();
    try {
      const { fake, voice, assistant } = await connected();
      assistant.dispose();
      expect(fake.client.stop).toHaveBeenCalled();
      expect(voice().status).toBe('idle');
      const seconds = voice().seconds;
      await vi.advanceTimersByTimeAsync(5000);
      fake.emit('speech-start');
      expect(voice()).toMatchObject({ speaking: false, seconds });
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('failures', () => {
  it.each([
    ['denied', 'Microphone access is blocked.'],
    ['missing', 'No microphone was found.'],
    ['unavailable', 'Voice calls need a secure (https) page'],
  ] as const)('a %s microphone gets its own message and loads no SDK', async (microphone, text) => {
    const harness = setup({ microphone });
    await harness.assistant.actions.startCall();
    expect(harness.assistant.getState().notice?.text).toContain(text);
    expect(harness.deps.createVoiceClient).not.toHaveBeenCalled();
    expect(harness.voice().status).toBe('idle');
    expect(harness.events.find((event) => event.name === 'error')?.detail).toEqual({
      source: 'voice',
      message: `voice: microphone ${microphone}`,
    });
  });

  it('several SDK errors for one failure give one notice and one event, then a clean idle state', async () => {
    const harness = setup({ client: fakeVoiceClient({ startResult: false }) });
    const starting = harness.assistant.actions.startCall();
    await harness.settle();
    harness.fake.emit('error', { type: 'daily-error', error: { message: 'join failed' } });
    harness.fake.emit('error', { type: 'daily-call-join-error', error: { message: 'join failed' } });
    harness.fake.emit('error', { type: 'start-method-error', error: { message: 'join failed' } });
    await starting;
    await harness.settle();
    expect(harness.events.filter((event) => event.name === 'error')).toHaveLength(1);
    expect(harness.assistant.getState().notice?.text).toBe(
      'The call could not be connected. Please try again in a moment.',
    );
    expect(harness.voice().status).toBe('idle');
    expect(harness.events.some((event) => event.name === 'call-end')).toBe(false);
    // A new call can start from here.
    harness.fake.client.start.mockResolvedValueOnce(true);
    await harness.assistant.actions.startCall();
    expect(harness.fake.client.start).toHaveBeenCalledTimes(2);
    harness.assistant.dispose();
  });

  it('a start that resolves false without events is a failure too', async () => {
    const harness = setup({ client: fakeVoiceClient({ startResult: false }) });
    await harness.assistant.actions.startCall();
    await harness.settle();
    expect(harness.voice().status).toBe('idle');
    expect(harness.assistant.getState().notice?.text).toContain('could not be connected');
  });

  it('a voice SDK that fails to load is a failure, and the chat keeps working', async () => {
    const harness = setup();
    harness.deps.createVoiceClient = vi.fn(async () => Promise.reject(new Error('chunk failed')));
    const assistant = createAssistant(harness.deps);
    assistant.configure({ ...defaultConfig('shop.example'), webhookUrl: 'https://hooks.example/chat', voice: VAPI });
    await assistant.actions.startCall();
    await harness.settle();
    expect(assistant.getState().voice.status).toBe('idle');
    expect(assistant.actions.sendMessage('still there?')).toBe(true);
  });

  it('stopping while the microphone prompt is open places no call', async () => {
    let grant: (access: 'granted') => void = () => undefined;
    const harness = setup();
    harness.deps.requestMicrophone = vi.fn(() => new Promise<'granted'>((resolve) => (grant = resolve)));
    const assistant = createAssistant(harness.deps);
    assistant.configure({ ...defaultConfig('shop.example'), voice: VAPI });
    const starting = assistant.actions.startCall();
    await assistant.actions.stopCall();
    grant('granted');
    await starting;
    expect(harness.deps.createVoiceClient).not.toHaveBeenCalled();
    expect(assistant.getState().voice.status).toBe('idle');
  });
});
