import { useMemo } from 'react';
import { markdownToPlainText } from '../chat/markdown/plain-text';
import { AgentAvatar } from './chat/takeover';
import { useActions, useAssistantState, useStrings } from './context';
import { BubbleCloseButton } from './teaser';

/**
 * Floating mode: the person's last unread message beside the closed launcher, in the teaser's place,
 * under their name and picture, on every page until the card opens or the visitor dismisses it. Its
 * message was read out by the live region as it arrived, so it is not a status that would be read again:
 * a button that opens the chat, named by the person and their words, and a close button.
 */
export function PersonPreview() {
  const t = useStrings();
  const { setOpen, dismissPersonPreview } = useActions();
  const preview = useAssistantState((state) =>
    state.isOpen || state.languagePending || state.config.mode !== 'floating' ? null : state.handoff.preview,
  );
  const text = useMemo(() => (preview ? markdownToPlainText(preview.text) : ''), [preview]);
  if (!preview) return null;
  return (
    <div className="teaser person-preview" part="person-preview">
      <AgentAvatar agent={preview.agent} className="avatar" />
      <button type="button" className="teaser-text" onClick={() => setOpen(true)}>
        <span className="teaser-name" dir="auto">
          {preview.agent.name}
        </span>
        <span className="teaser-message" dir="auto">
          {text}
        </span>
      </button>
      <BubbleCloseButton label={t('dismiss')} onClick={dismissPersonPreview} />
    </div>
  );
}
