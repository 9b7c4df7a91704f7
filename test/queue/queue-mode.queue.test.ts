import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { N8N_VERSION } from '../e2e/n8n/install';
import { englishStrings as en } from '../../src/i18n/strings';
import { personSays, startDesk, STEP_TIMEOUT_MS } from '../e2e/n8n/desk';
import { send, withN8nSuite } from '../e2e/n8n/suite';
import {
  chatPath,
  SLOW_WEBHOOK_PATH,
  slowWorkflowForStore,
  takeoverWorkflowForStore,
  WEBHOOK_PATH,
  workflowForStore,
} from '../e2e/n8n/workflows';
import { ensurePackages, queueModeEnv, startPostgres, startRedis, type Service } from './services';

// The widget's conversations through n8n in queue mode, as docs/queue-mode.md sets it up: a main process,
// two workers, Redis and Postgres (from Debian's packages), all on loopback. `npm run test:queue`.

let redis: Service | undefined;
let postgres: Service | undefined;
const desk = startDesk();
let deskUrl = '';

beforeAll(async () => {
  ensurePackages();
  [redis, postgres, deskUrl] = await Promise.all([startRedis(), startPostgres(), desk.listen()]);
}, 10 * 60_000);

describe(`the widget through n8n ${N8N_VERSION} in queue mode (main, two workers, Redis, Postgres)`, () => {
  const suite = withN8nSuite((storeOrigin, webhooks) => {
    const takeover = takeoverWorkflowForStore(storeOrigin, deskUrl);
    return {
      pages: {
        '/': `${webhooks}${WEBHOOK_PATH}`,
        '/slow': `${webhooks}${SLOW_WEBHOOK_PATH}`,
        '/takeover': { webhookUrl: `${webhooks}${chatPath(takeover)}`, attributes: { protocol: 'n8n-chat' } },
      },
      workflows: [workflowForStore(storeOrigin), slowWorkflowForStore(storeOrigin, 4), takeover],
      readyPaths: [WEBHOOK_PATH, SLOW_WEBHOOK_PATH, chatPath(takeover)],
      env: queueModeEnv(redis, postgres),
      workers: 2,
    };
  }, 60_000);

  afterAll(async () => {
    await Promise.all([redis?.stop(), postgres?.stop(), desk.close()]);
  }, 60_000);

  it("a person's takeover: its Wait node is resumed by a worker while the other is busy, both ways", async () => {
    const { page } = await suite.openChat('/takeover');
    const widget = page.locator('store-assistant');
    const before = desk.posts.length;
    await widget.getByRole('button', { name: en.talkToHuman }).click();
    await widget.getByText(en.handoffConnecting).waitFor({ timeout: STEP_TIMEOUT_MS });
    const asked = await desk.post(before + 1);
    // Another visitor keeps a worker busy (its execution waits on a Wait node) while the person answers.
    const other = await suite.openChat('/slow');
    await other.page.getByRole('button', { name: 'Ask a question' }).click();
    await personSays(asked.resumeUrl, { text: 'Hi, I am Sam. How can I help?', name: 'Sam' });
    const persons = widget.locator('.message.from-agent');
    await persons.filter({ hasText: 'Hi, I am Sam' }).waitFor({ timeout: STEP_TIMEOUT_MS });
    await suite.botReply(other.page, 0);
    await send(page, 'Where is order 1042?');
    expect(await desk.post(before + 2)).toMatchObject({ text: 'Where is order 1042?', executionId: asked.executionId });
    await personSays(asked.resumeUrl, { handoff: 'left', text: 'It ships today. Bye!' });
    await widget
      .locator('.system-line', { hasText: 'Sam left the conversation' })
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(await persons.allTextContents()).toEqual([
      expect.stringContaining('Hi, I am Sam'),
      expect.stringContaining('It ships today. Bye!'),
    ]);
  });

  it('a conversation: each message runs on a worker and is answered once', async () => {
    const { page, pageErrors } = await suite.openChat();
    await page.getByRole('button', { name: 'Ask a question' }).click();
    await suite.botReply(page, 0);
    await send(page, 'Show me the new arrivals');
    // The other worker takes the execution up again from its start. Had the killed worker passed the repeat
    // check, the messageId is in the shared database, and the answer is the workflow's short note instead
    // (docs/queue-mode.md): either way one reply, and no error.
    expect(await suite.botReply(page, 1)).toMatch(/new arrivals|I have answered this message already/);
    await send(page, 'Do you have a tote bag?');
    expect(await suite.botReply(page, 2)).toContain('Canvas Tote');
    expect(await page.locator('store-assistant .message.bot').count()).toBe(3);
    expect(suite.n8n.workers.every((worker) => !worker.exited())).toBe(true);
    // The workers ran the executions, not main.
    expect(suite.n8n.workers.map((worker) => worker.log()).join('\n')).toMatch(/started execution/i);
    expect(pageErrors).toEqual([]);
  });

  it('a worker killed mid-execution: the message is still answered, once', async () => {
    const { page } = await suite.openChat('/slow');
    await page.getByRole('button', { name: 'Ask a question' }).click();
    await suite.botReply(page, 0);
    const started = () => suite.n8n.workers.map((worker) => worker.log().match(/started execution/gi)?.length ?? 0);
    const before = started();
    await send(page, 'Show me the new arrivals');
    // The worker that took the message's execution is killed while its Wait node waits.
    await expect
      .poll(() => started().some((count, index) => count > (before[index] ?? 0)), { timeout: 30_000 })
      .toBe(true);
    const busy = started().findIndex((count, index) => count > (before[index] ?? 0));
    suite.n8n.workers[busy]?.kill();
    // The other worker takes the execution up again from its start. Had the killed worker passed the repeat
    // check, the messageId is in the shared database, and the answer is the workflow's short note instead
    // (docs/queue-mode.md): either way one reply, and no error.
    expect(await suite.botReply(page, 1)).toMatch(/new arrivals|I have answered this message already/);
    expect(await page.locator('store-assistant .message.bot').count()).toBe(2);
    expect(await page.locator('store-assistant').getByText('Oops').count()).toBe(0);
  });
});
