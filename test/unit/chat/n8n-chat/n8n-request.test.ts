import { describe, expect, it } from 'vitest';
import {
  chatSocketUrl,
  loadPreviousSessionRequest,
  sendMessageRequest,
  socketAnswer,
  splitChatInput,
} from '../../../../src/chat/n8n-chat/n8n-request';
import { chatNodeText, earlierMessages, startedExecution } from '../../../../src/chat/n8n-chat/n8n-reply';

// The requests and answers of n8n's chat protocol, as n8n's own widget sends and reads them
// (packages/frontend/@n8n/chat/src/api/message.ts: sendMessage, sendWithFiles, loadPreviousSession;
// plugins/chat.ts: executionStarted, the earlier session's messages; utils/utils.ts:
// constructChatWebsocketUrl, parseBotChatMessageContent) and the Chat Trigger reads them
// (packages/@n8n/nodes-langchain/nodes/trigger/ChatTrigger/ChatTrigger.node.ts: handleFormData, the
// loadPreviousSession action).

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

describe('sendMessage', () => {
  it('is JSON with action, sessionId, chatInput and the context as metadata', () => {
    const request = sendMessageRequest('s-1', 'Do you ship to Norway?', { page: { url: 'https://shop.example/' } });
    expect(request.contentType).toBe('application/json');
    expect(JSON.parse(request.body as string)).toEqual({
      action: 'sendMessage',
      sessionId: 's-1',
      chatInput: 'Do you ship to Norway?',
      metadata: { page: { url: 'https://shop.example/' } },
    });
  });

  it('leaves metadata out when there is no context', () => {
    const request = sendMessageRequest('s-1', 'Hi', undefined);
    expect(JSON.parse(request.body as string)).toEqual({ action: 'sendMessage', sessionId: 's-1', chatInput: 'Hi' });
  });

  it('sends an attached image as multipart `files`, metadata as a JSON string, as sendWithFiles does', async () => {
    const request = sendMessageRequest('s-2', `In blue?\n\n![jacket.png](${PNG})`, { cart: { items: 1 } });
    // The browser writes the multipart boundary into the content type itself.
    expect(request.contentType).toBeNull();
    const form = request.body as FormData;
    expect(form.get('action')).toBe('sendMessage');
    expect(form.get('sessionId')).toBe('s-2');
    expect(form.get('chatInput')).toBe('In blue?');
    expect(JSON.parse(form.get('metadata') as string)).toEqual({ cart: { items: 1 } });
    const files = form.getAll('files') as File[];
    expect(files).toHaveLength(1);
    expect(files[0]?.name).toBe('jacket.png');
    expect(files[0]?.type).toBe('image/png');
    expect([...new Uint8Array(await files[0]!.arrayBuffer())].slice(0, 4)).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  it('names an image without a name by its type, and keeps only the text as chatInput', () => {
    expect(splitChatInput(`![image](${PNG})`)).toMatchObject({ chatInput: '', files: [{ name: 'image.png' }] });
    expect(splitChatInput('no image here')).toEqual({ chatInput: 'no image here', files: [] });
  });
});

describe('loadPreviousSession and the socket', () => {
  it('asks for the earlier session by its id', () => {
    expect(JSON.parse(loadPreviousSessionRequest('s-3', undefined).body as string)).toEqual({
      action: 'loadPreviousSession',
      sessionId: 's-3',
    });
  });

  it("answers a waiting Chat node in chat-service.types.ts's chatMessageSchema shape, files as data URLs", () => {
    expect(JSON.parse(socketAnswer('s-4', `Like this\n\n![shoe.png](${PNG})`))).toEqual({
      sessionId: 's-4',
      action: 'sendMessage',
      chatInput: 'Like this',
      files: [{ name: 'shoe.png', type: 'image/png', data: PNG }],
    });
  });

  it("opens the socket on the Chat Trigger's origin, ws or wss as its scheme", () => {
    expect(chatSocketUrl('https://n8n.example/webhook/abc/chat', '17', 'a b')).toBe(
      'wss://n8n.example/chat?sessionId=a+b&executionId=17&isPublic=true',
    );
    expect(chatSocketUrl('http://127.0.0.1:5678/webhook/abc/chat', '18', 's')).toBe(
      'ws://127.0.0.1:5678/chat?sessionId=s&executionId=18&isPublic=true',
    );
  });
});

describe('what the Chat Trigger answers', () => {
  it('tells "Using Response Nodes" (an execution started) from a reply', () => {
    expect(startedExecution('{"executionStarted":true,"executionId":"93"}')).toBe('93');
    expect(startedExecution('{"executionStarted":true,"executionId":94}')).toBe('94');
    expect(startedExecution('{"output":"Hello"}')).toBeNull();
    expect(startedExecution('{"executionStarted":false,"executionId":"95"}')).toBeNull();
    expect(startedExecution('Hello')).toBeNull();
  });

  it("reads the earlier session's LangChain messages, the visitor's as theirs", () => {
    const body = JSON.stringify({
      data: [
        { lc: 1, type: 'constructor', id: ['langchain_core', 'messages', 'HumanMessage'], kwargs: { content: 'Hi' } },
        { lc: 1, type: 'constructor', id: ['langchain_core', 'messages', 'AIMessage'], kwargs: { content: 'Hello!' } },
        { id: ['langchain_core', 'messages', 'AIMessage'], kwargs: { content: '   ' } },
        { id: ['langchain_core', 'messages', 'AIMessage'], kwargs: {} },
      ],
    });
    expect(earlierMessages(body)).toEqual([
      { sender: 'user', content: 'Hi' },
      { sender: 'bot', content: 'Hello!' },
    ]);
    expect(earlierMessages('{"data":[]}')).toEqual([]);
    expect(earlierMessages('not json')).toEqual([]);
  });

  it("shows a Chat node's message with buttons as its text and links", () => {
    expect(chatNodeText('Plain **text**')).toBe('Plain **text**');
    const withButtons = JSON.stringify({
      type: 'with-buttons',
      text: 'Approve the refund?',
      blockUserInput: true,
      buttons: [
        { text: 'Approve', link: 'https://n8n.example/webhook-waiting/1?approved=true', type: 'primary' },
        { text: 'Decline', link: 'https://n8n.example/webhook-waiting/1?approved=false', type: 'secondary' },
      ],
    });
    expect(chatNodeText(withButtons)).toBe(
      'Approve the refund?\n\n[Approve](https://n8n.example/webhook-waiting/1?approved=true) · ' +
        '[Decline](https://n8n.example/webhook-waiting/1?approved=false)',
    );
  });
});
