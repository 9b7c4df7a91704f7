import type { StringKey } from '../i18n/strings';
import type { VoiceState } from '../voice/voice-state';
import { useAssistantState } from './context';
import { useOnline } from './use-media';

/** What the header's status line says, and the colour of its dot. */
export interface HeaderStatus {
  tone: 'online' | 'busy' | 'offline';
  key: StringKey;
}

/**
 * What a call in progress says of itself, in the header and the text box: "Connecting…" while it is
 * placed, "Reconnecting…" while the next page of the store rejoins it, "Speaking…" / "Listening…" once
 * it is live; null without a call (or once it is ending, which the call's strip says).
 */
export function callStatusKey(voice: Pick<VoiceState, 'status' | 'speaking'>): StringKey | null {
  if (voice.status === 'connected') return voice.speaking ? 'assistantSpeaking' : 'listening';
  if (voice.status === 'connecting') return 'connecting';
  if (voice.status === 'reconnecting') return 'reconnectingCall';
  return null;
}

/**
 * The conversation header's status line, which tells the truth: the call's state during a call
 * ({@link callStatusKey}), "Offline" when the browser is offline or chat is not configured, "Typing…" while a reply is
 * awaited or its text is still appearing, else "Online".
 */
export function useHeaderStatus(): HeaderStatus {
  const online = useOnline();
  const configured = useAssistantState((state) => state.config.webhookUrl !== null);
  const call = useAssistantState((state) => callStatusKey(state.voice));
  // A reply still being revealed is still being typed, though it has fully arrived.
  const typing = useAssistantState((state) => state.loading || state.messages.some((message) => message.animate));
  const waiting = useAssistantState((state) => state.handoff.phase === 'connecting');
  if (call) return { tone: 'busy', key: call };
  if (!online || !configured) return { tone: 'offline', key: 'offline' };
  if (waiting) return { tone: 'busy', key: 'handoffWaiting' };
  if (typing) return { tone: 'busy', key: 'typingStatus' };
  return { tone: 'online', key: 'online' };
}
