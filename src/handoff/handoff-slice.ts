import { formatString } from '../i18n/strings';
import { createChatSocketTakeover } from './chat-socket';
import { createEventChannel, type Backoff } from './event-channel';
import { eraseRecords } from './handoff-record';
import { createHandoffMemory, isReading } from './handoff-memory';
import { MAX_PREVIEW_LENGTH } from './handoff-record';
import {
  expectsPushes,
  initialHandoffState,
  type Agent,
  type ChannelStatus,
  type HandoffDeps,
  type HandoffState,
  type HandoffStore,
} from './handoff-state';
import {
  incomingFromEvent,
  incomingFromReply,
  type AllowImage,
  type IncomingEvent,
  type ReplySignals,
} from './incoming';
import { takeoverRequestBody, type HistoryTurn } from './takeover-request';
import { cancelled, isEmailAddress, transition, type HandoffLine, type Transition } from './transitions';

/** What each of the takeover's moments says in the conversation. */
const LINE_TEXT = {
  joined: 'handoffJoined',
  left: 'handoffLeft',
  cancelled: 'handoffCancelled',
  timeout: 'handoffTimeout',
  unavailable: 'handoffUnavailable',
} as const satisfies Record<HandoffLine, string>;

/** What the visitor can do during a takeover. */
export interface HandoffActions {
  /** Stops waiting for a person, or ends the conversation with one: the assistant answers again. */
  cancelHandoff(): void;
  /**
   * Leaves `email` for a reply once nobody could answer: sent to the webhook once, with the conversation.
   * Returns false when it is not a valid address.
   */
  leaveEmail(email: string): boolean;
  /** Puts away the preview of the person's message beside the launcher; the badge still counts it. */
  dismissPersonPreview(): void;
}

/** A message that arrived outside a request, as the chat shows it. */
export interface PushedMessage {
  /** Unique for the conversation: the event's id. */
  id: string;
  text: string;
  /** The person who wrote it, if a person did. */
  agent: Agent | null;
  /** `widget`: a line the widget wrote itself ("Alex left the conversation"). */
  origin?: 'widget';
}

/** What the takeover needs from the rest of the widget, passed in by the assistant. */
export interface HandoffParts {
  /** The image rule for the person's picture. */
  allowImage: AllowImage;
  /** Shows a pushed message once, by its id: false when it was there already. */
  deliver(message: PushedMessage): boolean;
  /** The conversation as the webhook's `history`, sent with an email address left for a reply. */
  history(): HistoryTurn[];
  /** The channel's back-off; tests shorten it. */
  backoff?: Backoff;
  /**
   * The takeover changed, or was loaded (a reload, another tab): with n8n's chat protocol, the chat
   * follows the execution that carries it, or stops following it once the visitor ended it.
   */
  followSocket?: () => void;
}

/** A tab hidden this long stops listening; shown again, it reconnects and catches up from the last id. */
export const HIDDEN_PAUSE_MS = 60_000;

/** The stream's address for conversation `sessionId`. */
export function streamUrl(eventsUrl: string | null, sessionId: string): string | null {
  if (eventsUrl === null) return null;
  const url = new URL(eventsUrl);
  url.searchParams.set('sessionId', sessionId);
  return url.href;
}

/**
 * POSTs a takeover change to the webhook, in the chat's protocol (handoff/takeover-request.ts);
 * resolves whether it was accepted. The answer's body is not read.
 */
function postToWebhook(store: HandoffStore, deps: HandoffDeps, handoff: object, history: HistoryTurn[]) {
  const { config, sessionId } = store.getState();
  if (config.webhookUrl === null) return Promise.resolve(false);
  return deps
    .fetch(config.webhookUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: takeoverRequestBody(config.protocol, { sessionId, handoff, history, now: deps.now() }),
    })
    .then((response) => response.ok)
    .catch(() => false);
}

/**
 * The takeover: a person answering in place of the assistant, and the push channel that brings their
 * messages (and a reply's later messages). The channel is open only while something is expected, paused
 * while the tab is hidden for long, and closed when the element goes; what arrives is shown once, by id.
 */
export function createHandoffSlice(store: HandoffStore, deps: HandoffDeps, parts: HandoffParts) {
  const memory = createHandoffMemory(store, deps, parts.allowImage);
  const flags: Flags = { stopped: false, paused: false, closing: false, loadedFor: '' };
  const timers: { wait: unknown; hidden: unknown } = { wait: null, hidden: null };
  const { apply, receive } = createReceiver(store, deps, memory, parts);
  const { channel, closeChannel } = createChannel(store, deps, { memory, flags, parts, receive });

  const scheduling = createScheduling(store, deps, { channel, closeChannel, flags, timers, apply, memory });
  const sync = () => {
    scheduling.sync();
    parts.followSocket?.();
  };
  const chatSocket = createChatSocketTakeover(store, deps, {
    allowImage: parts.allowImage,
    receive,
    save: memory.save,
  });
  const unsubscribe = store.subscribe((state, previous) => {
    if (state.sessionId !== previous.sessionId) {
      flags.loadedFor = [state.config.persist, state.config.eventsUrl, state.sessionId].join(' ');
      load();
    } else if (state.handoff !== previous.handoff || state.config !== previous.config) sync();
    // The card opened: the person's messages are read, on every page and in every tab.
    if (state.isOpen && !previous.isOpen) forgetUnread(store, memory, { unread: 0, preview: null });
  });
  const stopWatching = deps.watchStorage((key) => memory.adopt(key));
  const stopVisibility = deps.watchVisibility(scheduling.visibility);

  function load(): void {
    closeChannel('closed');
    flags.stopped = false;
    memory.load();
    sync();
  }

  const actions: HandoffActions = {
    cancelHandoff() {
      const { handoff } = store.getState();
      if (handoff.phase === 'none') return;
      apply(cancelled(handoff), '');
      memory.save();
      void postToWebhook(store, deps, { status: 'cancelled' }, []);
    },
    leaveEmail: (email) => leaveEmail(store, deps, { parts, memory }, email),
    dismissPersonPreview: () => forgetUnread(store, memory, { preview: null }),
  };

  return {
    actions,
    receive,
    /** n8n's chat socket as a transport of the takeover. */
    chatSocket,
    start: () => start(store, deps, { flags, memory, apply }),
    onReplySignals: (signals: ReplySignals) => onReplySignals(store, { flags, memory, apply, parts, deps }, signals),
    requestContext: () => requestContext(store.getState().handoff),
    /** The configuration changed: where the takeover is saved or streamed from may have too. */
    configure(): void {
      const { config, sessionId } = store.getState();
      const target = [config.persist, config.eventsUrl, sessionId].join(' ');
      if (target === flags.loadedFor) return sync();
      flags.loadedFor = target;
      load();
    },
    /** Every conversation was deleted: their takeovers go too. */
    forgetAll(): void {
      eraseRecords(deps.localStorage);
      eraseRecords(deps.sessionStorage);
      load();
    },
    dispose(): void {
      unsubscribe();
      stopWatching();
      stopVisibility();
      scheduling.dispose();
      closeChannel('closed');
    },
  };
}

/** Puts away the preview of the person's unread messages, or the count too, where there is one; saved. */
function forgetUnread(store: HandoffStore, memory: Memory, patch: { unread?: 0; preview: null }): void {
  const { handoff } = store.getState();
  if (handoff.preview === null && (patch.unread === undefined || handoff.unread === 0)) return;
  store.setState((state) => ({ handoff: { ...state.handoff, ...patch } }));
  memory.save();
}

/** How takeover changes and pushed messages take effect: the state, the events announced, the messages shown. */
function createReceiver(store: HandoffStore, deps: HandoffDeps, memory: Memory, parts: HandoffParts) {
  const setHandoff = (patch: Partial<HandoffState>) =>
    store.setState((state) => ({ handoff: { ...state.handoff, ...patch } }));

  function apply(change: Transition, lineId: string): void {
    const { agent } = store.getState().handoff;
    setHandoff(change.next);
    for (const detail of change.events) deps.emit('handoff', detail);
    if (change.line) {
      const { strings } = store.getState();
      // The person who joined, or who was there before the change.
      const name = (change.line === 'joined' ? change.next.agent : agent)?.name ?? strings.handoffPerson;
      const text = formatString(strings[LINE_TEXT[change.line]], { name });
      parts.deliver({ id: lineId || `handoff-${change.line}-${deps.now()}`, text, agent: null, origin: 'widget' });
    }
  }

  /**
   * One incoming event, from whatever transport: ignored when it was shown before. What it changes is
   * saved at the end of the task, once for a burst of events.
   */
  function receive(event: IncomingEvent): void {
    if (!memory.arrived(event.id)) return;
    const { handoff } = store.getState();
    if (event.kind === 'message') {
      const agent = event.agent ?? (handoff.phase === 'joined' ? handoff.agent : null);
      const shown = parts.deliver({ id: event.id, text: event.text, agent });
      const unseen = shown && agent !== null && !isReading(store.getState());
      if (unseen)
        setHandoff({
          typing: false,
          awaiting: false,
          unread: handoff.unread + 1,
          preview: { text: event.text.slice(0, MAX_PREVIEW_LENGTH), agent },
        });
      // Only a change is set: a burst of messages must not commit the store once per message for nothing.
      else if (handoff.typing || handoff.awaiting) setHandoff({ typing: false, awaiting: false });
    } else apply(transition(handoff, event.status, event.agent, deps.now()), `handoff-${event.id ?? deps.now()}`);
    memory.saveSoon();
  }

  return { apply, receive };
}

/** The stream for the open conversation, whose events go to `receive`; closing it on purpose is not the server ending it. */
function createChannel(
  store: HandoffStore,
  deps: HandoffDeps,
  {
    memory,
    flags,
    parts,
    receive,
  }: { memory: Memory; flags: Flags; parts: HandoffParts; receive: (event: IncomingEvent) => void },
) {
  const channel = createEventChannel({
    fetch: deps.fetch,
    timers: deps.timers,
    yieldToPage: deps.yieldToPage,
    url: () => streamUrl(store.getState().config.eventsUrl, store.getState().sessionId),
    lastEventId: () => memory.lastEventId,
    onEvent: (event) => {
      const incoming = incomingFromEvent(event.type, event.data, event.id, parts.allowImage);
      if (incoming) receive(incoming);
      else if (event.id !== null && memory.arrived(event.id)) memory.saveSoon();
    },
    onStatus: (status: ChannelStatus) => {
      // Ended by the server (204, a client error): not opened again until something new is expected.
      if (status === 'closed' && !flags.closing) flags.stopped = true;
      store.setState((state) => ({ handoff: { ...state.handoff, channel: status } }));
    },
    warn: deps.warn,
    ...(parts.backoff ? { backoff: parts.backoff } : {}),
  });
  const closeChannel = (status: ChannelStatus) => {
    flags.closing = true;
    channel.close(status);
    flags.closing = false;
  };
  return { channel, closeChannel };
}

interface Flags {
  stopped: boolean;
  paused: boolean;
  closing: boolean;
  /** The storage, stream and conversation the shown takeover was loaded for. */
  loadedFor: string;
}
type Memory = ReturnType<typeof createHandoffMemory>;
type Apply = (change: Transition, lineId: string) => void;

/** The facts a message sent during a takeover carries in `context.handoff`, so the webhook routes it to the person. */
function requestContext(handoff: HandoffState): Record<string, unknown> {
  if (handoff.phase === 'none') return {};
  return { handoff: { status: handoff.phase, ...(handoff.agent ? { agent: handoff.agent.name } : {}) } };
}

/** "Talk to a human agent" with a push channel: the wait begins. False when there is no `events-url`. */
function start(
  store: HandoffStore,
  deps: HandoffDeps,
  { flags, memory, apply }: { flags: Flags; memory: Memory; apply: Apply },
) {
  if (store.getState().config.eventsUrl === null) return false;
  flags.stopped = false;
  apply(transition(store.getState().handoff, 'connecting', null, deps.now()), '');
  memory.save();
  return true;
}

interface SignalParts {
  flags: Flags;
  memory: Memory;
  apply: Apply;
  parts: HandoffParts;
  deps: HandoffDeps;
}

/**
 * Whether a reply's `connecting` is older news than what the push channel already said: with an
 * `events-url`, the desk's status arrives there, and the reply to "talk to a person" can come after the
 * desk's "we're away" (a slow reply, or one that waited for the markdown renderer). Reopening the wait
 * then would hide the email form under a "connecting" bar that nothing ends; a new request of the
 * visitor's starts its wait itself, and the desk's own `connecting` still reopens it.
 */
function isStaleWait(store: HandoffStore, status: string): boolean {
  const { handoff, config } = store.getState();
  return status === 'connecting' && handoff.phase === 'missed' && config.eventsUrl !== null;
}

/**
 * A reply's `handoff` and `pending` fields. Returns whether an empty reply is expected (during a
 * takeover, or when the reply says what follows), so no "not understood" bubble shows for it.
 */
function onReplySignals(
  store: HandoffStore,
  { flags, memory, apply, parts, deps }: SignalParts,
  signals: ReplySignals,
) {
  const event = incomingFromReply(signals.handoff, parts.allowImage);
  if (event?.kind === 'handoff' && !isStaleWait(store, event.status)) {
    flags.stopped = false;
    apply(transition(store.getState().handoff, event.status, event.agent, deps.now()), `handoff-reply-${deps.now()}`);
  }
  if (signals.pending === true && store.getState().config.eventsUrl !== null) {
    flags.stopped = false;
    store.setState((state) => ({ handoff: { ...state.handoff, awaiting: true } }));
  }
  memory.save();
  return event !== null || signals.pending === true || store.getState().handoff.phase !== 'none';
}

/** Sends the visitor's email address once; see {@link HandoffActions.leaveEmail}. */
function leaveEmail(
  store: HandoffStore,
  deps: HandoffDeps,
  { parts, memory }: { parts: HandoffParts; memory: Memory },
  email: string,
): boolean {
  const address = email.trim();
  if (!isEmailAddress(address)) return false;
  const { handoff } = store.getState();
  if (handoff.email === 'sending' || handoff.email === 'sent') return true;
  const set = (state: HandoffState['email']) => {
    store.setState((current) => ({ handoff: { ...current.handoff, email: state } }));
    memory.save();
  };
  set('sending');
  const details = { status: 'email', email: address, reason: handoff.missedBecause ?? 'timeout' };
  void postToWebhook(store, deps, details, parts.history()).then((ok) => set(ok ? 'sent' : 'failed'));
  return true;
}

interface SchedulingParts {
  channel: ReturnType<typeof createEventChannel>;
  closeChannel: (status: ChannelStatus) => void;
  flags: Flags;
  timers: { wait: unknown; hidden: unknown };
  apply: Apply;
  memory: Memory;
}

/** When the channel is open, and the wait for a person timed: both follow the state. */
function createScheduling(store: HandoffStore, deps: HandoffDeps, p: SchedulingParts) {
  const clear = (key: 'wait' | 'hidden') => {
    if (p.timers[key] !== null) deps.timers.clearTimeout(p.timers[key]);
    p.timers[key] = null;
  };

  const timeWait = () => {
    clear('wait');
    const { handoff, config } = store.getState();
    if (handoff.phase !== 'connecting' || handoff.requestedAt === null) return;
    const left = config.handoffTimeout * 1000 - (deps.now() - handoff.requestedAt);
    p.timers.wait = deps.timers.setTimeout(
      () => {
        p.timers.wait = null;
        if (store.getState().handoff.phase !== 'connecting') return;
        p.apply(transition(store.getState().handoff, 'timeout', null, deps.now()), '');
        p.memory.save();
      },
      Math.max(0, left),
    );
  };

  const sync = () => {
    const { handoff, config } = store.getState();
    const wanted = config.eventsUrl !== null && expectsPushes(handoff) && !p.flags.paused && !p.flags.stopped;
    if (wanted) p.channel.open();
    else if (p.channel.isOpen) p.closeChannel(p.flags.paused && expectsPushes(handoff) ? 'paused' : 'closed');
    timeWait();
  };

  return {
    sync,
    /** Hidden for long, the tab stops listening; shown again, it reconnects from the last id it has. */
    visibility(hidden: boolean): void {
      clear('hidden');
      if (hidden) {
        p.timers.hidden = deps.timers.setTimeout(() => {
          p.timers.hidden = null;
          p.flags.paused = true;
          sync();
        }, HIDDEN_PAUSE_MS);
      } else if (p.flags.paused) {
        p.flags.paused = false;
        sync();
      }
    },
    dispose(): void {
      clear('wait');
      clear('hidden');
    },
  };
}

export { initialHandoffState };
