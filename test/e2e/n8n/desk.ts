import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { eventually } from '../../support/patience';

// The store's desk for a person's takeover through n8n (demo/n8n-chat-takeover-workflow.json): a
// loopback server receiving the workflow's HTTP Request with the execution's resume URL, and the
// person's answers POSTed to that URL.

/** n8n polls every 3 s: each step of a takeover takes up to a few seconds. */
export const STEP_TIMEOUT_MS = 45_000;

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
