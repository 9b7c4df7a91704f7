import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSession, type E2eSession } from './harness';

// The build empties daily-js's error report to Daily's telemetry service (build/patches/slim-daily.mjs): a call
// that fails shows its notice on the store's page and sends nothing to a third party. This records every
// request the page makes outside the loopback servers (none leaves the machine: they are aborted).

let session: E2eSession;
let api: Server;
let apiUrl = '';

beforeAll(async () => {
  session = await startSession(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']);
  // A loopback stand-in for the Vapi API that also serves the page (see voice.e2e.test.ts for why).
  api = createServer((request, response) => {
    if (request.method === 'GET') {
      response.writeHead(200, { 'Content-Type': 'text/html' });
      return void response.end(`<!doctype html><script src="${session.server.url}/store-assistant.js"></script>
        <store-assistant webhook-url="${session.server.url}/api/chat" vapi-public-key="pk_e2e" vapi-assistant-id="asst_e2e" vapi-api-url="${apiUrl}"></store-assistant>`);
    }
    const cors = {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Headers': 'Authorization, Content-Type',
      'Access-Control-Allow-Methods': 'POST, OPTIONS',
    };
    if (request.method === 'OPTIONS') return void response.writeHead(204, cors).end();
    response.writeHead(201, { 'Content-Type': 'application/json', ...cors });
    response.end(
      JSON.stringify({ id: 'call_e2e', webCallUrl: 'https://vapi-e2e.daily.co/room-offline', assistant: {} }),
    );
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const address = api.address();
  apiUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  await session?.close();
  await new Promise((resolve) => api?.close(resolve));
});

describe("daily-js's error report", () => {
  it('a call that cannot load shows its notice and sends no error report anywhere', async () => {
    const { page, context, pageErrors } = await session.newPage({ permissions: ['microphone'] });
    const outside: string[] = [];
    await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, async (route) => {
      outside.push(route.request().url());
      await route.abort();
    });
    await page.goto(`${apiUrl}/page`);
    await page.getByRole('button', { name: 'Start a live call' }).click();
    await page.getByText('The call could not be connected.').waitFor({ timeout: 30_000 });
    // daily-js tried to load its call machine (the failure itself), and reported it to no one.
    // eslint-disable-next-line no-restricted-syntax -- a report would leave after the failure: give it the time
    await page.waitForTimeout(2_000);
    expect(outside.some((url) => url.startsWith('https://c.daily.co/'))).toBe(true);
    expect(outside.filter((url) => !url.startsWith('https://c.daily.co/'))).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
