import { useRef, type ChangeEvent, type KeyboardEvent } from 'react';
import { useActions, useAssistantState, useStrings } from '../context';
import { IconButton } from '../icon-button';

/** The text box grows with its content up to this many lines, then scrolls (SPEC §5). */
export const MAX_INPUT_ROWS = 5;

/** Rows for the text box: one per line of the draft, at least one and at most {@link MAX_INPUT_ROWS}. */
export function rowsFor(text: string): number {
  return Math.min(MAX_INPUT_ROWS, Math.max(1, text.split('\n').length));
}

/** The image chosen for the next message, with a button to remove it before sending. */
function AttachmentPreview() {
  const t = useStrings();
  const attachment = useAssistantState((state) => state.attachment);
  const { removeAttachment } = useActions();
  if (!attachment) return null;
  return (
    <div className="attachment-preview" part="attachment-preview">
      <img src={attachment.dataUrl} alt={t('attachedImage')} />
      <span className="attachment-name">{attachment.name}</span>
      <IconButton icon="close" small label={t('removeImage')} placement="above-end" onClick={removeAttachment} />
    </div>
  );
}

/** The multiline text box with the call toggle, the image button and the send button. */
export function InputBar() {
  const t = useStrings();
  const actions = useActions();
  const draft = useAssistantState((state) => state.draft);
  const loading = useAssistantState((state) => state.loading);
  const hasAttachment = useAssistantState((state) => state.attachment !== null);
  const callStatus = useAssistantState((state) => state.voice.status);
  const inCall = callStatus !== 'idle' && callStatus !== 'error';
  const fileInput = useRef<HTMLInputElement>(null);
  const canSend = (draft.trim() !== '' || hasAttachment) && !loading;

  const send = () => {
    if (canSend) actions.sendMessage(draft);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter adds a newline; Enter that confirms an IME composition does neither.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again still reports a change.
    event.target.value = '';
    if (file) void actions.attachImage(file);
  };

  return (
    <div className="composer" part="composer">
      <AttachmentPreview />
      {/* A div, not a form: the widget renders no form element, so nothing inside it can ever submit to the page. */}
      <div className="input-bar" part="input-bar">
        <IconButton
          icon={inCall ? 'call-end' : 'call'}
          className={`call-toggle${inCall ? ' active' : ''}`}
          label={inCall ? t('endCall') : t('startCall')}
          placement="above-start"
          disabled={callStatus === 'ending'}
          onClick={actions.toggleCall}
        />
        <textarea
          value={draft}
          rows={rowsFor(draft)}
          placeholder={callStatus === 'connected' ? t('callInputPlaceholder') : t('messagePlaceholder')}
          aria-label={t('messageLabel')}
          enterKeyHint="send"
          disabled={loading}
          part="input"
          onChange={(event) => actions.setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <IconButton icon="image" label={t('attachImage')} placement="above" disabled={loading} onClick={() => fileInput.current?.click()} />
        <input ref={fileInput} type="file" accept="image/*" hidden tabIndex={-1} onChange={onFile} />
        <IconButton icon="send" className="send-button" label={t('send')} placement="above-end" disabled={!canSend} onClick={send} />
      </div>
    </div>
  );
}
