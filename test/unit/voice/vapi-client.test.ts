import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { VoiceConfig } from '../../../src/voice/voice-config';
import type { VoicePart } from '../../../src/voice/create-voice-client';

// The adapter is tested at the SDK boundary: @vapi-ai/web is replaced by a recording fake.
const sdk = vi.hoisted(() => {
  const instances: FakeVapi[] = [];
  class FakeVapi {
    listeners = new Map<string, Set<(...args: unknown[]) => void>>();
    constructorArgs: unknown[];
    start = vi.fn(async (..._args: unknown[]): Promise<object | null> => ({ id: 'call_1' }));
    stop = vi.fn(async () => undefined);
    send = vi.fn();
    reconnect = vi.fn(async (_webCall: unknown) => undefined);
    setMuted = vi.fn();
    constructor(...args: unknown[]) {
      this.constructorArgs = args;
      instances.push(this);
    }
    on(event: string, listener: (...args: unknown[]) => void) {
      const set = this.listeners.get(event) ?? new Set();
      set.add(listener);
      this.listeners.set(event, set);
      return this;
    }
    removeListener(event: string, listener: (...args: unknown[]) => void) {
      this.listeners.get(event)?.delete(listener);
      return this;
    }
    emit(event: string, ...args: unknown[]) {
      for (const listener of this.listeners.get(event) ?? []) listener(...args);
    }
  }
  return { FakeVapi, instances };
});
vi.mock('@vapi-ai/web', () => ({ default: sdk.FakeVapi }));

const CONFIG: VoiceConfig = {
  provider: 'vapi',
  publicKey: 'pk_live',
  assistantId: 'asst_1',
  squadId: null,
  workflowId: null,
  apiUrl: null,
};

async function adapter() {
  return (await import('../../../src/voice/vapi-client')).createVapiClient;
}

beforeEach(() => {
  vi.resetModules();
  sdk.instances.length = 0;
});

describe('Vapi adapter', () => {
  it('constructs Vapi with the public key, the optional API base URL and a CSP-friendly Daily config', async () => {
    const create = await adapter();
    create(CONFIG);
    create({ ...CONFIG, publicKey: 'pk_other', apiUrl: 'https://proxy.example/vapi' });
    expect(sdk.instances.map((instance) => instance.constructorArgs)).toEqual([
      ['pk_live', undefined, { avoidEval: true }],
      ['pk_other', 'https://proxy.example/vapi', { avoidEval: true }],
    ]);
  });

  it('shares one Vapi instance per page for the same key', async () => {
    const create = await adapter();
    create(CONFIG);
    create(CONFIG);
    expect(sdk.instances).toHaveLength(1);
  });

  const KEEP = { roomDeleteOnUserLeaveEnabled: false };
  it.each([
    [{ assistantId: 'asst_1' }, ['asst_1', undefined, undefined, undefined, undefined, KEEP]],
    [{ squadId: 'squad_1' }, [undefined, undefined, 'squad_1', undefined, undefined, KEEP]],
    [{ workflowId: 'wf_1' }, [undefined, undefined, undefined, 'wf_1', undefined, KEEP]],
  ])('start(%j) calls vapi.start(%j), the room kept for the next page', async (target, args) => {
    const client = (await adapter())(CONFIG);
    expect(await client.start(target)).toBe(true);
    expect(sdk.instances[0]?.start).toHaveBeenCalledWith(...args);
  });

  it('reports a start that resolves null as not started', async () => {
    const client = (await adapter())(CONFIG);
    sdk.instances[0]?.start.mockResolvedValueOnce(null);
    expect(await client.start({ assistantId: 'asst_1' })).toBe(false);
  });

  it('ends the call for good on stop (end-call, then leaving), and passes setMuted through', async () => {
    const client = (await adapter())(CONFIG);
    await client.stop();
    client.setMuted(true);
    client.setMuted(false);
    expect(sdk.instances[0]?.send).toHaveBeenCalledWith({ type: 'end-call' });
    expect(sdk.instances[0]?.stop).toHaveBeenCalledTimes(1);
    expect(sdk.instances[0]?.setMuted.mock.calls).toEqual([[true], [false]]);
  });

  it('leaves without ending the call, keeps what reconnect needs of the web call, and rejoins with it', async () => {
    const client = (await adapter())(CONFIG);
    expect(client.webCall?.()).toBeNull();
    sdk.instances[0]?.start.mockResolvedValueOnce({
      id: 'call_9',
      webCallUrl: 'https://vapi.daily.co/room9',
      assistant: { voice: { provider: '11labs' }, model: { messages: ['not kept'] } },
      artifactPlan: { videoRecordingEnabled: false },
      monitor: { controlUrl: 'https://phone-call-websocket.aws-us-west-2-backend-production1.vapi.ai/call_9/control' },
    });
    await client.start({ assistantId: 'asst_1' });
    const kept = client.webCall?.();
    expect(kept).toEqual({
      id: 'call_9',
      webCallUrl: 'https://vapi.daily.co/room9',
      assistant: { voice: { provider: '11labs' } },
      artifactPlan: { videoRecordingEnabled: false },
      controlUrl: 'https://phone-call-websocket.aws-us-west-2-backend-production1.vapi.ai/call_9/control',
    });
    await client.leave?.();
    expect(sdk.instances[0]?.send).not.toHaveBeenCalled();
    expect(sdk.instances[0]?.stop).toHaveBeenCalledTimes(1);
    expect(await client.reconnect?.(kept!)).toBe(true);
    expect(sdk.instances[0]?.reconnect).toHaveBeenCalledWith(kept);
  });

  it.each([
    ['call-start', []],
    ['call-end', []],
    ['speech-start', []],
    ['speech-end', []],
    ['volume-level', [0.4]],
    ['message', [{ type: 'transcript', role: 'user', transcriptType: 'final', transcript: 'hi' }]],
    ['error', [{ type: 'daily-error' }]],
  ] as const)('maps the SDK event %s, and unsubscribing removes the listener', async (event, args) => {
    const client = (await adapter())(CONFIG);
    const listener = vi.fn();
    const off = client.on(event, listener);
    sdk.instances[0]?.emit(event, ...args);
    expect(listener).toHaveBeenCalledWith(...args);
    off();
    sdk.instances[0]?.emit(event, ...args);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(sdk.instances[0]?.listeners.get(event)?.size).toBe(0);
  });
});

describe('createVoiceClient', () => {
  const timers = {
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
    clearTimeout: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };

  it('loads the voice part only for vapi calls, and the scripted client for demo calls', async () => {
    const { createVoiceClient } = await import('../../../src/voice/create-voice-client');
    const { loadPart } = await import('../../../src/common/parts');
    // What the file beside the script does when it runs.
    await import('../../../src/voice/voice-part');
    const loadVoicePart = vi.fn(() => loadPart<VoicePart>('voice'));
    await createVoiceClient({ ...CONFIG, provider: 'demo' }, timers, loadVoicePart);
    expect(loadVoicePart).not.toHaveBeenCalled();
    expect(sdk.instances).toHaveLength(0);
    await createVoiceClient(CONFIG, timers, loadVoicePart);
    expect(loadVoicePart).toHaveBeenCalledTimes(1);
    expect(sdk.instances).toHaveLength(1);
  });

  it('fails the call when the voice part cannot load, without creating the SDK', async () => {
    const { createVoiceClient } = await import('../../../src/voice/create-voice-client');
    const cannotLoad = () => Promise.reject(new Error('could not load store-assistant.voice.js'));
    await expect(createVoiceClient(CONFIG, timers, cannotLoad)).rejects.toThrow('store-assistant.voice.js');
    expect(sdk.instances).toHaveLength(0);
  });
});
