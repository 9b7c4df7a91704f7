import { describe, expect, it } from 'vitest';
import { createAssistant } from '../../../../src/app/assistant';
import { defaultConfig, type AssistantConfig } from '../../../../src/app/config';
import { storageKeys } from '../../../../src/chat/conversations/conversation-storage';
import { memoryStorage, type SafeStorage } from '../../../../src/common/storage';
import { fakeDeps } from '../../../support/fake-deps';
import { fakeFetch, jsonReply, textReply } from '../../../support/fetch';
import { eventually } from '../../../support/patience';

const WEBHOOK = 'https://hooks.example/chat';

/** A widget on a page whose conversations are kept in `localStorage`, answering every message with `reply`. */
function widget(localStorage: SafeStorage, config: Partial<AssistantConfig>, reply = 'Answer') {
  const { fetch } = fakeFetch(() => textReply(reply));
  const assistant = createAssistant(fakeDeps({ fetch, localStorage }).deps);
  assistant.configure({ ...defaultConfig(''), webhookUrl: WEBHOOK, ...config });
  const state = () => assistant.getState();
  const ready = () => eventually(() => expect(state().languagePending).toBe(false));
  const settled = () => eventually(() => expect(state().loading).toBe(false));
  return { actions: assistant.actions, state, ready, settled };
}

describe('the greeting "Ask a question" opens a chat with', () => {
  it('is marked on its message and saved with it: the chat is named after the question in any language it is read in', async () => {
    const localStorage = memoryStorage();
    const polish = widget(localStorage, { lang: 'pl' }, 'Dzień dobry!');
    await polish.ready();
    polish.actions.startChat(polish.state().strings.askQuestionMessage);
    await polish.settled();
    polish.actions.sendMessage('Czy wysyłacie do Kanady?');
    await polish.settled();
    expect(polish.state().messages.map((message) => [message.content, message.greeting])).toEqual([
      ['Cześć', true],
      ['Dzień dobry!', undefined],
      ['Czy wysyłacie do Kanady?', undefined],
      ['Dzień dobry!', undefined],
    ]);

    const english = widget(localStorage, { lang: 'en' });
    await english.ready();
    expect(english.state().messages[0]).toMatchObject({ content: 'Cześć', greeting: true });
    expect(english.state().conversations.map((entry) => entry.title)).toEqual(['Czy wysyłacie do Kanady?']);
  });

  it('is marked in the store’s own wording too, and only as the whole message', async () => {
    const localStorage = memoryStorage();
    const shop = widget(localStorage, { strings: { askQuestionMessage: 'Hey there' } });
    await shop.ready();
    shop.actions.startChat('Hey there');
    await shop.settled();
    shop.actions.sendMessage('Hey there, do you ship abroad?');
    await shop.settled();
    expect(
      shop
        .state()
        .messages.filter((message) => message.sender === 'user')
        .map((m) => m.greeting),
    ).toEqual([true, undefined]);
  });

  it("is marked when n8n's chat memory gives back an earlier conversation in the language shown", async () => {
    const earlier = {
      data: [
        { id: ['langchain_core', 'messages', 'HumanMessage'], kwargs: { content: 'Cześć' } },
        { id: ['langchain_core', 'messages', 'AIMessage'], kwargs: { content: 'Dzień dobry!' } },
        { id: ['langchain_core', 'messages', 'HumanMessage'], kwargs: { content: 'Macie kubki?' } },
      ],
    };
    let languageShown = () => Promise.resolve();
    const { fetch } = fakeFetch(async () => {
      // n8n answers once the visitor's language is there, as a slower network would.
      await languageShown();
      return jsonReply(earlier);
    });
    const assistant = createAssistant(fakeDeps({ fetch }).deps);
    languageShown = () => eventually(() => expect(assistant.getState().languagePending).toBe(false));
    assistant.configure({ ...defaultConfig(''), webhookUrl: WEBHOOK, protocol: 'n8n-chat', lang: 'pl' });
    await eventually(() => expect(assistant.getState().messages).toHaveLength(3));
    expect(assistant.getState().messages.map((message) => message.greeting)).toEqual([true, undefined, undefined]);
  });

  it.each([
    ['pl', 'cześć!', 'Czy wysyłacie do Kanady?'],
    ['ja', ' こんにちは。', '送料はいくらですか?'],
    ['ru', 'здравствуйте!', 'Есть ли доставка в Казахстан?'],
  ])(
    'typed by hand in %s, in another case or with punctuation, is marked and names no chat',
    async (lang, typed, question) => {
      const localStorage = memoryStorage();
      const visitor = widget(localStorage, { lang });
      await visitor.ready();
      visitor.actions.sendMessage(typed);
      await visitor.settled();
      visitor.actions.sendMessage(question);
      await visitor.settled();
      const sent = visitor.state().messages.filter((message) => message.sender === 'user');
      expect(sent.map((message) => message.greeting)).toEqual([true, undefined]);
      const english = widget(localStorage, { lang: 'en' });
      await english.ready();
      expect(english.state().conversations.map((entry) => entry.title)).toEqual([question]);
    },
  );

  it('is not a greeting when it says more than the greeting, or nothing at all', async () => {
    const visitor = widget(memoryStorage(), { lang: 'pl' });
    await visitor.ready();
    for (const text of ['Cześć, macie kubki?', '👋']) {
      visitor.actions.sendMessage(text);
      await visitor.settled();
    }
    const sent = visitor.state().messages.filter((message) => message.sender === 'user');
    expect(sent.map((message) => message.greeting)).toEqual([undefined, undefined]);
  });

  it('saved unmarked, before messages carried the mark, still names no chat', async () => {
    const localStorage = memoryStorage();
    const saved = {
      version: 2,
      id: 'old-chat',
      updatedAt: Date.UTC(2026, 10, 20),
      removed: [],
      messages: [
        { id: '1-1', content: 'Hallo', sender: 'user', timestamp: 1 },
        { id: '2-1', content: 'Guten Tag! Wie kann ich helfen?', sender: 'bot', timestamp: 2 },
        { id: '3-1', content: 'Versendet ihr nach Österreich?', sender: 'user', timestamp: 3 },
        { id: '4-1', content: 'Ja, in **3 Tagen**.', sender: 'bot', timestamp: 4 },
      ],
    };
    localStorage.set(`${storageKeys(WEBHOOK).conversation}old-chat`, JSON.stringify(saved));
    const polish = widget(localStorage, { lang: 'pl' });
    await polish.ready();
    expect(polish.state().conversations.map((entry) => [entry.title, entry.preview])).toEqual([
      ['Versendet ihr nach Österreich?', 'Ja, in 3 Tagen.'],
    ]);
  });
});
