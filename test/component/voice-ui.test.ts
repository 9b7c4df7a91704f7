import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeVoiceClient } from '../support/fake-voice';
import { eventually, mountWidget } from './helpers';

// Voice at the SDK boundary: the element's voice client is a fake the test drives.
const voice = vi.hoisted(() => ({
  current: null as null | ReturnType<typeof import('../support/fake-voice').fakeVoiceClient>,
  microphone: 'granted' as string,
}));
vi.mock('../../src/voice/create-voice-client', () => ({
  createVoiceClient: vi.fn(async () => {
    if (!voice.current) throw new Error('no fake client');
    return voice.current.client;
  }),
}));
vi.mock('../../src/voice/microphone', () => ({ requestMicrophone: vi.fn(async () => voice.microphone) }));

const VOICE_ATTRIBUTES = { 'vapi-public-key': 'pk_test', 'vapi-assistant-id': 'asst_1' };

beforeEach(() => {
  voice.current = fakeVoiceClient();
  voice.microphone = 'granted';
});

async function openChat(attributes: Record<string, string> = VOICE_ATTRIBUTES) {
  const mounted = await mountWidget(attributes);
  mounted.el.startChat();
  await mounted.findByRole('button', { name: 'Start call' });
  return mounted;
}

describe('voice UI', () => {
  it('idle: the call toggle reads "Start call" and no call strip shows', async () => {
    const { root, getByRole } = await openChat();
    expect(getByRole('button', { name: 'Start call' })).toBeTruthy();
    expect(root.querySelector('.call-bar')).toBeNull();
  });

  it('connecting, then connected with the live indicator, duration, speaking state, level, mute and end', async () => {
    let resolveStart: (value: boolean) => void = () => undefined;
    voice.current?.client.start.mockImplementationOnce(
      () => new Promise<boolean>((resolve) => (resolveStart = resolve)),
    );
    const { getByRole, getAllByRole, findByText, root } = await openChat();
    getByRole('button', { name: 'Start call' }).click();
    await findByText('Connecting…', { selector: '.call-label' });
    // The header's status line and the text box say the call's state too, not "Online" and "Your message…".
    expect(root.querySelector('.chat-header .status')?.textContent).toBe('Connecting…');
    expect(getByRole('textbox', { name: 'Message' }).getAttribute('placeholder')).toBe('Connecting…');
    // One end-call control: the input bar's call button gives way to the call strip's.
    expect(getAllByRole('button', { name: 'End call' })).toHaveLength(1);

    voice.current?.emit('call-start');
    resolveStart(true);
    await findByText('Live call');
    expect(root.querySelector('.call-duration')?.textContent).toBe('Call duration 0:00');
    expect(root.querySelector('.call-duration')?.getAttribute('role')).toBe('timer');
    // The ticking duration is outside the status region, so it is not announced every second.
    expect(root.querySelector('[role="status"] .call-duration')).toBeNull();
    // Listening or speaking is said in the header's status line.
    expect((await findByText('Listening…')).closest('.chat-header')).not.toBeNull();

    voice.current?.emit('speech-start');
    voice.current?.emit('volume-level', 0.8);
    await findByText('Speaking…');
    const meter = getByRole('meter', { name: 'Assistant voice level' });
    expect(meter.getAttribute('aria-valuenow')).toBe('80');
    expect(meter.getAttribute('data-level')).toBe('4');

    const mute = getByRole('button', { name: 'Mute microphone' });
    expect(mute.getAttribute('aria-pressed')).toBe('false');
    mute.click();
    // A toggle keeps its name; its pressed state says whether it is on.
    await eventually(() => expect(getByRole('button', { name: 'Mute microphone', pressed: true })).toBeTruthy());
    expect(voice.current?.client.setMuted).toHaveBeenCalledWith(true);

    expect(root.querySelector('.call-toggle')).toBeNull();
    (root.querySelector('.call-bar .end-call') as HTMLButtonElement).click();
    await eventually(() => expect(root.querySelector('.call-bar')).toBeNull());
    expect(voice.current?.client.stop).toHaveBeenCalled();
    expect(getByRole('button', { name: 'Start call' })).toBeTruthy();
  });

  it('shows the running transcript with the partial line, and keeps it in the conversation after the call', async () => {
    const { getByRole, findByText, findByRole, root, el } = await openChat();
    const transcripts = vi.fn();
    el.addEventListener('store-assistant:transcript', transcripts);
    getByRole('button', { name: 'Start call' }).click();
    await findByText('Connecting…', { selector: '.call-label' });
    voice.current?.emit('call-start');
    voice.current?.transcript('assistant', 'Hello, how can', 'partial');
    await findByText('Hello, how can');
    voice.current?.transcript('assistant', 'Hello, how can I help?');
    await findByRole('region', { name: 'Call transcript' });
    await findByText('Hello, how can I help?');
    expect(root.querySelector('.live-transcript .partial')).toBeNull();
    expect(transcripts).toHaveBeenCalledTimes(1);
    voice.current?.emit('call-end');
    await eventually(() => expect(root.querySelector('.live-transcript')).toBeNull());
    expect(root.querySelector('.messages .message.bot.voice')?.textContent).toContain('Hello, how can I help?');
  });

  it('"Start a live call" on the welcome view opens the chat and starts the call', async () => {
    const { getByRole, findByText } = await mountWidget(VOICE_ATTRIBUTES);
    getByRole('button', { name: 'Start a live call' }).click();
    await findByText('Connecting…', { selector: '.call-label' });
    expect(getByRole('button', { name: 'Back' })).toBeTruthy();
  });

  it('without voice configuration shows no call controls at all', async () => {
    const mounted = await mountWidget({});
    expect(mounted.queryByRole('button', { name: 'Start a live call' })).toBeNull();
    mounted.el.startChat();
    await mounted.findByRole('textbox', { name: 'Message' });
    expect(mounted.queryByRole('button', { name: 'Start call' })).toBeNull();
    expect(mounted.getByRole('button', { name: 'Attach image' })).toBeTruthy();
  });

  it('a denied microphone explains how to allow it; the chat keeps working', async () => {
    voice.microphone = 'denied';
    const { el, getByRole, findByRole, findByText } = await openChat();
    const errors = vi.fn();
    el.addEventListener('store-assistant:error', errors);
    getByRole('button', { name: 'Start call' }).click();
    expect((await findByRole('alert')).textContent).toContain('Allow the microphone for this site');
    expect((errors.mock.calls[0]?.[0] as CustomEvent).detail).toEqual({
      source: 'voice',
      message: 'voice: microphone denied',
    });
    el.sendMessage('Can I still type?');
    await findByText('Hello from the store');
    expect(getByRole('button', { name: 'Start call' })).toBeTruthy();
  });

  it('a failed start shows one notice and returns to idle', async () => {
    voice.current = fakeVoiceClient({ startResult: false });
    const { getByRole, findByRole, root } = await openChat();
    getByRole('button', { name: 'Start call' }).click();
    expect((await findByRole('alert')).textContent).toContain('could not be connected');
    await eventually(() => expect(root.querySelector('.call-bar')).toBeNull());
    expect(getByRole('button', { name: 'Start call' })).toBeTruthy();
  });

  it('a demo call says it is a demo call', async () => {
    const { getByRole, findByText } = await openChat({ 'voice-provider': 'demo' });
    getByRole('button', { name: 'Start call' }).click();
    await findByText('Demo call');
    voice.current?.emit('call-start');
    await findByText('Demo call');
  });

  it('removing the element ends the call; added again, it can place a new one', async () => {
    const { el, root, getByRole, findByText } = await openChat();
    getByRole('button', { name: 'Start call' }).click();
    await findByText('Connecting…', { selector: '.call-label' });
    voice.current?.emit('call-start');
    await findByText('Live call');
    el.remove();
    await Promise.resolve();
    expect(voice.current?.client.stop).toHaveBeenCalled();

    const first = voice.current;
    voice.current = fakeVoiceClient();
    document.body.append(el);
    await eventually(() => expect(root.querySelector('.call-toggle')?.getAttribute('aria-label')).toBe('Start call'));
    (root.querySelector('.call-toggle') as HTMLButtonElement).click();
    await eventually(() => expect(voice.current?.client.start).toHaveBeenCalledTimes(1));
    expect(first?.client.start).toHaveBeenCalledTimes(1);
  });

  it('the page being hidden for good ends the call', async () => {
    const { getByRole, findByText, root } = await openChat();
    getByRole('button', { name: 'Start call' }).click();
    await findByText('Connecting…', { selector: '.call-label' });
    voice.current?.emit('call-start');
    await findByText('Live call');
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
    expect(voice.current?.client.stop).toHaveBeenCalled();
    await eventually(() => expect(root.querySelector('.call-bar')).toBeNull());
  });
});

describe('recording consent', () => {
  it('reads as text with a link from its first render, before the markdown renderer has loaded', async () => {
    const consent = 'Calls are recorded. Read our [privacy notice](https://shop.example/privacy) first.';
    const { getByRole, findByRole, root } = await mountWidget({ ...VOICE_ATTRIBUTES, 'voice-consent': consent });
    getByRole('button', { name: 'Start a live call' }).click();
    const group = await findByRole('group', { name: 'Before we call' });
    // The renderer is loaded in idle time seconds after the widget rendered: it is not there yet.
    expect(root.querySelector('.voice-consent .markdown')?.textContent).toBe(
      'Calls are recorded. Read our privacy notice first.',
    );
    const link = group.querySelector('a');
    expect(link?.textContent).toBe('privacy notice');
    expect(link?.getAttribute('href')).toBe('https://shop.example/privacy');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('before the renderer, escapes everything but web links, and shows where a misleading link goes', async () => {
    const { consentHtmlBeforeMarkdown } = await import('../../src/ui/chat/voice-consent');
    expect(consentHtmlBeforeMarkdown('<b>x</b> [a](javascript:alert(1)) [shop.example](https://evil.example/p)')).toBe(
      '&#60;b&#62;x&#60;/b&#62; [a](javascript:alert(1)) ' +
        '<a href="https://evil.example/p" target="_blank" rel="noopener noreferrer">shop.example</a> (evil.example)',
    );
  });
});
