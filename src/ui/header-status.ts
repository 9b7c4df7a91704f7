import type { StringKey } from '../i18n/strings';
import { useAssistantState } from './context';
import { useOnline } from './use-media';

/** What the header's status line says, and the colour of its dot. */
export interface HeaderStatus {
  tone: 'online' | 'busy' | 'offline';
  key: StringKey;
}

/**
 * The conversation header's status line, which tells the truth: "Speaking…" / "Listening…" during a
 * call, "Offline" when the browser is offline or chat is not configured, "Typing…" while a reply is
 * awaited or its text is still appearing, else "Online".
 */
export function useHeaderStatus(): HeaderStatus {
  const online = useOnline();
  const configured = useAssistantState((state) => state.config.webhookUrl !== null);
  const call = useAssistantState((state) =>
    state.voice.status === 'connected' ? (state.voice.speaking ? 'speaking' : 'listening') : null,
  );
  // A reply still being revealed is still being typed, though it has fully arrived.
  const typing = useAssistantState((state) => state.loading || state.messages.some((message) => message.animate));
  const waiting = useAssistantState((state) => state.handoff.phase === 'connecting');
  if (call) return { tone: 'busy', key: call === 'speaking' ? 'assistantSpeaking' : 'listening' };
  if (!online || !configured) return { tone: 'offline', key: 'offline' };
  if (waiting) return { tone: 'busy', key: 'handoffWaiting' };
  if (typing) return { tone: 'busy', key: 'typingStatus' };
  return { tone: 'online', key: 'online' };
}
