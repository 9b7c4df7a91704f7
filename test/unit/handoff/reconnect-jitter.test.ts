import { afterEach, describe, expect, it, vi } from 'vitest';
import { createN8nSocket, MAX_RECONNECTS, type SocketHandlers } from '../../../src/chat/n8n-chat/n8n-socket';
import type { ChannelStatus } from '../../../src/handoff/handoff-state';
import { createEventChannel, DEFAULT_BACKOFF } from '../../../src/handoff/event-channel';

/**
 * No reconnect storms: when n8n or the store's desk restarts, every open widget loses its connection at
 * the same moment. Each comes back after a back-off whose later half is random (here at both ends of
 * the random range), so they come back spread out, and each tab keeps one connection at most.
 */
const timers = {
  setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
  clearTimeout: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

afterEach(() => {
  vi.useRealTimers();
});

/** n8n's chat socket on a fake socket that the test drops; `random` is the jitter's draw. */
function chatSocket(random: number) {
  const opened: SocketHandlers[] = [];
  const failures: string[] = [];
  const socket = createN8nSocket(
    {
      timers,
      random: () => random,
      openSocket: (_url, handlers) => (opened.push(handlers), { send: () => undefined, close: () => undefined }),
    },
    { onMessage: () => undefined, onBusy: () => undefined, onFailure: (reason) => failures.push(reason) },
  );
  return { socket, opened, failures };
}

describe("n8n's chat socket reconnects", () => {
  it.each([
    [0, [250, 500, 1_000, 2_000, 4_000]],
    [1, [500, 1_000, 2_000, 4_000, 8_000]],
  ])('with the jitter drawing %s: after %j ms, then gives up', async (random, waits) => {
    vi.useFakeTimers();
    const { socket, opened } = chatSocket(random);
    const turn = socket
      .follow('ws://127.0.0.1:1/chat?sessionId=s&executionId=1&isPublic=true')
      .catch((error: Error) => error.message);
    expect(opened).toHaveLength(1);
    expect(waits).toHaveLength(MAX_RECONNECTS);
    for (const wait of waits) {
      opened.at(-1)?.onClose(1006);
      const before = opened.length;
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(opened).toHaveLength(before);
      await vi.advanceTimersByTimeAsync(1);
      expect(opened).toHaveLength(before + 1);
    }
    opened.at(-1)?.onClose(1006);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(opened).toHaveLength(MAX_RECONNECTS + 1);
    expect(await turn).toMatch(/could not reconnect/);
  });
});

describe('the events stream reconnects', () => {
  function channel(random: number) {
    const fetch = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
    const statuses: ChannelStatus[] = [];
    const events = createEventChannel({
      fetch: fetch as unknown as typeof globalThis.fetch,
      timers,
      random: () => random,
      url: () => 'https://desk.example/events',
      lastEventId: () => null,
      onEvent: () => undefined,
      onStatus: (status) => statuses.push(status),
      warn: () => undefined,
      yieldToPage: () => Promise.resolve(),
    });
    return { events, fetch, statuses };
  }

  it.each([
    [0, [500, 1_000, 2_000, 4_000, 8_000, 15_000, 15_000]],
    [1, [1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]],
  ])('with the jitter drawing %s: after %j ms, up to half a minute', async (random, waits) => {
    vi.useFakeTimers();
    const { events, fetch } = channel(random);
    expect(DEFAULT_BACKOFF).toEqual({ baseMs: 1_000, maxMs: 30_000 });
    events.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    for (const wait of waits) {
      const before = fetch.mock.calls.length;
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(fetch).toHaveBeenCalledTimes(before);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetch).toHaveBeenCalledTimes(before + 1);
    }
    events.close();
  });

  it('keeps one connection per tab: opening it again while it is open or waiting to reconnect does nothing', async () => {
    vi.useFakeTimers();
    const { events, fetch } = channel(0.5);
    events.open();
    events.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    // Waiting to reconnect.
    events.open();
    await vi.advanceTimersByTimeAsync(100);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetch).toHaveBeenCalledTimes(2);
    events.close();
  });
});
