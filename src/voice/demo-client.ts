import type { Timers } from '../common/timers';
import { createDemoPlayer } from './demo-player';
import { createDemoScript } from './demo-script';
import { cutText } from '../common/text-cut';
import { createEmitter, type AddMessage, type VoiceClient } from './voice-client';

export { DEMO_SCRIPT } from './demo-script';
export { DEMO_TIMING, DEMO_TOOL_WAIT_MS } from './demo-player';

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

  return {
    async start() {
      if (running) return false;
      running = true;
      player.play(createDemoScript(variables), () => {
        emitter.emit('message', { type: 'status-update', status: 'in-progress' });
        emitter.emit('call-start');
      });
      return true;
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
