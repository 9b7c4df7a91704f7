import { describe, expect, it } from 'vitest';
import { createAssistant } from '../../../src/app/assistant';
import { defaultConfig } from '../../../src/app/config';
import { memoryStorage } from '../../../src/common/storage';
import { fakeDeps } from '../../support/fake-deps';
import { eventually } from '../../support/patience';

const withWebhook = { ...defaultConfig('shop.example'), webhookUrl: 'https://hooks.example/chat' };

describe('createAssistant', () => {
  it('starts on the welcome view with the default theme of the page host', () => {
    const { deps } = fakeDeps();
    const assistant = createAssistant(deps);
    expect(assistant.getState().view).toBe('home');
    expect(assistant.getState().theme.brandName).toBe('Example store');
  });

  it('startChat opens the chat and sends the first message as the visitor', () => {
    const { deps, events } = fakeDeps();
    const assistant = createAssistant(deps);
    assistant.configure(withWebhook);
    assistant.actions.startChat('Hi');
    const state = assistant.getState();
    expect(state.view).toBe('chat');
    expect(state.messages).toEqual([
      // "Hi" is the greeting "Ask a question" sends: marked as such.
      { id: expect.stringMatching(/^\d+-1$/), content: 'Hi', sender: 'user', timestamp: deps.now(), greeting: true },
    ]);
    expect(events[0]).toEqual({ name: 'message', detail: state.messages[0] });
  });

  it.each([
    ['', false],
    ['   \n\t', false],
    ['  hello  ', true],
  ])('sendMessage(%j) sends: %s', (text, sent) => {
    const { deps } = fakeDeps();
    const assistant = createAssistant(deps);
    assistant.configure(withWebhook);
    expect(assistant.actions.sendMessage(text)).toBe(sent);
    expect(assistant.getState().messages.map((message) => message.content)).toEqual(sent ? ['hello'] : []);
  });

  it('keeps a draft that differs from what was sent, and clears the one that was sent', async () => {
    const { deps } = fakeDeps();
    const assistant = createAssistant(deps);
    assistant.configure(withWebhook);
    assistant.actions.setDraft('draft');
    assistant.actions.sendMessage('chip label');
    expect(assistant.getState().draft).toBe('draft');
    await eventually(() => expect(assistant.getState().loading).toBe(false));
    assistant.actions.sendMessage(' draft ');
    expect(assistant.getState().draft).toBe('');
  });

  it('newChat clears the messages, the loading flag and the notice; goHome returns to the welcome view', () => {
    const { deps } = fakeDeps();
    const assistant = createAssistant(deps);
    assistant.configure(withWebhook);
    assistant.actions.startChat('Hi');
    assistant.actions.newChat();
    expect(assistant.getState()).toMatchObject({ messages: [], loading: false, notice: null, view: 'chat' });
    assistant.actions.goHome();
    expect(assistant.getState().view).toBe('home');
  });

  it('configure re-resolves the theme and the strings', () => {
    const { deps } = fakeDeps();
    const assistant = createAssistant(deps);
    assistant.configure({
      ...defaultConfig('shop.example'),
      storeDomain: 'acme.com',
      themeAttributes: { accentColor: '#000000' },
      strings: { send: 'Go' },
    });
    expect(assistant.getState().theme).toMatchObject({
      brandName: 'Acme store',
      accentColor: '#000000',
      welcomeMessage: 'Welcome to acme.com. How can we assist you today?',
    });
    expect(assistant.getState().strings.send).toBe('Go');
  });

  it('loads the saved theme from the injected storage, and reports a broken one', () => {
    const good = fakeDeps({ localStorage: memoryStorage({ 'chatbot-theme': '{"brandName":"Saved"}' }) });
    expect(createAssistant(good.deps).getState().theme.brandName).toBe('Saved');
    const broken = fakeDeps({ localStorage: memoryStorage({ 'chatbot-theme': '{' }) });
    expect(createAssistant(broken.deps).getState().theme.brandName).toBe('Example store');
    expect(broken.warnings).toEqual([expect.stringContaining('not valid JSON')]);
  });

  it('an imported theme wins over attributes until another is imported', () => {
    const { deps } = fakeDeps();
    const assistant = createAssistant(deps);
    assistant.configure({ ...defaultConfig('shop.example'), themeAttributes: { brandName: 'Attribute' } });
    expect(assistant.actions.importTheme('{"brandName":"Imported"}')).toBe(true);
    expect(assistant.getState().theme.brandName).toBe('Imported');
    expect(assistant.actions.saveTheme()).toBe(true);
    expect(JSON.parse(deps.localStorage.get('chatbot-theme') ?? '{}')).toMatchObject({ brandName: 'Imported' });
  });
});
