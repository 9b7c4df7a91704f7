import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishStrings as en } from '../../../src/i18n/strings';
import {
  renderTeamChat,
  startTelegramBotApi,
  type TelegramMessage,
  type TelegramUser,
} from '../../support/loopback/telegram-bot-api';
import { n8nInstallDir, N8N_VERSION } from './install';
import { saveDeskPictures } from './desk-pictures';
import { assistantAnswersAgain, leaveEmail, personsMessages, visitorAsksForPerson } from './desk';
import { deskSuitePlan, deskWorkflowForStore, type ImportedCredential } from './desk-workflows';
import { send, withN8nSuite } from './suite';

// workflows/takeover-telegram.json in a real n8n, the store's team answering from Telegram: the loopback
// Bot API (test/support/loopback/telegram-bot-api.ts) stands in for Telegram, reached through the
// Telegram credential's Base URL; n8n's Telegram Trigger sets its webhook there, and the test, playing the
// team, posts the updates a Telegram group would. The visitor is the built widget in Chromium, on n8n's
// chat socket. Four copies of the workflow, as four stores would set it up: open with a team that
// answers, one whose team works in a forum supergroup (a topic per visitor), one whose wait runs out at
// once, and one that is closed.

const ENABLED = process.env.N8N_E2E === '1';
if (!ENABLED) console.info(`n8n Telegram desk suite skipped: set N8N_E2E=1 (n8n ${N8N_VERSION} in ${n8nInstallDir()})`);

/** n8n polls a waiting execution every 3 s; a timed wait is picked up by its wait tracker once a minute. */
const STEP_TIMEOUT_MS = 45_000;
/** A whole takeover of two visitors: a dozen such steps, each usually a few seconds. */
const WHOLE_TAKEOVER_MS = 4 * STEP_TIMEOUT_MS;
const TIMEOUT_STEP_MS = 100_000;

const TEAM_CHAT = -1009876543210;
const SAM: TelegramUser = { id: 501, is_bot: false, first_name: 'Sam', last_name: 'Lee' };
const JO: TelegramUser = { id: 502, is_bot: false, first_name: 'Jo' };

const bots = {
  open: '111:open-store',
  topics: '444:forum-store',
  quick: '222:quick-store',
  closed: '333:closed-store',
};
const telegram = await startTelegramBotApi();
afterAll(() => telegram.close());

const credential = (key: keyof typeof bots): ImportedCredential => ({
  id: `storeTeamTelegram${key}`,
  name: `Telegram bot of the ${key} store`,
  type: 'telegramApi',
  data: { accessToken: bots[key], baseUrl: telegram.baseUrl },
});

/** The bot's message to the team that mentions `text`, once sent. */
const botPost = (text: string, timeout = STEP_TIMEOUT_MS): Promise<TelegramMessage> =>
  telegram.until(
    () => telegram.messages.find((message) => message.from.is_bot && message.text.includes(text)),
    timeout,
  );

/** The takeover tag ("Takeover #12") of a post. */
const tagOf = (post: TelegramMessage) => /Takeover #\d+/.exec(post.text)?.[0] ?? 'no tag';

describe.skipIf(!ENABLED)(`a person answers from Telegram, through n8n ${N8N_VERSION}`, () => {
  const { openChat, botReply } = withN8nSuite((storeOrigin, webhooks) => {
    const setUp = (key: keyof typeof bots, settings: Record<string, string | number | boolean>, copy?: string) =>
      deskWorkflowForStore({
        file: 'takeover-telegram.json',
        storeOrigin,
        settings: { teamChatId: String(TEAM_CHAT), ...settings },
        credential: credential(key),
        copy,
      });
    const open = setUp('open', { openingHours: 'always', waitSeconds: 600 });
    const topics = setUp(
      'topics',
      { openingHours: 'always', forumTopics: true, botTokenForTopics: bots.topics, telegramApiUrl: telegram.baseUrl },
      'forum topics',
    );
    const quick = setUp('quick', { openingHours: 'always', waitSeconds: 1 }, 'nobody free');
    const closed = setUp('closed', { openingHours: 'closed' }, 'closed');
    const credentials = Object.keys(bots).map((key) => credential(key as keyof typeof bots));
    return deskSuitePlan(webhooks, { open, topics, quick, closed }, credentials);
  }, STEP_TIMEOUT_MS);

  beforeAll(async () => {
    // n8n's Telegram Trigger sets each bot's webhook when it activates the workflow.
    await telegram.until(() => Object.values(bots).every((token) => telegram.webhook(token)) || undefined, 60_000);
  });

  const askForPerson = (path: string) => visitorAsksForPerson(openChat, path);

  it(
    'two visitors at once: each reaches the team, gets their own answers by name, and is handed back',
    async () => {
      // The first visitor asks the assistant, then for a person in their own words: the team sees both.
      const { page: firstPage, pageErrors: firstErrors } = await openChat('/open');
      const first = { page: firstPage, pageErrors: firstErrors, widget: firstPage.locator('store-assistant') };
      await first.widget.getByRole('button', { name: en.askQuestion }).click();
      await botReply(first.page, 0);
      await send(first.page, 'Do you have a mug?');
      expect(await botReply(first.page, 1)).toContain('Ceramic Mug');
      await send(first.page, 'Can I talk to a person, please?');
      await first.widget.getByText(en.handoffConnecting).waitFor({ timeout: STEP_TIMEOUT_MS });
      const firstPost = await botPost('asks for a person');
      expect(firstPost.chat.id).toBe(TEAM_CHAT);
      expect(firstPost.text).toContain('Visitor: Do you have a mug?\nAssistant: Here is our **Ceramic Mug**');
      expect(firstPost.text).toContain('Visitor: Can I talk to a person, please?');
      expect(firstPost.text).toContain('/open');
      expect(firstPost.reply_markup?.inline_keyboard?.[0]?.[0]).toMatchObject({ text: 'Hand back to the assistant' });

      const second = await askForPerson('/open');
      await second.widget.getByText(en.handoffConnecting).waitFor({ timeout: STEP_TIMEOUT_MS });
      const secondPost = await botPost(`Visitor: ${en.humanAgentMessage}`);
      expect(tagOf(secondPost)).not.toBe(tagOf(firstPost));
      // Each conversation is its own: the second visitor's post holds nothing of the first's.
      expect(secondPost.text).not.toContain('mug');

      // Whoever answers first: Sam takes the first visitor, Jo the second.
      expect(await telegram.reply(bots.open, firstPost, SAM, 'Hi, I am Sam. How can I help?')).toBe(200);
      expect(await telegram.reply(bots.open, secondPost, JO, 'Jo here, hello!')).toBe(200);
      await personsMessages(first.page).filter({ hasText: 'Hi, I am Sam' }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await personsMessages(second.page).filter({ hasText: 'Jo here' }).waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(await personsMessages(first.page).locator('.agent-name').allTextContents()).toEqual(['Sam']);
      await first.widget.getByText("You're chatting with Sam").waitFor();
      await second.widget.getByText("You're chatting with Jo").waitFor();

      await saveDeskPictures(first.page, 'telegram', renderTeamChat(telegram.messages, 'Store team'));

      // The visitor's answer reaches the same takeover, as a reply to its first post.
      await send(first.page, 'Where is order 1042?');
      const relayed = await botPost('Where is order 1042?');
      expect(tagOf(relayed)).toBe(tagOf(firstPost));
      expect(relayed.reply_to_message?.message_id).toBe(firstPost.message_id);
      // Sam answers that message: a reply to any post of the takeover reaches the same visitor.
      await telegram.reply(bots.open, relayed, SAM, 'It ships today.');
      await personsMessages(first.page).filter({ hasText: 'It ships today.' }).waitFor({ timeout: STEP_TIMEOUT_MS });

      // Sam ends with /done; Jo with the button.
      await telegram.reply(bots.open, firstPost, SAM, '/done Have a nice day!');
      await first.widget
        .locator('.system-line', { hasText: 'Sam left the conversation. The assistant is answering again.' })
        .waitFor({ timeout: STEP_TIMEOUT_MS });
      await botPost(`Sam handed`);
      await telegram.press(bots.open, secondPost, JO, `done:${tagOf(secondPost).slice('Takeover #'.length)}`);
      await second.widget
        .locator('.system-line', { hasText: 'Jo left the conversation' })
        .waitFor({ timeout: STEP_TIMEOUT_MS });
      await telegram.until(() => telegram.calls.find((call) => call.method === 'answerCallbackQuery'), STEP_TIMEOUT_MS);

      // Neither saw the other's person.
      expect(await personsMessages(first.page).allTextContents()).toEqual([
        expect.stringContaining('Hi, I am Sam'),
        expect.stringContaining('It ships today.'),
        expect.stringContaining('Have a nice day!'),
      ]);
      expect(await personsMessages(second.page).allTextContents()).toEqual([expect.stringContaining('Jo here')]);
      // A group without topics: no post names a topic.
      const sent = telegram.calls.filter((call) => call.token === bots.open && call.method === 'sendMessage');
      expect(sent.filter((call) => 'message_thread_id' in call.body)).toEqual([]);

      // The assistant answers again.
      await assistantAnswersAgain(first);
      expect(first.pageErrors).toEqual([]);
      expect(second.pageErrors).toEqual([]);
      expect(await botReply(first.page, 2)).toContain("I'm finding someone");
    },
    WHOLE_TAKEOVER_MS,
  );

  it(
    'a forum supergroup: a topic per visitor, answers written in the topic reach its visitor only',
    async () => {
      const topicRoots = () => telegram.messages.filter((message) => message.forum_topic_created);
      const first = await askForPerson('/topics');
      await first.widget.getByText(en.handoffConnecting).waitFor({ timeout: STEP_TIMEOUT_MS });
      const firstTopic = await telegram.until(() => topicRoots()[0], STEP_TIMEOUT_MS);
      const second = await askForPerson('/topics');
      await second.widget.getByText(en.handoffConnecting).waitFor({ timeout: STEP_TIMEOUT_MS });
      const secondTopic = await telegram.until(() => topicRoots()[1], STEP_TIMEOUT_MS);
      expect(firstTopic.forum_topic_created?.name).toMatch(/^Visitor \S+ · Takeover #\d+$/);
      expect(secondTopic.forum_topic_created?.name).not.toBe(firstTopic.forum_topic_created?.name);
      const postIn = (topic: TelegramMessage) =>
        telegram.until(
          () =>
            telegram.messages.find(
              (message) => message.message_thread_id === topic.message_id && message.text.includes('asks for a person'),
            ),
          STEP_TIMEOUT_MS,
        );
      // Each visitor's post is in their own topic.
      expect(tagOf(await postIn(firstTopic))).toBe(
        /Takeover #\d+/.exec(firstTopic.forum_topic_created?.name ?? '')?.[0],
      );
      expect(tagOf(await postIn(secondTopic))).toBe(
        /Takeover #\d+/.exec(secondTopic.forum_topic_created?.name ?? '')?.[0],
      );

      // Sam and Jo write in the topics, as people do there: no "Reply".
      expect(await telegram.writeInTopic(bots.topics, firstTopic.message_id, SAM, 'Sam in the first topic')).toBe(200);
      expect(await telegram.writeInTopic(bots.topics, secondTopic.message_id, JO, 'Jo in the second topic')).toBe(200);
      await personsMessages(first.page)
        .filter({ hasText: 'Sam in the first topic' })
        .waitFor({ timeout: STEP_TIMEOUT_MS });
      await personsMessages(second.page)
        .filter({ hasText: 'Jo in the second topic' })
        .waitFor({ timeout: STEP_TIMEOUT_MS });

      // The visitor's answer lands in their topic.
      await send(second.page, 'Is the mug dishwasher safe?');
      expect((await botPost('Is the mug dishwasher safe?')).message_thread_id).toBe(secondTopic.message_id);

      await telegram.writeInTopic(bots.topics, firstTopic.message_id, SAM, '/done');
      await first.widget
        .locator('.system-line', { hasText: 'Sam left the conversation' })
        .waitFor({ timeout: STEP_TIMEOUT_MS });
      // The team's notice of the hand-back is in the topic too.
      await telegram.until(
        () =>
          telegram.messages.find(
            (message) => message.message_thread_id === firstTopic.message_id && message.text.includes('Sam handed'),
          ),
        STEP_TIMEOUT_MS,
      );
      await telegram.writeInTopic(bots.topics, secondTopic.message_id, JO, '/done');
      await second.widget
        .locator('.system-line', { hasText: 'Jo left the conversation' })
        .waitFor({ timeout: STEP_TIMEOUT_MS });

      expect(await personsMessages(first.page).allTextContents()).toEqual([
        expect.stringContaining('Sam in the first topic'),
      ]);
      expect(await personsMessages(second.page).allTextContents()).toEqual([
        expect.stringContaining('Jo in the second topic'),
      ]);
      expect(first.pageErrors).toEqual([]);
      expect(second.pageErrors).toEqual([]);
    },
    WHOLE_TAKEOVER_MS,
  );

  it(
    'nobody answers in time: the visitor is offered the email form, and the team gets the address with the conversation',
    async () => {
      const { widget } = await askForPerson('/quick');
      await widget
        .locator('.messages .system-line', { hasText: en.handoffTimeout })
        .waitFor({ timeout: TIMEOUT_STEP_MS });
      await botPost('Nobody answered', STEP_TIMEOUT_MS);
      await leaveEmail(widget, 'ada@lumen.shop');
      const email = await botPost('ada@lumen.shop');
      expect(email.text).toContain('nobody answered in time');
      expect(email.text).toContain(`Visitor: ${en.humanAgentMessage}`);
    },
    TIMEOUT_STEP_MS + 2 * STEP_TIMEOUT_MS,
  );

  it('out of hours: the visitor hears the team is away, and the team gets the address left', async () => {
    const { widget } = await askForPerson('/closed');
    await widget
      .locator('.messages .system-line', { hasText: en.handoffUnavailable })
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    await leaveEmail(widget, 'grace@lumen.shop');
    const email = await botPost('grace@lumen.shop');
    expect(email.text).toContain('outside opening hours');
  });
});
