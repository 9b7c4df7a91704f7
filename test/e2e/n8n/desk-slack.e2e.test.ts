import { afterAll, describe, expect, it } from 'vitest';
import { englishStrings as en } from '../../../src/i18n/strings';
import { renderSlackChannel, startSlackApi, type SlackMessage, type SlackUser } from '../../support/loopback/slack-api';
import { n8nInstallDir, N8N_VERSION } from './install';
import { saveDeskPictures, serveAgentPictures } from './desk-pictures';
import { assistantAnswersAgain, leaveEmail, personsMessages, STEP_TIMEOUT_MS, visitorAsksForPerson } from './desk';
import { deskSuitePlan, deskWorkflowForStore, type ImportedCredential } from './desk-workflows';
import { send, withN8nSuite } from './suite';

// workflows/takeover-slack.json in a real n8n, the store's team answering from a Slack channel, a thread
// per visitor: the loopback Web API (test/support/loopback/slack-api.ts) stands in for Slack at the
// workflow's slackApiUrl setting, and the test, playing the team, posts signed Events API callbacks to
// n8n's Slack Trigger as Slack would. The visitor is the built widget in Chromium, on n8n's chat socket.
// A second copy of the workflow, closed, shows the out-of-hours path.

const ENABLED = process.env.N8N_E2E === '1';
if (!ENABLED) console.info(`n8n Slack desk suite skipped: set N8N_E2E=1 (n8n ${N8N_VERSION} in ${n8nInstallDir()})`);

/** A whole takeover of two visitors: a dozen such steps, each usually a few seconds. */
const WHOLE_TAKEOVER_MS = 4 * STEP_TIMEOUT_MS;

const TEAM_CHANNEL = 'C0STORETEAM';
const SIGNING_SECRET = 'slack-signing-secret-for-the-test';
const SAM_PICTURE = 'https://avatars.slack-edge.com/2026-01-05/8812_sam_72.png';
const SAM: SlackUser = {
  id: 'U0SAM',
  name: 'sam.lee',
  real_name: 'Sam Lee',
  profile: { display_name: 'Sam', real_name: 'Sam Lee', image_72: SAM_PICTURE },
};
const JO: SlackUser = {
  id: 'U0JO',
  name: 'jo',
  real_name: 'Jo Park',
  profile: { display_name: '', real_name: 'Jo Park' },
};

const slack = await startSlackApi({ token: 'xoxb-store-team', signingSecret: SIGNING_SECRET, users: [SAM, JO] });
afterAll(() => slack.close());

const credential: ImportedCredential = {
  id: 'storeTeamSlackTest',
  name: 'Slack app of the store',
  type: 'slackApi',
  data: { accessToken: 'xoxb-store-team', signatureSecret: SIGNING_SECRET },
};

/** The app's message in the team's channel that mentions `text`, once posted. */
const appPost = (text: string): Promise<SlackMessage> =>
  slack.until(() => slack.messages.find((message) => message.bot_id && message.text.includes(text)), STEP_TIMEOUT_MS);

describe.skipIf(!ENABLED)(`a person answers from Slack, through n8n ${N8N_VERSION}`, () => {
  const { openChat } = withN8nSuite((storeOrigin, webhooks) => {
    const setUp = (settings: Record<string, string>, copy?: string) =>
      deskWorkflowForStore({
        file: 'takeover-slack.json',
        storeOrigin,
        settings: {
          teamChannelId: TEAM_CHANNEL,
          slackApiUrl: slack.baseUrl,
          slackSigningSecret: SIGNING_SECRET,
          ...settings,
        },
        credential,
        copy,
      });
    const open = setUp({ openingHours: 'always' });
    const closed = setUp({ openingHours: 'closed' }, 'closed');
    const trigger = open.nodes.find((node) => node.type === 'n8n-nodes-base.slackTrigger');
    // The Slack app's Event Subscriptions Request URL: the trigger's production URL.
    slack.setEventsUrl(`${webhooks}/webhook/${trigger?.webhookId ?? ''}/webhook`);
    // Its Interactivity Request URL: the Slack button node's production URL.
    const button = open.nodes.find((node) => node.name === 'Slack button');
    slack.setInteractivityUrl(`${webhooks}/webhook/${String(button?.parameters.path ?? '')}`);
    return deskSuitePlan(webhooks, { open, closed }, [credential], 'avatars.slack-edge.com');
  }, STEP_TIMEOUT_MS);

  const askForPerson = (path: string) =>
    visitorAsksForPerson(openChat, path, (opening) =>
      serveAgentPictures(opening, 'https://avatars.slack-edge.com/**', 'S', '#2eb67d'),
    );

  it(
    'two visitors at once: a thread each, answers under the Slack name and picture, handed back by "done" or ✅',
    async () => {
      const first = await askForPerson('/open');
      await first.widget.getByText(en.handoffConnecting).waitFor({ timeout: STEP_TIMEOUT_MS });
      const firstPost = await appPost('asks for a person');
      expect(firstPost).toMatchObject({ channel: TEAM_CHANNEL });
      expect(firstPost.thread_ts).toBeUndefined();
      expect(firstPost.text).toContain(`*Visitor:* ${en.humanAgentMessage}`);

      const second = await askForPerson('/open');
      await second.widget.getByText(en.handoffConnecting).waitFor({ timeout: STEP_TIMEOUT_MS });
      const secondPost = await slack.until(
        () => slack.messages.find((message) => message.text.includes('asks for a person') && message !== firstPost),
        STEP_TIMEOUT_MS,
      );

      // An event that Slack did not sign is refused.
      expect(await slack.replyInThread(firstPost, SAM, 'Not from Slack', 'another-secret')).toBe(401);

      expect(await slack.replyInThread(firstPost, SAM, 'Hi, I am Sam & happy to help.')).toBe(200);
      expect(await slack.replyInThread(secondPost, JO, 'Jo here, hello!')).toBe(200);
      await personsMessages(first.page)
        .filter({ hasText: 'Hi, I am Sam & happy to help.' })
        .waitFor({ timeout: STEP_TIMEOUT_MS });
      await personsMessages(second.page).filter({ hasText: 'Jo here' }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await first.widget.getByText("You're chatting with Sam").waitFor();
      await second.widget.getByText("You're chatting with Jo Park").waitFor();
      expect(await first.widget.locator('img.agent-avatar').first().getAttribute('src')).toBe(SAM_PICTURE);

      // The visitor's answer goes to their own thread.
      await send(first.page, 'Where is order 1042?');
      const relayed = await appPost('Where is order 1042?');
      expect(relayed.thread_ts).toBe(firstPost.ts);

      await slack.replyInThread(firstPost, SAM, 'It ships today.');
      await personsMessages(first.page).filter({ hasText: 'It ships today.' }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await saveDeskPictures(first.page, 'slack', renderSlackChannel(slack.messages, [SAM, JO], 'store-team'));
      await slack.replyInThread(firstPost, SAM, 'done');
      await first.widget
        .locator('.system-line', { hasText: 'Sam left the conversation. The assistant is answering again.' })
        .waitFor({ timeout: STEP_TIMEOUT_MS });
      expect((await appPost('handed')).thread_ts).toBe(firstPost.ts);
      expect(await slack.react(secondPost, JO, 'white_check_mark')).toBe(200);
      await second.widget
        .locator('.system-line', { hasText: 'Jo Park left the conversation' })
        .waitFor({ timeout: STEP_TIMEOUT_MS });

      expect(await personsMessages(first.page).allTextContents()).toEqual([
        expect.stringContaining('Hi, I am Sam'),
        expect.stringContaining('It ships today.'),
      ]);
      expect(await personsMessages(second.page).allTextContents()).toEqual([expect.stringContaining('Jo here')]);
      expect(await personsMessages(first.page).allTextContents()).not.toContain('Not from Slack');

      await assistantAnswersAgain(first);
      expect(first.pageErrors).toEqual([]);
      expect(second.pageErrors).toEqual([]);
    },
    WHOLE_TAKEOVER_MS,
  );

  it(
    'the hand-back button in the thread ends a takeover as "done" does; a click Slack did not sign does nothing',
    async () => {
      const isTakeoverPost = (message: SlackMessage) => message.text.includes('asks for a person');
      const earlier = slack.messages.filter(isTakeoverPost).length;
      const visitor = await askForPerson('/open');
      await visitor.widget.getByText(en.handoffConnecting).waitFor({ timeout: STEP_TIMEOUT_MS });
      const post = await slack.until(() => slack.messages.filter(isTakeoverPost)[earlier], STEP_TIMEOUT_MS);
      const buttonMessage = await slack.until(
        () => slack.messages.find((message) => message.thread_ts === post.ts && message.blocks),
        STEP_TIMEOUT_MS,
      );
      expect(buttonMessage.bot_id).toBeDefined();
      const button = buttonMessage.blocks
        ?.flatMap((block) => block.elements ?? [])
        .find((element) => element.type === 'button');
      expect(button).toMatchObject({ action_id: 'hand_back', text: { text: 'Hand back to the assistant' } });

      // A click signed with another secret: the takeover goes on, so Sam's answer and the visitor's reply
      // still pass (had it ended the takeover, neither would).
      await slack.clickButton(buttonMessage, SAM, 'hand_back', 'another-secret');
      await slack.replyInThread(post, SAM, 'Sam here, one moment.');
      await personsMessages(visitor.page)
        .filter({ hasText: 'Sam here, one moment.' })
        .waitFor({ timeout: STEP_TIMEOUT_MS });
      await send(visitor.page, 'Thank you!');
      expect((await appPost('Thank you!')).thread_ts).toBe(post.ts);

      expect(await slack.clickButton(buttonMessage, SAM, 'hand_back')).toBe(200);
      await visitor.widget
        .locator('.system-line', { hasText: 'Sam left the conversation. The assistant is answering again.' })
        .waitFor({ timeout: STEP_TIMEOUT_MS });
      await slack.until(
        () => slack.messages.find((message) => message.thread_ts === post.ts && message.text.includes('handed')),
        STEP_TIMEOUT_MS,
      );
      await assistantAnswersAgain(visitor);
      expect(visitor.pageErrors).toEqual([]);
    },
    WHOLE_TAKEOVER_MS,
  );

  it('out of hours: the visitor hears the team is away, and the channel gets the address left with the conversation', async () => {
    const { widget } = await askForPerson('/closed');
    await widget
      .locator('.messages .system-line', { hasText: en.handoffUnavailable })
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    await leaveEmail(widget, 'grace@lumen.shop');
    const email = await appPost('grace@lumen.shop');
    expect(email.text).toContain('outside opening hours');
    expect(email.text).toContain(`*Visitor:* ${en.humanAgentMessage}`);
  });
});
