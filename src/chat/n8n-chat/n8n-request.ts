/**
 * The requests of n8n's chat protocol, as n8n's own chat widget (@n8n/chat, api/message.ts) sends them
 * to a Chat Trigger: `action`, `sessionId`, `chatInput` and `metadata`, as JSON, or as multipart form
 * data with the images as `files` when the message carries any.
 */

/** A markdown image with an inline data URL: how the visitor's attachment sits in a message. */
const DATA_IMAGE = /!\[([^\]]*)\]\((data:([^;,)]+)(;base64)?,([^)]*))\)/g;

/** An image taken out of a message, ready to send as one of n8n's `files`. */
export interface ChatFile {
  name: string;
  type: string;
  /** The whole data URL: n8n's chat socket takes it as it is and drops the prefix itself. */
  dataUrl: string;
  bytes: Uint8Array<ArrayBuffer>;
}

/** What the visitor wrote, and the images attached to it. */
export interface ChatInput {
  chatInput: string;
  files: ChatFile[];
}

function decode(data: string, base64: boolean): Uint8Array<ArrayBuffer> {
  if (!base64) return new TextEncoder().encode(decodeURIComponent(data)) as Uint8Array<ArrayBuffer>;
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The file name n8n stores an image under: the attachment's own name, with an extension its type gives. */
function fileName(alt: string, type: string, index: number): string {
  const extension = type.split('/')[1]?.replace(/[^a-z0-9]/gi, '') || 'bin';
  const base = alt.trim().replace(/[\\/:*?"<>|]+/g, '-') || `image-${index + 1}`;
  return /\.[a-z0-9]{2,5}$/i.test(base) ? base : `${base}.${extension}`;
}

/** Splits a visitor message into its text (`chatInput`) and its attached images. */
export function splitChatInput(content: string): ChatInput {
  const files: ChatFile[] = [];
  const text = content.replace(
    DATA_IMAGE,
    (_whole, alt: string, dataUrl: string, type: string, base64: string | undefined, data: string) => {
      try {
        files.push({ name: fileName(alt, type, files.length), type, dataUrl, bytes: decode(data, !!base64) });
      } catch {
        // A data URL that does not decode is not an image n8n could read: it is left out.
      }
      return '';
    },
  );
  return { chatInput: text.trim(), files };
}

/** The body of a request and the content type it goes with (null: the browser sets a multipart boundary). */
export interface EncodedRequest {
  body: string | FormData;
  contentType: string | null;
}

/**
 * `sendMessage` for a new execution: JSON, or multipart form data when images are attached, where
 * `metadata` is a JSON string and each image a `files` part, as @n8n/chat's sendWithFiles sends them.
 */
export function sendMessageRequest(
  sessionId: string,
  content: string,
  metadata: Record<string, unknown> | undefined,
): EncodedRequest {
  const { chatInput, files } = splitChatInput(content);
  if (files.length === 0) {
    const body = { action: 'sendMessage', sessionId, chatInput, ...(metadata ? { metadata } : {}) };
    return { body: JSON.stringify(body), contentType: 'application/json' };
  }
  const form = new FormData();
  form.append('action', 'sendMessage');
  form.append('sessionId', sessionId);
  form.append('chatInput', chatInput);
  if (metadata) form.append('metadata', JSON.stringify(metadata));
  for (const file of files) form.append('files', new File([file.bytes], file.name, { type: file.type }));
  return { body: form, contentType: null };
}

/** `loadPreviousSession`: the messages n8n's chat memory holds for `sessionId`. */
export function loadPreviousSessionRequest(
  sessionId: string,
  metadata: Record<string, unknown> | undefined,
): EncodedRequest {
  const body = { action: 'loadPreviousSession', sessionId, ...(metadata ? { metadata } : {}) };
  return { body: JSON.stringify(body), contentType: 'application/json' };
}

/**
 * The visitor's answer to a Chat node that waits for it, sent over the chat socket: the shape of
 * n8n's chatMessageSchema (packages/cli/src/chat/chat-service.types.ts), files as data URLs.
 */
export function socketAnswer(sessionId: string, content: string): string {
  const { chatInput, files } = splitChatInput(content);
  return JSON.stringify({
    sessionId,
    action: 'sendMessage',
    chatInput,
    files: files.map(({ name, type, dataUrl }) => ({ name, type, data: dataUrl })),
  });
}

/**
 * n8n's chat socket for an execution: the origin of the Chat Trigger's URL, `/chat`, the session and
 * execution, and `isPublic` as @n8n/chat's constructChatWebsocketUrl (utils/utils.ts) builds it.
 */
export function chatSocketUrl(webhookUrl: string, executionId: string, sessionId: string): string {
  const origin = new URL(webhookUrl).origin.replace(/^http/, 'ws');
  const query = new URLSearchParams({ sessionId, executionId, isPublic: 'true' });
  return `${origin}/chat?${query.toString()}`;
}
