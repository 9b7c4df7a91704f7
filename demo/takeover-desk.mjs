// The demo's takeover desk: visitors who ask for a person wait in a queue, and whoever runs the demo
// answers them from /agent. The widget hears the person over a Server-Sent Events stream
// (GET /api/events?sessionId=…, the widget's events-url), resumed with Last-Event-ID after a drop or a
// reload; the agent page reads the queue and acts through small JSON endpoints under /api/agent/.
// A visitor on n8n's chat comes instead from demo/n8n-chat-takeover-workflow.json, whose "Tell the desk"
// posts to /api/agent/n8n with the execution's resume URL: the person's words go back to n8n there.

/** Conversations handed to a person, by the widget's sessionId. */
const desk = new Map();
/** Seconds between heartbeat comments, so proxies keep an idle stream open. */
const HEARTBEAT_MS = 15_000;
const AGENT_NAME = 'Sam from Lumen';

function conversation(sessionId) {
  let entry = desk.get(sessionId);
  if (!entry) {
    entry = { sessionId, status: 'new', thread: [], events: [], streams: new Set(), email: null, since: Date.now() };
    desk.set(sessionId, entry);
  }
  return entry;
}

function frame(event) {
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/** Sends an event to the visitor's open streams, and keeps it for a stream that reconnects later. */
function push(entry, type, data) {
  const event = { id: `${entry.sessionId}:${entry.events.length + 1}`, type, data };
  entry.events.push(event);
  for (const stream of entry.streams) stream.write(frame(event));
}

/**
 * A message sent while the conversation is handed to a person (`context.handoff` set): the visitor joins
 * the queue, or their words go to the person. Returns the reply for the widget, or null when the
 * message is not for the desk.
 */
export function takeoverReply(body) {
  const handoff = body?.context?.handoff;
  const sessionId = typeof body?.sessionId === 'string' ? body.sessionId : '';
  if (!handoff || typeof handoff !== 'object' || !sessionId) return null;
  const entry = conversation(sessionId);
  if (handoff.status === 'cancelled') {
    entry.status = 'left';
    entry.thread.push({ from: 'system', text: 'The visitor stopped waiting.' });
    return { ok: true };
  }
  if (handoff.status === 'email') {
    entry.email = String(handoff.email ?? '');
    entry.thread.push({ from: 'system', text: `The visitor left ${entry.email} for a reply.` });
    return { ok: true };
  }
  return queueVisitor(sessionId, typeof body.message === 'string' ? body.message : '', body.history);
}

/** The longest message the desk keeps, as the widget sends at most. */
const MAX_LINE = 4000;
const CONNECTING = "I'm connecting you with our team: someone will be with you in a moment.";

/**
 * The conversation so far, from the request's `history` (what the visitor and the assistant said before
 * they asked for a person): the person reads it all, not only what follows the request.
 */
function earlierLines(history) {
  if (!Array.isArray(history)) return [];
  return history.flatMap((turn) =>
    turn && typeof turn.content === 'string' && turn.content.trim()
      ? [{ from: turn.role === 'user' ? 'visitor' : 'assistant', text: turn.content.slice(0, MAX_LINE) }]
      : [],
  );
}

/**
 * The visitor asked for a person (by the quick action, or in their own words): they join the queue with
 * the conversation so far, and the reply tells the widget a takeover is starting (`handoff: "connecting"`),
 * which opens its stream. Already with a person or in the queue, their words go to the person and the
 * widget shows no reply.
 */
export function queueVisitor(sessionId, message, history = []) {
  const entry = conversation(sessionId);
  const queued = entry.status === 'joined' || entry.status === 'waiting';
  // A new request for a person brings the whole conversation again, what the assistant said since included.
  if (!queued || entry.thread.length === 0) entry.thread = earlierLines(history);
  if (message) entry.thread.push({ from: 'visitor', text: message.slice(0, MAX_LINE) });
  if (queued) return {};
  entry.status = 'waiting';
  entry.since = Date.now();
  entry.thread.push({ from: 'assistant', text: CONNECTING });
  return { output: CONNECTING, handoff: { status: 'connecting' } };
}

/** GET /api/events: the visitor's stream, replaying what came after Last-Event-ID. */
function stream(request, response, url) {
  const sessionId = url.searchParams.get('sessionId') ?? '';
  const entry = conversation(sessionId);
  const lastId = request.headers['last-event-id'] ?? url.searchParams.get('lastEventId');
  response.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    'Access-Control-Allow-Origin': '*',
  });
  response.write(': connected\n\n');
  const from = lastId ? entry.events.findIndex((event) => event.id === lastId) + 1 : 0;
  for (const event of entry.events.slice(from)) response.write(frame(event));
  entry.streams.add(response);
  const heartbeat = setInterval(() => response.write(': heartbeat\n\n'), HEARTBEAT_MS);
  request.on('close', () => {
    clearInterval(heartbeat);
    entry.streams.delete(response);
  });
}

async function readBody(request) {
  const chunks = [];
  let size = 0;
  for await (const chunk of request) {
    size += chunk.length;
    if (size > 64 * 1024) throw new Error('request too large');
    chunks.push(chunk);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
}

/** How long one try to resume n8n's execution may take: n8n leaves a request unanswered while it is busy. */
const RESUME_TRY_MS = 5_000;
const RESUME_TRIES = 6;

/**
 * Resumes the n8n execution holding the visitor (its Wait node) with what the person did. n8n takes it
 * only while the execution waits there: just after it sent a message it answers 409 or not at all, so the
 * desk tries again.
 */
async function resumeN8n(entry, body) {
  for (let attempt = 1; attempt <= RESUME_TRIES; attempt += 1) {
    try {
      const response = await fetch(entry.resumeUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(RESUME_TRY_MS),
      });
      if (response.ok) return;
    } catch {
      // not answered in time: tried again
    }
    await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
  }
  entry.thread.push({ from: 'system', text: 'n8n did not take that: the execution is no longer waiting.' });
}

/** The person, as n8n's workflow shows them: the same name and picture as over the stream. */
const n8nPerson = (origin) => ({ name: AGENT_NAME, avatar: `${origin}/assets/images/agent.svg` });

/** POST /api/agent/n8n: the workflow tells the desk about a visitor, or passes on what they wrote. */
function fromN8n(body) {
  const sessionId = typeof body.sessionId === 'string' ? body.sessionId : '';
  if (!sessionId || typeof body.resumeUrl !== 'string' || !/^https?:\/\//.test(body.resumeUrl)) return false;
  const entry = conversation(sessionId);
  entry.resumeUrl = body.resumeUrl;
  if (typeof body.text === 'string' && body.text.trim()) entry.thread.push({ from: 'visitor', text: body.text.trim() });
  if (entry.status !== 'joined') {
    entry.status = 'waiting';
    entry.since = Date.now();
  }
  return true;
}

/** What the agent page does to a visitor held by n8n: each is a POST to the execution's resume URL. */
const N8N_ACTIONS = {
  join(entry) {
    entry.status = 'joined';
  },
  typing() {},
  send(entry, body, origin) {
    const text = String(body.text ?? '')
      .trim()
      .slice(0, 4000);
    if (!text) return;
    entry.thread.push({ from: 'agent', text });
    void resumeN8n(entry, { text, ...n8nPerson(origin) });
  },
  away(entry) {
    entry.status = 'left';
    entry.thread.push({ from: 'system', text: 'You told the visitor the team is away.' });
    void resumeN8n(entry, { handoff: 'left', text: 'Our team is away right now. The assistant is here to help.' });
  },
  leave(entry) {
    entry.status = 'left';
    entry.thread.push({ from: 'system', text: 'You handed the conversation back to the assistant.' });
    void resumeN8n(entry, { handoff: 'left' });
  },
};

/** What the agent page may do to a waiting or joined conversation. */
const AGENT_ACTIONS = {
  join(entry, _body, origin) {
    entry.status = 'joined';
    push(entry, 'handoff', {
      status: 'joined',
      agent: { name: AGENT_NAME, avatar: `${origin}/assets/images/agent.svg` },
    });
  },
  typing(entry) {
    push(entry, 'handoff', { status: 'typing' });
  },
  send(entry, body) {
    const text = String(body.text ?? '')
      .trim()
      .slice(0, 4000);
    if (!text) return;
    entry.thread.push({ from: 'agent', text });
    push(entry, 'message', { text });
  },
  /** Out of hours: nobody will answer, and the visitor is offered the email form. */
  away(entry) {
    entry.status = 'left';
    entry.thread.push({ from: 'system', text: 'You told the visitor the team is away.' });
    push(entry, 'handoff', { status: 'unavailable' });
  },
  leave(entry) {
    entry.status = 'left';
    entry.thread.push({ from: 'system', text: 'You handed the conversation back to the assistant.' });
    push(entry, 'handoff', { status: 'left' });
  },
};

function json(response, status, value) {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  response.end(JSON.stringify(value));
}

/** Handles /api/events and /api/agent/*; returns true when it answered. */
export async function handleTakeover(request, response, url) {
  if (url.pathname === '/api/events' && request.method === 'GET') {
    stream(request, response, url);
    return true;
  }
  if (url.pathname === '/api/agent/queue' && request.method === 'GET') {
    const queue = [...desk.values()]
      .filter((entry) => entry.status === 'waiting' || entry.status === 'joined' || entry.email)
      .map(({ sessionId, status, thread, email, since }) => ({ sessionId, status, thread, email, since }));
    json(response, 200, queue);
    return true;
  }
  const action = /^\/api\/agent\/(join|typing|send|away|leave|n8n)$/.exec(url.pathname)?.[1];
  if (!action || request.method !== 'POST') return false;
  let body;
  try {
    body = await readBody(request);
  } catch {
    json(response, 400, { error: 'the body must be JSON' });
    return true;
  }
  if (action === 'n8n') {
    const accepted = fromN8n(body);
    json(response, accepted ? 200 : 400, accepted ? { ok: true } : { error: 'sessionId and resumeUrl are needed' });
    return true;
  }
  const entry = desk.get(String(body.sessionId ?? ''));
  if (!entry) {
    json(response, 404, { error: 'no such conversation' });
    return true;
  }
  const actions = entry.resumeUrl ? N8N_ACTIONS : AGENT_ACTIONS;
  actions[action](entry, body, `http://${request.headers.host ?? '127.0.0.1'}`);
  json(response, 200, { ok: true });
  return true;
}
