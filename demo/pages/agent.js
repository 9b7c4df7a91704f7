// The demo's agent page: lists the visitors waiting for a person (polled every second) and answers them
// through the takeover desk, which pushes each answer to the visitor's widget over its event stream.
// Each conversation shows whole, from the visitor's first message, its markdown rendered by
// desk-markdown.js, which escapes every message before it formats it.
import { deskMarkdown } from '/desk-markdown.js';

const queue = document.getElementById('queue');
const empty = document.getElementById('empty');
/** What the agent is typing, per conversation, kept across redraws. */
const drafts = new Map();

async function post(action, body) {
  await fetch(`/api/agent/${action}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  await refresh();
}

function element(tag, props = {}, children = []) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

/** Who wrote a line of the conversation, as the desk names them. */
const SPEAKERS = { visitor: 'Visitor', assistant: 'Assistant', agent: 'You', system: 'Desk' };

/** One line of the conversation: who wrote it, and its markdown as escaped, formatted HTML. */
function lineOf(line) {
  const body = element('div', { className: 'agent-line-text' });
  // Only deskMarkdown's output goes in as HTML: the message itself is escaped there before formatting.
  body.innerHTML = deskMarkdown(line.text);
  return element('li', { className: `from-${line.from}` }, [
    element('strong', { className: 'agent-speaker', textContent: SPEAKERS[line.from] ?? line.from }),
    body,
  ]);
}

function threadOf(entry) {
  return element('ol', { className: 'agent-thread' }, entry.thread.map(lineOf));
}

function replyForm(entry) {
  const input = element('input', {
    value: drafts.get(entry.sessionId) ?? '',
    placeholder: 'Your answer',
    ariaLabel: `Answer visitor ${entry.sessionId.slice(0, 8)}`,
  });
  input.dataset.session = entry.sessionId;
  let typingSent = 0;
  input.addEventListener('input', () => {
    drafts.set(entry.sessionId, input.value);
    if (Date.now() - typingSent > 3000) {
      typingSent = Date.now();
      void fetch('/api/agent/typing', { method: 'POST', body: JSON.stringify({ sessionId: entry.sessionId }) });
    }
  });
  const form = element('form', { className: 'agent-reply' }, [input, element('button', { textContent: 'Send' })]);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    drafts.delete(entry.sessionId);
    void post('send', { sessionId: entry.sessionId, text: input.value });
  });
  return form;
}

function card(entry) {
  const title = `Visitor ${entry.sessionId.slice(0, 8)} · ${entry.status}${entry.email ? ` · ${entry.email}` : ''}`;
  const actions = [];
  if (entry.status === 'waiting') {
    const join = element('button', { textContent: 'Join', className: 'agent-join' });
    join.addEventListener('click', () => void post('join', { sessionId: entry.sessionId }));
    // Out of hours: the visitor is told the team is away and offered the email form.
    const away = element('button', { textContent: "We're away", className: 'agent-away' });
    away.addEventListener('click', () => void post('away', { sessionId: entry.sessionId }));
    actions.push(join, away);
  }
  if (entry.status === 'joined') {
    const leave = element('button', { textContent: 'Hand back to the assistant', className: 'agent-leave' });
    leave.addEventListener('click', () => void post('leave', { sessionId: entry.sessionId }));
    actions.push(replyForm(entry), leave);
  }
  return element('li', { className: 'agent-card' }, [
    element('h2', { textContent: title }),
    threadOf(entry),
    ...actions,
  ]);
}

async function refresh() {
  const response = await fetch('/api/agent/queue');
  const entries = await response.json();
  const focused = document.activeElement?.dataset?.session;
  queue.replaceChildren(...entries.map(card));
  empty.hidden = entries.length > 0;
  if (focused) queue.querySelector(`input[data-session="${CSS.escape(focused)}"]`)?.focus();
}

void refresh();
setInterval(() => void refresh(), 1000);
