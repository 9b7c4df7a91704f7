import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDemoVoiceClient, DEMO_SCRIPT } from '../../../src/voice/demo-client';
import { requestMicrophone } from '../../../src/voice/microphone';

const timers = {
  setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
  clearTimeout: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

describe('demo voice client', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('plays the whole scripted call with the events of a real one, then ends', async () => {
    const client = createDemoVoiceClient(timers);
    const seen: string[] = [];
    const finals: string[] = [];
    let partials = 0;
    let levels = 0;
    for (const event of ['call-start', 'call-end', 'speech-start', 'speech-end'] as const)
      client.on(event, () => seen.push(event));
    client.on('volume-level', () => levels++);
    client.on('message', (message) => {
      const m = message as { type: string; transcriptType?: string; transcript?: string; status?: string };
      if (m.type === 'transcript' && m.transcriptType === 'final') finals.push(m.transcript ?? '');
      if (m.type === 'transcript' && m.transcriptType === 'partial') partials++;
      if (m.type === 'status-update' && m.status === 'ended') seen.push('ended');
    });
    expect(await client.start({ assistantId: 'demo' })).toBe(true);
    await vi.runAllTimersAsync();
    expect(finals).toEqual(DEMO_SCRIPT.map((line) => line.text));
    expect(partials).toBeGreaterThan(DEMO_SCRIPT.length);
    expect(levels).toBeGreaterThan(0);
    const assistantLines = DEMO_SCRIPT.filter((line) => line.role === 'assistant').length;
    expect(seen.filter((event) => event === 'speech-start')).toHaveLength(assistantLines);
    expect(seen.slice(0, 1)).toEqual(['call-start']);
    expect(seen.slice(-2)).toEqual(['ended', 'call-end']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stop() ends at once and leaves no timers', async () => {
    const client = createDemoVoiceClient(timers);
    const ended = vi.fn();
    client.on('call-end', ended);
    await client.start({ assistantId: 'demo' });
    await vi.advanceTimersByTimeAsync(1500);
    await client.stop();
    expect(ended).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('demo voice across pages', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('leaves without ending, and on the next page goes on naming the product the page shows', async () => {
    const first = createDemoVoiceClient(timers);
    const ended = vi.fn();
    first.on('call-end', ended);
    expect(first.webCall?.()).toBeNull();
    await first.start({ assistantId: 'demo' });
    const kept = first.webCall?.();
    expect(kept).toMatchObject({ webCallUrl: expect.any(String) });
    await first.leave?.();
    expect(ended).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);

    const product = { name: 'Linen Shirt', sku: '4401', url: '/products/linen-shirt' };
    const next = createDemoVoiceClient(timers, { page_product_json: JSON.stringify(product) });
    const finals: string[] = [];
    const started = vi.fn();
    next.on('call-start', started);
    next.on('message', (message) => {
      const m = message as { type: string; transcriptType?: string; transcript?: string };
      if (m.type === 'transcript' && m.transcriptType === 'final') finals.push(m.transcript ?? '');
    });
    expect(await next.reconnect?.({ webCallUrl: 'https://elsewhere.example/room' })).toBe(false);
    expect(await next.reconnect?.(kept ?? { webCallUrl: '' })).toBe(true);
    await vi.advanceTimersByTimeAsync(3000);
    expect(started).toHaveBeenCalledTimes(1);
    expect(finals[0]).toBe('I am still here. Now you are looking at the Linen Shirt.');
    await next.stop();
  });
});

describe('requestMicrophone', () => {
  const original = Object.getOwnPropertyDescriptor(navigator, 'mediaDevices');
  afterEach(() => {
    if (original) Object.defineProperty(navigator, 'mediaDevices', original);
    else delete (navigator as { mediaDevices?: unknown }).mediaDevices;
  });

  function withGetUserMedia(getUserMedia: () => Promise<MediaStream>) {
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  }

  it('grants, and releases the microphone at once', async () => {
    const stop = vi.fn();
    withGetUserMedia(async () => ({ getTracks: () => [{ stop }] }) as unknown as MediaStream);
    expect(await requestMicrophone()).toBe('granted');
    expect(stop).toHaveBeenCalled();
  });

  it.each([
    ['NotAllowedError', 'denied'],
    ['SecurityError', 'denied'],
    ['NotFoundError', 'missing'],
    ['NotReadableError', 'unavailable'],
  ])('%s means %s', async (name, access) => {
    withGetUserMedia(async () => Promise.reject(new DOMException('no', name)));
    expect(await requestMicrophone()).toBe(access);
  });

  it('is unavailable without mediaDevices (an insecure page)', async () => {
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: undefined });
    expect(await requestMicrophone()).toBe('unavailable');
  });
});
