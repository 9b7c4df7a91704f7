import type { TranscriptEntry } from '../transcript/merge';
import type { CallTools } from './call-tools';
import { placeCall, type CallOverrides } from './call-events';
import { landedOn, leaveForNextPage, resumeKeptCall } from './call-rejoin';
import { hasKeptCall } from './kept-call';
import {
  describe,
  sendTextToCall,
  failCall,
  finishCall,
  newCall,
  noteToCall,
  notify,
  setVoice,
  stopActiveCall,
  type ActiveCall,
  type CallContext,
} from './call-session';
import { voiceTarget, type VoiceTarget } from './voice-client';
import { IDLE_VOICE, type VoiceDeps, type VoiceStore } from './voice-state';

export { STOP_GRACE_MS } from './call-session';

/**
 * One call at a time per page, whichever widget placed it (the Vapi SDK holds one call per instance,
 * and there is one instance per page).
 */
let pageCall: object | null = null;

/** What the visitor (through the UI or the element's methods) can do with calls. */
export interface VoiceActions {
  /** Starts a call (the microphone is asked for first). Ignored while a call is starting or running. */
  startCall(): Promise<void>;
  stopCall(): Promise<void>;
  /** The call toggle: starts a call when idle, ends the one running otherwise. */
  toggleCall(): void;
  setMuted(muted: boolean): void;
  /** The visitor agreed to the store's recording consent: it is remembered, and the call starts. */
  agreeToVoiceConsent(): void;
  /** The visitor closed the consent question without agreeing: no call. */
  declineVoiceConsent(): void;
}

/** Where the visitor's agreement to `voice-consent` is kept (per store, by the `persist` rules). */
export interface ConsentRecord {
  given(): boolean;
  remember(): void;
  forget(): void;
}

/** What the assistant supplies to calls: where the transcript goes, what a call starts knowing, what it may do. */
export interface CallHooks {
  /** The call's transcript, handed to the conversation when the call ends. */
  saveTranscript(entries: readonly TranscriptEntry[], callSeconds?: number): void;
  /**
   * The variables a call starts with (`assistantOverrides.variableValues`): the conversation so far, the
   * page, the cart. Read when the call is asked for; awaited once the microphone is granted.
   */
  variables(): Record<string, string> | Promise<Record<string, string>>;
  /** The tools the assistant may call in the visitor's browser. */
  tools: CallTools;
  consent: ConsentRecord;
  /**
   * What a call rejoined on a new page is told of it (the page, its product, the cart), as a system
   * line; empty for nothing to tell.
   */
  landing(): string | Promise<string>;
}

/**
 * The store's own `assistantOverrides`, with the widget's variables over the store's: the store sets
 * first message, voice or its own variables; the conversation and page are always the widget's.
 */
export function callOverrides(
  storeOverrides: Record<string, unknown> | null | undefined,
  variables: Record<string, string>,
): Record<string, unknown> {
  const own = storeOverrides ?? {};
  const storeVariables = own.variableValues;
  return {
    ...own,
    variableValues: {
      ...(typeof storeVariables === 'object' && storeVariables !== null ? storeVariables : {}),
      ...variables,
    },
  };
}

/**
 * The overrides a call starts with, read now (the conversation as it is when the visitor asks for the
 * call). When a variable has to be waited for (the cart), the call awaits it once the microphone is
 * granted; otherwise they are ready at once.
 */
function readOverrides(hooks: CallHooks, storeOverrides: Record<string, unknown> | null | undefined): CallOverrides {
  const variables = hooks.variables();
  if (!(variables instanceof Promise)) return callOverrides(storeOverrides, variables);
  const overrides = variables.then((values) => callOverrides(storeOverrides, values));
  // Awaited later; a failure until then is not an unhandled rejection.
  overrides.catch(() => undefined);
  return overrides;
}

/**
 * What a new call would connect to, or null when it cannot start now: another call runs on the page,
 * voice is not configured (a notice and an error event), or the store's recording consent is still to
 * be agreed to (shown first: no SDK is evaluated and no microphone asked for before it).
 */
function startableTarget(context: CallContext, consent: ConsentRecord): VoiceTarget | null {
  const { config } = context.store.getState();
  if (pageCall) {
    notify(context, 'callElsewhere');
    return null;
  }
  const target = voiceTarget(config.voice);
  if (!target) {
    notify(context, 'voiceNotConfigured');
    context.deps.emit('error', {
      source: 'voice',
      message: 'voice: set vapi-public-key and one of vapi-assistant-id, vapi-squad-id or vapi-workflow-id',
    });
    return null;
  }
  if (config.voice.consent && !consent.given()) {
    setVoice(context, { consentAsked: true });
    return null;
  }
  return target;
}

/** Agreeing to the recording consent (remembered, then the call starts) or closing it without agreeing. */
function consentActions(context: CallContext, consent: ConsentRecord, startCall: () => Promise<void>) {
  return {
    agreeToVoiceConsent(): void {
      consent.remember();
      setVoice(context, { consentAsked: false });
      void startCall();
    },
    declineVoiceConsent: (): void => setVoice(context, { consentAsked: false }),
  };
}

/** The controller's call, as the page's comings and goings see it. */
interface CallSlot {
  get(): ActiveCall | null;
  set(current: ActiveCall): void;
  /** A call runs on the page, whichever widget placed it. */
  busy(): boolean;
}

/** The call across the page's lifetime: rejoined when the page opens, kept or ended when it goes. */
function pageLifecycle(context: CallContext, hooks: CallHooks, slot: CallSlot) {
  let resumed = false;
  return {
    /** Whether `resume` may find a call to rejoin: one is kept in this tab and this page has not taken it. */
    keptCallWaiting(): boolean {
      return !resumed && hasKeptCall(context.deps.sessionStorage);
    },

    /**
     * On the page's first configuration: rejoins the call the previous page of the store kept, showing
     * it at once as reconnecting. Once per page; true when a call is being rejoined.
     */
    resume(): boolean {
      if (resumed) return false;
      resumed = true;
      const overrides = async () => readOverrides(hooks, context.store.getState().config.voice.assistantOverrides);
      const current = resumeKeptCall(context, slot.busy(), overrides);
      if (current) slot.set(current);
      return current !== null;
    },

    /**
     * The element is gone (the call ends now) or the page is going away (`leavingPage`: a live call is
     * kept for the next page of the store, else it ends); everything is released.
     */
    dispose(leavingPage = false): void {
      const current = slot.get();
      if (!current) return;
      if (leavingPage && leaveForNextPage(context, current)) return;
      void current.client?.stop().catch(() => undefined);
      finishCall(context, current);
    },
  };
}

/**
 * The call controller: the voice feature's slice. It refuses a second start, turns the voice client's
 * events into store state and DOM events, and cleans up (microphone, timers, listeners) however a call ends.
 */
export function createCallController(store: VoiceStore, deps: VoiceDeps, hooks: CallHooks) {
  let call: ActiveCall | null = null;
  const context: CallContext = {
    store,
    deps,
    saveTranscript: hooks.saveTranscript,
    tools: hooks.tools,
    stop: () => stopCall(),
    rejoined: (current) => void landedOn(context, current, async () => hooks.landing()),
    release(current) {
      if (pageCall === current) pageCall = null;
      if (call === current) call = null;
    },
  };

  const startCall = async (): Promise<void> => {
    const { voice, config } = store.getState();
    if (call || voice.status !== 'idle') return;
    const target = startableTarget(context, hooks.consent);
    if (!target) return;
    const current = newCall();
    call = pageCall = current;
    const demo = config.voice.provider === 'demo';
    setVoice(context, { ...IDLE_VOICE, status: 'connecting', demo });
    store.setState({ notice: null });
    try {
      await placeCall(context, current, config.voice, target, readOverrides(hooks, config.voice.assistantOverrides));
    } catch (error) {
      failCall(context, current, 'callFailed', `voice: ${describe(error)}`);
    }
  };

  const stopCall = async (): Promise<void> => {
    if (call) await stopActiveCall(context, call);
  };

  const actions: VoiceActions = {
    startCall,
    stopCall,
    ...consentActions(context, hooks.consent, startCall),
    toggleCall: () => void (call ? stopCall() : startCall()),
    setMuted(muted) {
      if (!call?.client) return;
      call.client.setMuted(muted);
      setVoice(context, { muted });
    },
  };

  return {
    actions,

    /**
     * Text the visitor typed (or a quick action) while a call is live: it goes into the call, which
     * answers it, and into the call's transcript. False when no call is connected.
     */
    sendText: (text: string): boolean => (call ? sendTextToCall(context, call, text) : false),

    /** Tells the assistant on a live call what happened in the chat, without asking it to answer. False when no call is connected. */
    tell: (text: string): boolean => (call ? noteToCall(context, call, text) : false),

    /** Forgets the visitor's agreement to the recording consent. */
    withdrawConsent(): void {
      hooks.consent.forget();
    },

    /** "New chat": the running call goes on, its transcript so far is cleared. */
    clearTranscript(): void {
      setVoice(context, { transcript: [], lastFragments: {}, partial: null });
    },

    ...pageLifecycle(context, hooks, {
      get: () => call,
      set: (current) => (call = pageCall = current),
      busy: () => pageCall !== null,
    }),
  };
}
