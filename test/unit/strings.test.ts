import { describe, expect, it } from 'vitest';
import { resolveStrings } from '../../src/i18n/resolve';
import { englishStrings, formatString, isStringKey } from '../../src/i18n/strings';

describe('the string table', () => {
  // The exact wording of SPEC §2 and §8 is binding.
  it.each([
    ['welcomeTitle', 'Welcome to {brandName}'],
    ['welcomeSubtitle', 'How can we help you today?'],
    ['askQuestion', 'Ask a question'],
    ['trackOrder', 'Track my order'],
    ['newArrivals', 'New arrivals'],
    ['recentConversation', 'Recent Conversation'],
    ['startLiveCall', 'Start a live call'],
    ['talkToHuman', 'Talk to a human agent'],
    ['online', 'Online'],
    ['newChat', 'New chat'],
    ['emptyChat', 'Start a conversation by typing a message below'],
    ['messagePlaceholder', 'Type your message...'],
    ['askQuestionMessage', 'Hi'],
    ['newArrivalsMessage', 'Shop new arrivals'],
    ['renderError', 'Unexpected Application Error!'],
    ['replyFailed', 'Oops! Something went wrong. Try again later.'],
    ['replyNotUnderstood', "Sorry, I couldn't understand that."],
    ['send', 'Send'],
    ['back', 'Back'],
    ['startCall', 'Start call'],
    ['attachImage', 'Attach image'],
    ['navHome', 'Home'],
    ['navChats', 'Chats'],
    ['navFaq', 'FAQ'],
  ] as const)('%s reads %j', (key, text) => {
    expect(englishStrings[key]).toBe(text);
  });

  it('has no empty entry', () => {
    for (const text of Object.values(englishStrings)) expect(text.trim()).not.toBe('');
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(formatString('Welcome to {brandName}', { brandName: 'Acme' })).toBe('Welcome to Acme');
    expect(formatString('{a} and {b}', { a: 1 })).toBe('1 and {b}');
    expect(formatString('{toString}', {})).toBe('{toString}');
  });

  it('narrows keys from untrusted input', () => {
    expect(isStringKey('send')).toBe(true);
    expect(isStringKey('constructor')).toBe(false);
    expect(isStringKey('__proto__')).toBe(false);
  });

  it('lets the store override single entries', () => {
    const strings = resolveStrings('en', { send: 'Go' });
    expect(strings.send).toBe('Go');
    expect(strings.back).toBe('Back');
  });
});
