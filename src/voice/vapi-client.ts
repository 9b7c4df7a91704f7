import VapiExport from '@vapi-ai/web';
import type { VoiceConfig } from './voice-config';
import type { VoiceClient, VoiceClientEvents } from './voice-client';

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

/** Creates a VoiceClient over the page's Vapi instance. */
export function createVapiClient(config: VoiceConfig): VoiceClient {
  const vapi = vapiFor(config);
  return {
    async start(target) {
      const overrides = (config.assistantOverrides ?? undefined) as Parameters<Vapi['start']>[1];
      // A workflow takes its variables as workflowOverrides; an assistant or a squad as assistantOverrides.
      const call = !overrides
        ? await vapi.start(target.assistantId, undefined, target.squadId, target.workflowId)
        : target.workflowId
          ? await vapi.start(undefined, undefined, undefined, target.workflowId, {
              variableValues: overrides.variableValues,
            } as Parameters<Vapi['start']>[4])
          : await vapi.start(target.assistantId, overrides, target.squadId);
      return call !== null;
    },
    send: (message) => vapi.send(message),
    stop: () => vapi.stop(),
    setMuted: (muted) => vapi.setMuted(muted),
    on<E extends keyof VoiceClientEvents>(event: E, listener: (...args: VoiceClientEvents[E]) => void) {
      const handler = listener as (...args: unknown[]) => void;
      vapi.on(event, handler as never);
      return () => void vapi.removeListener(event, handler as never);
    },
  };
}
