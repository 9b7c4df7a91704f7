import { useRef, type ChangeEvent, type KeyboardEvent } from 'react';
import { useActions, useAssistantState, useStrings } from '../context';
import { Icon } from '../icon';

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
      <button type="button" className="icon-button" aria-label={t('removeImage')} title={t('removeImage')} onClick={removeAttachment}>
        <Icon name="close" small />
      </button>
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
        <button
          type="button"
          className={`icon-button call-toggle${inCall ? ' active' : ''}`}
          aria-label={inCall ? t('endCall') : t('startCall')}
          title={inCall ? t('endCall') : t('startCall')}
          disabled={callStatus === 'ending'}
          onClick={actions.toggleCall}
        >
          <Icon name={inCall ? 'call-end' : 'call'} />
        </button>
        <textarea
          value={draft}
          rows={rowsFor(draft)}
          placeholder={t('messagePlaceholder')}
          aria-label={t('messageLabel')}
          enterKeyHint="send"
          disabled={loading}
          part="input"
          onChange={(event) => actions.setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="button" className="icon-button" aria-label={t('attachImage')} title={t('attachImage')} disabled={loading} onClick={() => fileInput.current?.click()}>
          <Icon name="image" />
        </button>
        <input ref={fileInput} type="file" accept="image/*" hidden tabIndex={-1} onChange={onFile} />
        <button type="button" className="icon-button send-button" aria-label={t('send')} title={t('send')} disabled={!canSend} onClick={send}>
          <Icon name="send" />
        </button>
      </div>
    </div>
  );
}
