import { createServer, type IncomingMessage } from 'node:http';

/** A request the loopback Vapi API received. */
export interface VapiRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  body: unknown;
}

async function jsonBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as unknown) : null;
}

/** The path of the loopback's Live Call Control URL for its one call. */
export const CONTROL_PATH = '/call_e2e/control';

/**
 * A loopback stand-in for the Vapi API: it answers POST /call/web like the real one (the Daily room it
 * names cannot be joined offline), with the call's Live Call Control URL (`monitor.controlUrl`, which
 * Vapi sets while the assistant's `monitorPlan.controlEnabled` is on, its default; a POST of a control
 * message such as `{"type":"end-call"}` to it acts on the running call: docs.vapi.ai/calls/call-features
 * and `MonitorPlan` in `@vapi-ai/web`'s dist/api.d.ts), and records every request. It also serves the test pages (`page()`):
 * a page Chromium received from a real loopback server may call loopback APIs, while one fulfilled by
 * the test runner counts as public and would be refused by Private Network Access.
 */
export async function startVapiLoopback() {
  const pages = new Map<string, string>();
  const requests: VapiRequest[] = [];
  const server = createServer(async (request, response) => {
    if (request.method === 'GET' && pages.has(request.url ?? '')) {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      return void response.end(pages.get(request.url ?? ''));
    }
    const cors = {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Headers': 'Authorization, Content-Type',
      'Access-Control-Allow-Methods': 'POST, OPTIONS',
    };
    if (request.method === 'OPTIONS') return void response.writeHead(204, cors).end();
    requests.push({
      method: request.method ?? '',
      url: request.url ?? '',
      authorization: request.headers.authorization,
      body: await jsonBody(request),
    });
    if (request.url === CONTROL_PATH) {
      response.writeHead(200, { 'Content-Type': 'application/json', ...cors });
      return void response.end('{}');
    }
    response.writeHead(201, { 'Content-Type': 'application/json', ...cors });
    response.end(
      JSON.stringify({
        id: 'call_e2e',
        webCallUrl: 'https://vapi-e2e.daily.co/room-offline',
        assistant: { voice: { provider: '11labs' } },
        monitor: { controlUrl: `${url}${CONTROL_PATH}` },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url,
    requests,
    /** The POSTs to /call/web so far. */
    calls: () => requests.filter((request) => request.method === 'POST' && request.url === '/call/web'),
    /** The control messages POSTed to the call's Live Call Control URL so far. */
    controls: () => requests.filter((request) => request.method === 'POST' && request.url === CONTROL_PATH),
    /** Serves `html` at `path` (starting with /page); returns the full URL. */
    page(path: string, html: string): string {
      pages.set(path, html);
      return `${url}${path}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Where daily-js (as Vapi's web SDK starts it, with `avoidEval`) loads its call machine from. */
export const DAILY_CALL_MACHINE_URL = /^https:\/\/c\.daily\.co\/call-machine\//;

/** What FAKE_CALL_MACHINE exposes to a test as `window.fakeCallMachine`. */
export interface FakeCallMachine {
  joined: string | null;
  /** The room the last `join-meeting` asked for (daily-js's `join({ url })`, in the message's `properties`). */
  joinedUrl: string | null;
  received: unknown[];
  deliver(message: unknown): void;
}
declare global {
  interface Window {
    fakeCallMachine?: FakeCallMachine;
  }
}

/**
 * A stand-in for Daily's call machine, the script daily-js loads to run a call. It speaks daily-js's
 * side of the window-message protocol the real one speaks (`iframe-call-message`, from `embedded`),
 * with no media and no network: `join-meeting` is answered with `joined-meeting`, then the assistant's
 * `listening` app message (the Vapi SDK's `call-start`); `leave-meeting` with `left-meeting`. What the
 * page sends to the assistant (`app-msg`) is kept in `window.fakeCallMachine.received`, and
 * `window.fakeCallMachine.deliver(message)` plays one message of the assistant (a `tool-calls` message,
 * a transcript) as Vapi's server sends it, through daily-js and the real SDK. Loading it again (each call
 * creates a new call object, which loads it again) keeps one listener and one record.
 */
export const FAKE_CALL_MACHINE = `(() => {
  const WHAT = 'iframe-call-message';
  const post = (callClientId, message) =>
    window.postMessage({ ...message, what: WHAT, from: 'embedded', callClientId }, '*');
  const daily = window._daily || { pendings: [], instances: {} };
  const noStore = { getState: () => ({ local: { public: {}, streams: {} }, streams: {} }) };
  for (const id of daily.pendings || []) {
    const instance = daily.instances[id];
    if (instance && !instance.callMachine) instance.callMachine = { reset() {}, store: noStore };
  }
  if (window.fakeCallMachine) {
    for (const id of daily.pendings || []) post(id, { action: 'call-machine-initialized' });
    return;
  }
  const machine = (window.fakeCallMachine = {
    joined: null,
    joinedUrl: null,
    received: [],
    deliver(message) {
      if (!machine.joined) throw new Error('no call has joined the fake call machine');
      const data = typeof message === 'string' ? message : JSON.stringify(message);
      post(machine.joined, { action: 'app-message', data, fromId: 'vapi-speaker' });
    },
  });
  window.addEventListener('message', (event) => {
    const message = event.data;
    if (!message || message.what !== WHAT || message.from !== 'module') return;
    const id = message.callClientId;
    if (message.action === 'join-meeting') {
      machine.joined = id;
      machine.joinedUrl = (message.properties && message.properties.url) || null;
      post(id, { action: 'joined-meeting', participants: {}, callbackStamp: message.callbackStamp });
      post(id, { action: 'app-message', data: 'listening', fromId: 'vapi-speaker' });
    } else if (message.action === 'app-msg') {
      let data = message.data;
      try {
        data = JSON.parse(message.data);
      } catch {}
      machine.received.push(data);
    } else if (message.action === 'leave-meeting') {
      if (machine.joined === id) machine.joined = null;
      post(id, { action: 'left-meeting' });
    }
  });
  for (const id of daily.pendings || []) post(id, { action: 'call-machine-initialized' });
})();`;
