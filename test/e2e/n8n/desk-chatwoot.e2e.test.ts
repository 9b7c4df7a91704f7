import { afterAll, describe, expect, it } from 'vitest';
import { englishStrings as en } from '../../../src/i18n/strings';
import { renderChatwootInbox, startChatwootApi, type ChatwootAgent } from '../../support/loopback/chatwoot-api';
import { n8nInstallDir, N8N_VERSION } from './install';
import { saveDeskPictures, serveAgentPictures } from './desk-pictures';
import { assistantAnswersAgain, leaveEmail, personsMessages, STEP_TIMEOUT_MS, visitorAsksForPerson } from './desk';
import { deskSuitePlan, deskWorkflowForStore, type ImportedCredential } from './desk-workflows';
import { send, withN8nSuite } from './suite';

// workflows/takeover-chatwoot.json in a real n8n, the store's agents answering from a Chatwoot API-channel
// inbox: the loopback application API (test/support/loopback/chatwoot-api.ts) stands in for Chatwoot at
// the workflow's chatwootUrl setting and posts its account webhooks (every message, the workflow's own
// and private notes included, and resolved conversations) to the workflow's Chatwoot webhook node. The
// visitor is the built widget in Chromium, on n8n's chat socket. A second copy, closed, shows the
// out-of-hours path.

const ENABLED = process.env.N8N_E2E === '1';
if (!ENABLED) console.info(`n8n Chatwoot desk suite skipped: set N8N_E2E=1 (n8n ${N8N_VERSION} in ${n8nInstallDir()})`);

/** A whole takeover of two visitors: a dozen such steps, each usually a few seconds. */
const WHOLE_TAKEOVER_MS = 4 * STEP_TIMEOUT_MS;

const ACCOUNT = 3;
const INBOX = 7;
const TOKEN = 'chatwoot-agent-token';
/** The account webhook's secret (Settings → Integrations → Webhooks), which signs each delivery. */
const WEBHOOK_SECRET = 'chatwoot-webhook-secret-7f3a';
const MAYA_PICTURE = 'https://app.chatwoot.com/rails/active_storage/representations/maya.png';
const MAYA: ChatwootAgent = { id: 21, name: 'Maya', email: 'maya@lumen.shop', avatar_url: MAYA_PICTURE };
const OMAR: ChatwootAgent = { id: 22, name: 'Omar', email: 'omar@lumen.shop' };

const chatwoot = await startChatwootApi({
  accountId: ACCOUNT,
  inboxId: INBOX,
  token: TOKEN,
  webhookSecret: WEBHOOK_SECRET,
});
afterAll(() => chatwoot.close());

const credential: ImportedCredential = {
  id: 'storeTeamChatwootTest',
  name: "Chatwoot agent's token",
  type: 'httpHeaderAuth',
  data: { name: 'api_access_token', value: TOKEN },
};

/** The conversation the takeover of the `index`-th visitor opened (0-based), once it has. */
const conversation = (index: number) => chatwoot.until(() => chatwoot.conversations[index], STEP_TIMEOUT_MS);

/** The messages of a conversation, as its agents see them. */
const messagesOf = (id: number) => chatwoot.messages.filter((message) => message.conversationId === id);

describe.skipIf(!ENABLED)(`a person answers from Chatwoot, through n8n ${N8N_VERSION}`, () => {
  const { openChat } = withN8nSuite((storeOrigin, webhooks) => {
    const setUp = (settings: Record<string, string | number>, copy?: string) =>
      deskWorkflowForStore({
        file: 'takeover-chatwoot.json',
        storeOrigin,
        settings: {
          chatwootUrl: chatwoot.baseUrl,
          accountId: ACCOUNT,
          inboxId: INBOX,
          chatwootWebhookSecret: WEBHOOK_SECRET,
          ...settings,
        },
        credential,
        copy,
      });
    const open = setUp({ openingHours: 'always' });
    const closed = setUp({ openingHours: 'closed' }, 'closed');
    const hook = open.nodes.find((node) => node.type === 'n8n-nodes-base.webhook');
    // Chatwoot → Settings → Integrations → Webhooks: the Chatwoot webhook node's production URL.
    chatwoot.setWebhookUrl(`${webhooks}/webhook/${String(hook?.parameters.path ?? '')}`);
    return deskSuitePlan(webhooks, { open, closed }, [credential], 'app.chatwoot.com');
  }, STEP_TIMEOUT_MS);

  const askForPerson = (path: string) =>
    visitorAsksForPerson(openChat, path, (opening) =>
      serveAgentPictures(opening, 'https://app.chatwoot.com/**', 'M', '#1f93ff'),
    );

  it(
    'two visitors at once: a conversation each, agents answer by name, notes stay private, resolving hands back',
    async () => {
      const first = await askForPerson('/open');
      await first.widget.getByText(en.handoffConnecting).waitFor({ timeout: STEP_TIMEOUT_MS });
      const firstConversation = await conversation(0);
      expect(firstConversation.inbox_id).toBe(INBOX);
      expect(firstConversation.additional_attributes.referer).toContain('/open');
      const note = await chatwoot.until(() => messagesOf(firstConversation.id)[0], STEP_TIMEOUT_MS);
      expect(note).toMatchObject({ private: true });
      expect(note.content).toContain(`**Visitor:** ${en.humanAgentMessage}`);

      const second = await askForPerson('/open');
      await second.widget.getByText(en.handoffConnecting).waitFor({ timeout: STEP_TIMEOUT_MS });
      const secondConversation = await conversation(1);

      // Replies Chatwoot never signed (unsigned, a guessed secret, a signed body changed on the way) are
      // dropped: the visitor's answers below are Maya's and nobody else's.
      for (const how of ['unsigned', 'wrongSecret', 'altered'] as const)
        await chatwoot.forgeReply(firstConversation, MAYA, `Forged (${how}): pay at evil.example`, how);
      // A private note is for the team only; Maya's reply reaches the first visitor under her name.
      expect(await chatwoot.agentReplies(firstConversation, MAYA, 'Checking the warehouse first', true)).toBe(200);
      expect(await chatwoot.agentReplies(firstConversation, MAYA, 'Hi, I am Maya. How can I help?')).toBe(200);
      expect(await chatwoot.agentReplies(secondConversation, OMAR, 'Omar here, hello!')).toBe(200);
      await personsMessages(first.page).filter({ hasText: 'Hi, I am Maya' }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await personsMessages(second.page).filter({ hasText: 'Omar here' }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await first.widget.getByText("You're chatting with Maya").waitFor();
      expect(await first.widget.locator('img.agent-avatar').first().getAttribute('src')).toBe(MAYA_PICTURE);

      // The visitor's answer is theirs (incoming) in their own conversation.
      await send(first.page, 'Where is order 1042?');
      const relayed = await chatwoot.until(
        () => messagesOf(firstConversation.id).find((message) => message.content === 'Where is order 1042?'),
        STEP_TIMEOUT_MS,
      );
      expect(relayed).toMatchObject({ messageType: 'incoming', private: false });

      // The signature covers the bytes Chatwoot sent (& written \u0026), not the body as n8n would write it.
      await chatwoot.agentReplies(firstConversation, MAYA, 'It ships today & arrives in < 3 days.');
      await personsMessages(first.page)
        .filter({ hasText: 'It ships today & arrives in < 3 days.' })
        .waitFor({ timeout: STEP_TIMEOUT_MS });
      await saveDeskPictures(
        first.page,
        'chatwoot',
        renderChatwootInbox(chatwoot.conversations, chatwoot.messages, firstConversation),
        720,
      );
      expect(await chatwoot.resolve(firstConversation, MAYA)).toBe(200);
      await first.widget
        .locator('.system-line', { hasText: 'Maya left the conversation. The assistant is answering again.' })
        .waitFor({ timeout: STEP_TIMEOUT_MS });
      await chatwoot.resolve(secondConversation, OMAR);
      await second.widget
        .locator('.system-line', { hasText: 'Omar left the conversation' })
        .waitFor({ timeout: STEP_TIMEOUT_MS });

      expect(await personsMessages(first.page).allTextContents()).toEqual([
        expect.stringContaining('Hi, I am Maya'),
        expect.stringContaining('It ships today & arrives in < 3 days.'),
      ]);
      expect(await first.page.getByText('evil.example').count()).toBe(0);
      expect(await personsMessages(second.page).allTextContents()).toEqual([expect.stringContaining('Omar here')]);
      // The team's note on the hand-back is private too: it never reached a visitor.
      await chatwoot.until(
        () => messagesOf(firstConversation.id).find((message) => message.private && message.content.includes('handed')),
        STEP_TIMEOUT_MS,
      );

      await assistantAnswersAgain(first);
      expect(first.pageErrors).toEqual([]);
      expect(second.pageErrors).toEqual([]);
    },
    WHOLE_TAKEOVER_MS,
  );

  it('out of hours: the visitor hears the team is away, and the inbox gets a conversation with the address left', async () => {
    const { widget } = await askForPerson('/closed');
    await widget
      .locator('.messages .system-line', { hasText: en.handoffUnavailable })
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    await leaveEmail(widget, 'grace@lumen.shop');
    const withEmail = await chatwoot.until(
      () => chatwoot.conversations.find((candidate) => candidate.contact.email === 'grace@lumen.shop'),
      STEP_TIMEOUT_MS,
    );
    const email = await chatwoot.until(() => messagesOf(withEmail.id)[0], STEP_TIMEOUT_MS);
    expect(email.content).toContain('outside opening hours');
    expect(email.content).toContain(`**Visitor:** ${en.humanAgentMessage}`);
  });
});
