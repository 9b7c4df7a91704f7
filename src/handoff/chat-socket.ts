import type { HandoffDeps, HandoffPhase, HandoffStore } from './handoff-state';
import { incomingFromReply, MAX_PUSHED_TEXT, type AllowImage, type IncomingEvent } from './incoming';

/**
 * One message of n8n's chat socket, as the chat read it: its id (the message's own `id`, or one the
 * chat made from the execution and the text), its text, and its `handoff` field, the same a webhook
 * reply carries.
 */
export interface SocketMessage {
  id: string;
  text: string;
  handoff: unknown;
}

/**
 * The takeover as n8n's chat socket carries it (`protocol="n8n-chat"`, "Using Response Nodes"): a
 * workflow holds the visitor on a Wait node while a person answers, and sends their words with Respond
 * to Chat nodes. Each message enters the takeover as the `IncomingEvent`s the Server-Sent Events
 * stream would hand it, so both transports show the same takeover.
 */
export interface ChatSocketTakeover {
  /** Where the takeover stands. */
  phase(): HandoffPhase;
  /** The execution whose socket carries the takeover, saved with it. */
  execution(): string | null;
  /**
   * A message of `execution`: its `handoff` change takes effect and, while a person answers (before the
   * change or after it), its text is theirs. Returns true when the takeover took the text.
   */
  receive(message: SocketMessage, execution: string): boolean;
  /** `execution` ended: nobody answers through it any more. */
  ended(execution: string): void;
}

/** What the end of the execution carrying it means for the takeover: the person is gone, or nobody came. */
const ENDED_WHILE: Record<HandoffPhase, 'left' | 'timeout' | null> = {
  none: null,
  connecting: 'timeout',
  joined: 'left',
  missed: null,
};

/** What the socket transport needs of the takeover slice. */
export interface ChatSocketParts {
  allowImage: AllowImage;
  /** Where every incoming event goes: shown once, by id. */
  receive: (event: IncomingEvent) => void;
  save: () => void;
}

/** The takeover of one widget, as n8n's chat socket feeds it. */
export function createChatSocketTakeover(
  store: HandoffStore,
  deps: Pick<HandoffDeps, 'now'>,
  parts: ChatSocketParts,
): ChatSocketTakeover {
  const phase = () => store.getState().handoff.phase;
  const carriedBy = (execution: string | null) =>
    store.setState((state) => ({ handoff: { ...state.handoff, execution } }));

  return {
    phase,
    execution: () => store.getState().handoff.execution,

    receive(message, execution) {
      const change = incomingFromReply(message.handoff, parts.allowImage);
      const text = message.text.trim();
      let taken = false;
      const fromPerson = () => {
        if (taken || phase() !== 'joined' || !text) return;
        parts.receive({
          kind: 'message',
          id: message.id,
          text: text.slice(0, MAX_PUSHED_TEXT),
          agent: change?.agent ?? null,
        });
        taken = true;
      };
      // A person's last words come before the line that says they left; their first ones after they joined.
      fromPerson();
      if (change) parts.receive({ ...change, id: `${message.id}:handoff` });
      fromPerson();
      if (phase() !== 'none' && store.getState().handoff.execution !== execution) {
        carriedBy(execution);
        parts.save();
      }
      return taken;
    },

    ended(execution) {
      const { handoff, config } = store.getState();
      if (handoff.execution !== execution) return;
      // With an events-url the stream carries the takeover: the execution that started it may well end.
      const status = config.eventsUrl === null ? ENDED_WHILE[handoff.phase] : null;
      if (status) parts.receive({ kind: 'handoff', id: `n8n-${execution}-ended-${deps.now()}`, status, agent: null });
      if (store.getState().handoff.execution === execution) carriedBy(null);
      parts.save();
    },
  };
}
