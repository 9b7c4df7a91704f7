import { useId, useLayoutEffect, useRef, type ChangeEvent, type KeyboardEvent, type RefObject } from 'react';
import { MAX_MESSAGE_LENGTH, MESSAGE_COUNTER_FROM } from '../../chat/chat-slice';
import { voiceTarget } from '../../voice/voice-client';
import { useActions, useAssistant, useAssistantState, useStrings } from '../context';
import { IconButton } from '../icon-button';
import { useTakenOver } from './takeover';
import { callStatusKey } from '../header-status';

/** The text box grows with its content up to this many lines, then scrolls. */
export const MAX_INPUT_ROWS = 5;

/**
 * Rows for the text box: one per line of the draft, at least one and at most {@link MAX_INPUT_ROWS}.
 * Looks for no more line breaks than that, so a megabyte pasted costs no more than a line.
 */
export function rowsFor(text: string): number {
  let rows = 1;
  for (let at = text.indexOf('\n'); at !== -1 && rows < MAX_INPUT_ROWS; at = text.indexOf('\n', at + 1)) rows += 1;
  return rows;
}

let engineSizesTextBox: boolean | undefined;

/**
 * Whether the engine fits the text box to its text itself (`field-sizing: content`; Firefox and Safari
 * lack it): then nothing is measured. Read once.
 */
function textBoxSizedByEngine(): boolean {
  engineSizesTextBox ??= typeof CSS !== 'undefined' && CSS.supports('field-sizing', 'content');
  return engineSizesTextBox;
}

/**
 * Fits `box`'s height to its text, wrapped lines included, where the engine has no `field-sizing`
 * (`rows` counts line breaks only). The box's CSS `max-height` caps it, and it scrolls beyond. Returns
 * the width it measured at.
 */
function fitHeightToContent(box: HTMLTextAreaElement): number {
  // A draft over the message cap fills the box to its CSS max-height: measuring a pasted megabyte would
  // lay out all of it and block the page.
  if (box.value.length > MAX_MESSAGE_LENGTH) {
    box.style.height = '100vh';
    return box.clientWidth;
  }
  box.style.height = '';
  // Nothing to measure while hidden: `rows` holds until it is shown.
  if (box.scrollHeight === 0) return 0;
  const borders = box.offsetHeight - box.clientHeight;
  box.style.height = `${box.scrollHeight + borders}px`;
  return box.clientWidth;
}

/**
 * Keeps the text box as tall as its draft where the engine does not: measured on every change of it, and
 * again when the box's width changes (the card resized, or shown after being hidden, when a hidden box
 * has nothing to measure).
 */
function useHeightToContent(textbox: RefObject<HTMLTextAreaElement | null>, draft: string) {
  const measuredWidth = useRef(0);
  useLayoutEffect(() => {
    if (textbox.current && !textBoxSizedByEngine()) measuredWidth.current = fitHeightToContent(textbox.current);
  }, [textbox, draft]);
  useLayoutEffect(() => {
    const box = textbox.current;
    if (!box || typeof ResizeObserver === 'undefined' || textBoxSizedByEngine()) return;
    let frame = 0;
    // In the next frame: resizing an observed box inside its own callback is reported as a loop error.
    const observer = new ResizeObserver(() => {
      if (box.clientWidth === measuredWidth.current || frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        measuredWidth.current = fitHeightToContent(box);
      });
    });
    observer.observe(box);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [textbox]);
}

/**
 * The character count near and over {@link MAX_MESSAGE_LENGTH}: nothing until the draft reaches
 * {@link MESSAGE_COUNTER_FROM} of it; over it, why the send button is off. The text itself is never cut.
 */
function CharacterCount({ id, length }: { id: string; length: number }) {
  const t = useStrings();
  if (length < MAX_MESSAGE_LENGTH * MESSAGE_COUNTER_FROM) return null;
  const over = length > MAX_MESSAGE_LENGTH;
  return (
    <p id={id} className={over ? 'character-count over' : 'character-count'} part="character-count">
      {t('characterCount', { count: length, max: MAX_MESSAGE_LENGTH })}
      {/* Said once, when the draft goes over: the count itself changes with every key and is not announced. */}
      {over && <span role="alert"> {t('messageTooLong', { max: MAX_MESSAGE_LENGTH })}</span>}
    </p>
  );
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

/** Whether `element` has focus inside its shadow root (or document). */
export function hasFocus(element: Element | null): boolean {
  return Boolean(element && (element.getRootNode() as Document | ShadowRoot).activeElement === element);
}

/**
 * Starts a call (where voice can work; gone during one). `callFocusRef` hands focus to the call bar's end
 * button when this button had it, and back here when the call ends.
 */
function CallButton({ callFocusRef }: { callFocusRef: RefObject<boolean> }) {
  const t = useStrings();
  const actions = useActions();
  const voiceReady = useAssistantState((state) => voiceTarget(state.config.voice) !== null);
  const inCall = useAssistantState((state) => state.voice.status !== 'idle' && state.voice.status !== 'error');
  const takenOver = useTakenOver();
  const buttonRef = useRef<HTMLButtonElement>(null);

  useLayoutEffect(() => {
    if (inCall || !callFocusRef.current) return;
    callFocusRef.current = false;
    buttonRef.current?.focus();
  }, [inCall, callFocusRef]);

  const startCall = () => {
    callFocusRef.current = hasFocus(buttonRef.current);
    actions.toggleCall();
  };

  // While a person answers, calls (which reach the assistant) are off; the takeover bar says so.
  if (!voiceReady || inCall || takenOver) return null;
  return (
    <IconButton
      ref={buttonRef}
      icon="call"
      className="call-toggle"
      label={t('startCall')}
      placement="above-start"
      onClick={startCall}
    />
  );
}

/** The image button, with the hidden file input it opens. */
function AttachButton() {
  const t = useStrings();
  const actions = useActions();
  const loading = useAssistantState((state) => state.loading);
  const fileInputRef = useRef<HTMLInputElement>(null);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again still reports a change.
    event.target.value = '';
    if (file) void actions.attachImage(file);
  };

  return (
    <>
      <IconButton
        icon="image"
        label={t('attachImage')}
        placement="above"
        disabled={loading}
        keepFocus
        onClick={() => fileInputRef.current?.click()}
      />
      <input ref={fileInputRef} type="file" accept="image/*" hidden tabIndex={-1} onChange={onFile} />
    </>
  );
}

/**
 * The multiline text box with the call button (where voice can work), the image button and the send
 * button. While a reply is awaited the text box is read-only, not disabled: it keeps focus (and a
 * phone its keyboard), so the next message can be typed as soon as the reply lands.
 * `callFocus` hands focus to the call bar's end button when the call button that had it goes away,
 * and back when the call ends.
 */
export function InputBar({ callFocus: callFocusRef }: { callFocus: RefObject<boolean> }) {
  const t = useStrings();
  const actions = useActions();
  const { environment } = useAssistant();
  const draft = useAssistantState((state) => state.draft);
  const loading = useAssistantState((state) => state.loading);
  const hasAttachment = useAssistantState((state) => state.attachment !== null);
  // During a call the box says so: typing goes into the live call; while the call is placed or rejoined
  // on this page, the box says that instead of inviting a message to the assistant.
  const callStatus = useAssistantState((state) =>
    state.voice.status === 'connected' ? 'callInputPlaceholder' : callStatusKey(state.voice),
  );
  const textboxRef = useRef<HTMLTextAreaElement>(null);
  const counterId = useId();
  const tooLong = draft.length > MAX_MESSAGE_LENGTH && draft.trim().length > MAX_MESSAGE_LENGTH;
  const canSend = (draft.trim() !== '' || hasAttachment) && !loading && !tooLong;
  useHeightToContent(textboxRef, draft);

  const send = () => {
    if (!canSend) return;
    actions.sendMessage(draft);
    // The send button is disabled once the box is empty: keyboard focus carries on in the text box. On a
    // touch screen only a box that had focus gets it back (focus would open the keyboard unasked).
    if (!environment.coarsePointer()) textboxRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter adds a newline; Enter that confirms an IME composition does neither.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <div className="composer" part="composer">
      <AttachmentPreview />
      <CharacterCount id={counterId} length={draft.length} />
      {/* A div, not a form: the widget renders no form element, so nothing inside it can ever submit to the page. */}
      <div className="input-bar" part="input-bar">
        <CallButton callFocusRef={callFocusRef} />
        <textarea
          ref={textboxRef}
          value={draft}
          rows={rowsFor(draft)}
          placeholder={t(callStatus ?? 'messagePlaceholder')}
          aria-label={t('messageLabel')}
          enterKeyHint="send"
          readOnly={loading}
          aria-disabled={loading || undefined}
          aria-invalid={tooLong || undefined}
          aria-describedby={draft.length >= MAX_MESSAGE_LENGTH * MESSAGE_COUNTER_FROM ? counterId : undefined}
          part="input"
          onChange={(event) => actions.setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <AttachButton />
        <IconButton
          icon="send"
          className="send-button"
          label={t('send')}
          placement="above-end"
          disabled={!canSend}
          keepFocus
          onClick={send}
        />
      </div>
    </div>
  );
}
