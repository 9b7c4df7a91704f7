import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { englishStrings as en } from '../../../src/i18n/strings';
import { eventually } from '../../support/patience';
import { send, type N8nSuite } from './suite';

// The store's desk for a person's takeover through n8n (demo/n8n-chat-takeover-workflow.json): a
// loopback server receiving the workflow's HTTP Request with the execution's resume URL, and the
// person's answers POSTed to that URL. And the visitor's steps that every takeover suite shares, this
// one's and the Telegram, Slack and Chatwoot desks' alike.

/** n8n polls a waiting execution every 3 s: each step of a takeover takes up to a few seconds. */
export const STEP_TIMEOUT_MS = 45_000;

/** The messages the store's person wrote, on the visitor's page. */
export const personsMessages = (page: Page) => page.locator('store-assistant .message.from-agent');

/** A visitor opens the chat at `path` (`setup` runs before the page loads) and asks for a person. */
export async function visitorAsksForPerson(
  openChat: N8nSuite['openChat'],
  path: string,
  setup?: (page: Page) => Promise<void>,
) {
  const { page, pageErrors } = await openChat(path, setup);
  const widget = page.locator('store-assistant');
  await widget.getByRole('button', { name: en.talkToHuman }).click();
  return { page, pageErrors, widget };
}

/** The visitor leaves `address` in the form the widget offers when nobody can answer, and sees it sent. */
export async function leaveEmail(widget: Locator, address: string): Promise<void> {
  await widget.getByRole('textbox', { name: en.handoffEmailLabel }).fill(address);
  await widget.locator('.takeover-email').getByRole('button', { name: en.handoffEmailSend }).click();
  await widget.getByText(en.handoffEmailSent).waitFor({ timeout: STEP_TIMEOUT_MS });
}

/** Handed back, the visitor asks about linen shirts and the store's assistant answers again. */
export async function assistantAnswersAgain({ page, widget }: { page: Page; widget: Locator }): Promise<void> {
  await send(page, 'Do you have linen shirts?');
  await widget.locator('.message.bot', { hasText: 'Here is our Linen Shirt' }).waitFor({ timeout: STEP_TIMEOUT_MS });
}

/** What the workflow's **Tell the desk** node posts. */
interface DeskPost {
  sessionId: string;
  executionId: string;
  resumeUrl: string;
  from: string;
  text: string;
}

/** The store's desk: every POST the workflow makes, handed to the test as it arrives. */
export function startDesk() {
  const posts: DeskPost[] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      posts.push(JSON.parse(body) as DeskPost);
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
      for (const waiter of waiting.filter((entry) => posts.length >= entry.count)) waiter.resolve();
    });
  });
  return {
    posts,
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/desk`)),
      ),
    /** The `count`-th post (1-based), once it has come. */
    async post(count: number): Promise<DeskPost> {
      if (posts.length < count) await new Promise<void>((resolve) => waiting.push({ count, resolve }));
      return posts[count - 1]!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The person at the desk answers, as the store's team would: a POST to the execution's resume URL. n8n
 * takes it only while the execution waits on its Wait node: just after a Respond to Chat message it may
 * still be running (409) or waiting on that node (n8n then leaves the request unanswered), so the desk
 * tries again, as a real one would.
 */
export async function personSays(resumeUrl: string, body: Record<string, string>): Promise<void> {
  await eventually(async () => {
    const response = await fetch(resumeUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(5_000),
    });
    expect(response.status).toBe(200);
  }, STEP_TIMEOUT_MS);
}
