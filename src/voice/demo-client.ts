import type { Timers } from '../common/timers';
import { createDemoPlayer } from './demo-player';
import { createDemoScript, createRejoinScript, type DemoStep } from './demo-script';
import { cutText } from '../common/text-cut';
import { createEmitter, type AddMessage, type VoiceClient, type WebCallRecord } from './voice-client';

export { DEMO_SCRIPT } from './demo-script';
export { DEMO_TIMING, DEMO_TOOL_WAIT_MS } from './demo-player';

/** The demo's stand-in for a web call: nothing to join, but the next page of the store can go on with it. */
const DEMO_WEB_CALL: WebCallRecord = { id: 'demo-call', webCallUrl: 'demo:call' };

/** The tool call id a result line (from the widget's `add-message`) answers: "Result of the tool x (call ID): ...". */
const answeredCall = (content: string) => /^Result of the tool \S+ \(call ([^)]+)\)/.exec(content)?.[1];

/**
 * A scripted voice client for QA pages (`voice-provider="demo"`): no network, no microphone. It plays a
 * script with the events a real call produces (call-start, speech-start and speech-end, the assistant's
 * and the visitor's volume levels, partial and final transcripts, tool calls, the "ended" status update
 * and call-end). The script starts from the context the call was given, answers text typed during
 * the call, and calls the `show_products` and `add_to_cart` tools, waiting for each result (as a real assistant does) and
 * saying what happened.
 */
export function createDemoVoiceClient(timers: Timers, variables: Record<string, unknown> = {}): VoiceClient {
  const emitter = createEmitter();
  let running = false;
  const end = (endedReason: string) => {
    if (!running) return;
    running = false;
    player.stop();
    emitter.emit('message', { type: 'status-update', status: 'ended', endedReason });
    emitter.emit('call-end');
  };
  const player = createDemoPlayer(emitter, timers, () => end('assistant-ended-call'));
  const play = (steps: DemoStep[]): boolean => {
    if (running) return false;
    running = true;
    player.play(steps, () => {
      emitter.emit('message', { type: 'status-update', status: 'in-progress' });
      emitter.emit('call-start');
    });
    return true;
  };

  return {
    start: async () => play(createDemoScript(variables)),
    webCall: () => (running ? DEMO_WEB_CALL : null),
    reconnect: async (call) => call.webCallUrl === DEMO_WEB_CALL.webCallUrl && play(createRejoinScript(variables)),
    async leave() {
      // The page is going away: the call stops here, without ending, and goes on on the next page.
      running = false;
      player.stop();
    },
    async stop() {
      end('customer-ended-call');
    },
    setMuted() {
      // Nothing to mute: the demo never opens the microphone.
    },
    send(message: AddMessage) {
      if (!running) return;
      const { role, content } = message.message;
      if (role === 'user' && message.triggerResponseEnabled)
        player.answer(`You wrote: "${cutText(content, 120)}". In a real call the assistant answers that here.`);
      const call = role === 'system' ? answeredCall(content) : undefined;
      if (call) player.resume(call, /"ok":\s*true/.test(content));
    },
    on: emitter.on,
  };
}
