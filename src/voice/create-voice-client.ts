import type { VoiceConfig } from './voice-config';
import { nextTask } from '../common/next-task';
import type { Timers } from '../common/timers';
import { createDemoVoiceClient } from './demo-client';
import type { VoiceClient } from './voice-client';

/**
 * The voice client for a configuration. The Vapi adapter (with `@vapi-ai/web` and daily-js) is loaded
 * with `import()`: the one-file build keeps it inside the script but evaluates it only now.
 */
export async function createVoiceClient(config: VoiceConfig, timers: Timers): Promise<VoiceClient> {
  if (config.provider === 'demo') {
    const variables = config.assistantOverrides?.variableValues;
    return createDemoVoiceClient(
      timers,
      typeof variables === 'object' && variables !== null ? (variables as Record<string, unknown>) : {},
    );
  }
  // daily-js (the largest part) is evaluated in a task of its own, then the Vapi SDK in the next.
  await import('@daily-co/daily-js');
  await nextTask();
  const { createVapiClient } = await import('./vapi-client');
  return createVapiClient(config);
}
