import type { VoiceConfig } from './voice-config';
import { nextTask } from '../common/next-task';
import type { Timers } from '../common/timers';
import { createDemoVoiceClient } from './demo-client';
import type { VoiceClient } from './voice-client';
import type { createVapiClient } from './vapi-client';

/** What the voice part (voice-part.ts) brings: daily-js and the Vapi adapter, each evaluated when asked for. */
export interface VoicePart {
  loadDaily(): Promise<unknown>;
  loadAdapter(): Promise<{ createVapiClient: typeof createVapiClient }>;
}

/**
 * The voice client for a configuration. The Vapi adapter (with `@vapi-ai/web` and daily-js) is not in
 * the main script: `loadVoicePart` brings it (in the browser, the file beside the script) when the first
 * call starts.
 */
export async function createVoiceClient(
  config: VoiceConfig,
  timers: Timers,
  loadVoicePart: () => Promise<VoicePart>,
): Promise<VoiceClient> {
  if (config.provider === 'demo') {
    const variables = config.assistantOverrides?.variableValues;
    return createDemoVoiceClient(
      timers,
      typeof variables === 'object' && variables !== null ? (variables as Record<string, unknown>) : {},
    );
  }
  const part = await loadVoicePart();
  // daily-js (the largest part) is evaluated in a task of its own, then the Vapi SDK in the next.
  await part.loadDaily();
  await nextTask();
  const { createVapiClient } = await part.loadAdapter();
  return createVapiClient(config);
}
