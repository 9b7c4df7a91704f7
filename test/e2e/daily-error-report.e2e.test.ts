import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSession, type E2eSession } from './harness';

// The build leaves out of daily-js the Sentry integrations daily-js itself filters out before reporting
// (build/slim-daily.mjs). A call that fails must still be reported to Daily exactly as daily-js does
// unchanged: this intercepts the report (nothing leaves the machine) and checks what it carries.

let session: E2eSession;
let api: Server;
let apiUrl = '';

beforeAll(async () => {
  session = await startSession(['--use-fake-device-for-media-stream']);
  // A loopback stand-in for the Vapi API that also serves the page (see voice.e2e.test.ts for why).
  api = createServer((request, response) => {
    if (request.method === 'GET') {
      response.writeHead(200, { 'Content-Type': 'text/html' });
      return void response.end(`<!doctype html><script src="${session.server.url}/store-assistant.js"></script>
        <store-assistant webhook-url="${session.server.url}/api/chat" vapi-public-key="pk_e2e" vapi-assistant-id="asst_e2e" vapi-api-url="${apiUrl}"></store-assistant>`);
    }
    const cors = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': 'Authorization, Content-Type', 'Access-Control-Allow-Methods': 'POST, OPTIONS' };
    if (request.method === 'OPTIONS') return void response.writeHead(204, cors).end();
    response.writeHead(201, { 'Content-Type': 'application/json', ...cors });
    response.end(JSON.stringify({ id: 'call_e2e', webCallUrl: 'https://vapi-e2e.daily.co/room-offline', assistant: {} }));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const address = api.address();
  apiUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  await session?.close();
  await new Promise((resolve) => api?.close(resolve));
});

describe("daily-js's error report, built without the integrations it filters out", () => {
  it('a call that cannot load is reported once, with the integrations daily-js keeps', async () => {
    const { page, context, pageErrors } = await session.newPage({ permissions: ['microphone'] });
    const reports: string[] = [];
    await context.route(/^https:\/\/c\.daily\.co\//, (route) => route.abort());
    await context.route(/^https:\/\/[^/]+\.ingest\.sentry\.io\//, async (route) => {
      reports.push(route.request().postData() ?? '');
      await route.fulfill({ status: 200, contentType: 'application/json', body: '{}' });
    });
    await page.goto(`${apiUrl}/page`);
    await page.getByRole('button', { name: 'Start a live call' }).click();
    await page.getByText('The call could not be connected.').waitFor({ timeout: 30_000 });
    await expect.poll(() => reports.length, { timeout: 10_000 }).toBe(1);
    const event = JSON.parse(reports[0]?.split('\n')[2] ?? '{}') as {
      exception: { values: { value: string }[] };
      sdk: { integrations: string[] };
      tags: Record<string, string>;
    };
    expect(event.exception.values[0]?.value).toBe('Failed to load call object bundle.');
    expect(event.tags).toMatchObject({ fatalErrorType: 'connection-error', callMode: 'custom' });
    expect(event.sdk.integrations).toEqual(['InboundFilters', 'FunctionToString', 'LinkedErrors', 'Dedupe', 'HttpContext', 'BrowserSession']);
    expect(pageErrors).toEqual([]);
  });
});
