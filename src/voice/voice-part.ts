import { registerPart } from '../common/parts';
import type { VoicePart } from './create-voice-client';

/**
 * The voice part: what `store-assistant.voice.js`, the file beside the script, registers when it runs.
 * It carries `@vapi-ai/web` and daily-js, which only a visitor who starts a call needs, so the main
 * script stays small for every other visitor. Each is evaluated only when asked for, daily-js (the
 * largest part) in a task of its own.
 */
const part: VoicePart = {
  loadDaily: () => import('@daily-co/daily-js'),
  loadAdapter: () => import('./vapi-client'),
};

registerPart('voice', part);
