import VapiExport from '@vapi-ai/web';
import { own } from '../common/own';
import type { VoiceConfig } from './voice-config';
import type { VoiceClient, VoiceClientEvents, WebCallRecord } from './voice-client';

/**
 * The Vapi adapter. This module, and with it `@vapi-ai/web` and daily-js, is only reached through
 * `import()`, so the one-file build evaluates it when the first call starts, never on page load.
 *
 * One Vapi instance serves the whole page (two widgets on a page share it), recreated only when the
 * public key or API URL changes.
 */
type Vapi = InstanceType<typeof VapiExport>;

/**
 * The Vapi class. `@vapi-ai/web` is CommonJS with `exports.default`; bundled from an ES module package,
 * the default import is the whole `exports` object (Node's interop), under a test runner's mock it is
 * the class itself.
 */
const VapiClass: typeof VapiExport = (VapiExport as unknown as { default?: typeof VapiExport }).default ?? VapiExport;

// Lets the benchmark (and anyone profiling a store page) see when the voice stack was evaluated.
performance.mark?.('store-assistant:voice-evaluated');

let shared: { key: string; vapi: Vapi } | null = null;

function vapiFor(config: VoiceConfig): Vapi {
  const key = `${config.publicKey}\n${config.apiUrl ?? ''}`;
  // avoidEval: Daily then loads its call machine as a script instead of evaluating a string, so stores
  // with a Content-Security-Policy need no 'unsafe-eval' (see the README's CSP section).
  if (shared?.key !== key)
    shared = { key, vapi: new VapiClass(config.publicKey ?? '', config.apiUrl ?? undefined, { avoidEval: true }) };
  return shared.vapi;
}

/**
 * The room stays open when the visitor's browser leaves it, so the next page of the store can rejoin the
 * call (`reconnect`); ending the call for good is then the widget's to do (`end-call`).
 */
const KEEP_ROOM: NonNullable<Parameters<Vapi['start']>[5]> = { roomDeleteOnUserLeaveEnabled: false };

/** What `reconnect` needs of the web call `start` placed (the SDK reads these fields of it), and its control URL. */
function recordOf(call: unknown): WebCallRecord | null {
  const transport = own(call, 'transport');
  const url = own(call, 'webCallUrl') ?? own(transport, 'callUrl');
  if (typeof url !== 'string' || !url) return null;
  const id = own(call, 'id');
  const recording = own(own(call, 'artifactPlan'), 'videoRecordingEnabled');
  const provider = own(own(own(call, 'assistant'), 'voice'), 'provider');
  const token = own(transport, 'callToken');
  const controlUrl = own(own(call, 'monitor'), 'controlUrl');
  const record: WebCallRecord & Parameters<Vapi['reconnect']>[0] = {
    webCallUrl: url,
    ...(typeof id === 'string' ? { id } : {}),
    ...(typeof recording === 'boolean' ? { artifactPlan: { videoRecordingEnabled: recording } } : {}),
    ...(typeof provider === 'string' ? { assistant: { voice: { provider } } } : {}),
    ...(typeof token === 'string' ? { transport: { callToken: token } } : {}),
    ...(typeof controlUrl === 'string' ? { controlUrl } : {}),
  };
  return record;
}

/** Places the call with the configuration's overrides, its room kept for the next page. */
function placeWith(vapi: Vapi, config: VoiceConfig, target: Parameters<VoiceClient['start']>[0]) {
  const overrides = (config.assistantOverrides ?? undefined) as Parameters<Vapi['start']>[1];
  // A workflow takes its variables as workflowOverrides; an assistant or a squad as assistantOverrides.
  if (target.workflowId) {
    const workflowOverrides = overrides ? { variableValues: overrides.variableValues } : undefined;
    return vapi.start(
      undefined,
      undefined,
      undefined,
      target.workflowId,
      workflowOverrides as Parameters<Vapi['start']>[4],
      KEEP_ROOM,
    );
  }
  return vapi.start(target.assistantId, overrides, target.squadId, undefined, undefined, KEEP_ROOM);
}

/** Creates a VoiceClient over the page's Vapi instance. */
export function createVapiClient(config: VoiceConfig): VoiceClient {
  const vapi = vapiFor(config);
  let placed: WebCallRecord | null = null;
  return {
    async start(target) {
      const call = await placeWith(vapi, config, target);
      placed = recordOf(call);
      return call !== null;
    },
    webCall: () => placed,
    async reconnect(call) {
      placed = call;
      await vapi.reconnect(call);
      return true;
    },
    // The room outlives the visitor leaving it: `end-call` ends the call itself (what the SDK's `end()`
    // does, awaited here), then the browser leaves.
    async stop() {
      vapi.send({ type: 'end-call' });
      await vapi.stop();
    },
    leave: () => vapi.stop(),
    send: (message) => vapi.send(message),
    setMuted: (muted) => vapi.setMuted(muted),
    on<E extends keyof VoiceClientEvents>(event: E, listener: (...args: VoiceClientEvents[E]) => void) {
      const handler = listener as (...args: unknown[]) => void;
      vapi.on(event, handler as never);
      return () => void vapi.removeListener(event, handler as never);
    },
  };
}
