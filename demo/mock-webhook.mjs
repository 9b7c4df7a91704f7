// The demo store's workflow webhook: answers POST /api/chat from catalogue.json in every reply shape
// the widget understands (plain text, {output}, n8n item arrays, nested output, messages, card, cards,
// products, a fenced json block and n8n's NDJSON stream), so each path can be seen on the demo page.
// Some replies offer next steps as suggestions (`suggestions`, `quickReplies`, nested under `output`),
// each one a message another rule answers, so a visitor can click through the demo.
// On a product page it answers "is this in stock?" and "add this one" from the `context.page.product`
// the widget sends, with cards that carry the cart's `variantId` and a cart action to confirm.
import { catalogue } from './store.mjs';
import { queueVisitor, takeoverReply } from './takeover-desk.mjs';
import { answerOrders } from './orders.mjs';

const { currency } = catalogue;

/** Milliseconds the mock "thinks" before answering, so the typing dots can be seen. DEMO_DELAY_MS overrides. */
const THINKING_MS = Number(process.env.DEMO_DELAY_MS ?? 500);
/** Sessions whose "fail once" message already failed: the retry of it succeeds. */
const failedOnce = new Set();

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function card(product, naming = 'title') {
  const fields = {
    description: product.description,
    price: product.price,
    currency,
    variantId: String(product.variantId),
    available: !product.soldOut,
  };
  return naming === 'title'
    ? { title: product.name, url: `/products/${product.id}`, image: `/assets/products/${product.id}.svg`, ...fields }
    : {
        name: product.name,
        productUrl: `/products/${product.id}`,
        imageUrl: `/assets/products/${product.id}.svg`,
        ...fields,
      };
}

function search(text) {
  const words = (text.toLowerCase().match(/[a-z]{4,}/g) ?? []).map((word) => word.replace(/e?s$/, ''));
  return catalogue.products.filter((product) => {
    const names = product.name.toLowerCase().split(/\s+/);
    return words.some(
      (word) => product.tags.some((tag) => tag === word || tag.startsWith(word)) || names.includes(word),
    );
  });
}

/** The catalogue product the visitor is looking at, from the page facts the widget sent (JSON-LD sku or name). */
function pageProduct(page) {
  const product = page && typeof page === 'object' ? page.product : null;
  if (!product || typeof product !== 'object') return null;
  return (
    catalogue.products.find((candidate) => candidate.id === product.sku || candidate.name === product.name) ?? null
  );
}

const NO_PAGE_PRODUCT = {
  json: {
    output: "Which product do you mean? Open a product page and ask me again, or tell me what you're looking for.",
  },
};

/**
 * A visitor asking for a person in their own words ("can I talk to someone?", "a real person please"):
 * a word that names one, or a way of reaching one ("talk to", "speak with") followed by who.
 */
export function asksForPerson(text) {
  return (
    /\b(humans?|agents?|real person|representative|operator)\b/i.test(text) ||
    /\b(talk|speak|chat|connect|put|transfer)\b.*\b(person|someone|somebody|people|staff|team)\b/i.test(text)
  );
}

/** Asked for in words or by the quick action, a person takes over: the desk queues the visitor. */
const PERSON_RULE = {
  name: 'a person (the takeover starts: handoff "connecting", then /agent answers)',
  match: (text) => asksForPerson(text),
  reply: ({ sessionId, message, history }) => ({ json: queueVisitor(sessionId, message, history) }),
};

/**
 * The widget's default quick actions arrive in the visitor's language with their id as `quickAction`
 * (docs/webhook.md): the id, not the label, says which question the demo answers, so "Śledź zamówienie"
 * gets the same answer as "Track my order".
 */
const QUICK_ACTION_QUESTIONS = {
  'new-course': 'New Course',
  'track-order': 'Track my order',
  'size-guide': 'Size guide',
  'contact-support': 'Contact support',
};

/** The question a request asks: its quick action's, when it is one, else the visitor's own words. */
function questionOf(body) {
  const quickAction = typeof body?.quickAction === 'string' ? body.quickAction : '';
  if (Object.hasOwn(QUICK_ACTION_QUESTIONS, quickAction)) return QUICK_ACTION_QUESTIONS[quickAction];
  return typeof body?.message === 'string' ? body.message : '';
}

/** Each rule: when `match` fits the visitor's message, `reply` builds the answer. */
const RULES = [
  PERSON_RULE,
  {
    name: 'fail once (500, then success on retry)',
    match: (text) => /fail once/i.test(text),
    reply: ({ sessionId }) => {
      if (!failedOnce.has(sessionId)) {
        failedOnce.add(sessionId);
        return {
          status: 500,
          type: 'text/html',
          body: '<!doctype html><html><body><h1>500 Internal Server Error</h1></body></html>',
        };
      }
      return { json: { output: 'Sorry about that hiccup: **it works now**. What else can I do for you?' } };
    },
  },
  {
    name: 'always fails (500)',
    match: (text) => /always fail|server error/i.test(text),
    reply: () => ({
      status: 500,
      type: 'text/html',
      body: '<!doctype html><html><body>Internal Server Error</body></html>',
    }),
  },
  {
    name: 'is this in stock? (the product on the page, from context.page)',
    match: (text) => /\b(in stock|available|sold out)\b/i.test(text),
    reply: ({ page }) => {
      const product = pageProduct(page);
      if (!product) return NO_PAGE_PRODUCT;
      const output = product.soldOut
        ? `Sorry, the **${product.name}** is sold out at the moment.`
        : `Yes! The **${product.name}** is in stock ($${product.price}). You can add it to your cart right here:`;
      return { json: { output, products: [card(product)] } };
    },
  },
  {
    name: 'add this one (a cart action the visitor confirms)',
    match: (text) => /\b(add|buy|take)\b.*\b(this|it|one|cart|basket)\b/i.test(text),
    reply: ({ page, message }) => {
      const product = pageProduct(page);
      if (!product) return NO_PAGE_PRODUCT;
      if (product.soldOut)
        return {
          json: { output: `Sorry, the **${product.name}** is sold out, so I can't add it.`, products: [card(product)] },
        };
      const quantity = Math.min(10, Math.max(1, Number(/\b(\d{1,2})\b/.exec(message)?.[1] ?? 1)));
      const action = { type: 'add-to-cart', variantId: String(product.variantId), quantity, title: product.name };
      return {
        json: {
          output: `Shall I add **${quantity} × ${product.name}** to your cart?`,
          products: [card(product)],
          actions: [action],
        },
      };
    },
  },
  {
    name: 'an attached image (cards, `name` naming)',
    match: (text) => text.includes('](data:image/'),
    reply: () => ({
      json: {
        reply: 'Nice photo! Here are a few things in a similar style:',
        cards: catalogue.products.slice(4, 7).map((p) => card(p, 'name')),
      },
    }),
  },
  {
    name: 'new arrivals (cards)',
    match: (text) => /new arrival|what'?s new|latest/i.test(text),
    reply: () => ({
      json: {
        reply: 'Fresh in this week! Here are our **new arrivals**:',
        cards: catalogue.products
          .filter((p) => p.newArrival)
          .slice(0, 6)
          .map((p) => card(p)),
      },
    }),
  },
  {
    name: 'courses (nested output with products and suggestions)',
    match: (text) => /course|class|learn|new course/i.test(text),
    reply: () => ({
      json: {
        output: {
          reply: 'Our most popular **online courses** (lifetime access, certificate included):',
          products: catalogue.products.filter((p) => p.category === 'course').map((p) => card(p, 'name')),
          suggestions: ['New arrivals', 'Gift ideas'],
        },
      },
    }),
  },
  {
    name: 'order tracking ({output} with suggestions)',
    match: (text) => /track|order|parcel|delivery|shipping/i.test(text),
    reply: () => ({
      json: {
        output:
          'To track an order:\n\n1. Open the **confirmation email** we sent you.\n2. Click *Track my parcel*.\n3. Or tell me your order number (it starts with `LM-`).\n\nOrders ship within 24 hours.',
        suggestions: ['Start a return', 'Size guide', 'Talk to a person'],
      },
    }),
  },
  {
    name: 'size guide (n8n item array with a table and quickReplies)',
    match: (text) => /size/i.test(text),
    reply: () => ({
      json: [
        {
          output:
            '| Size | Chest (cm) | Length (cm) |\n|---|---|---|\n| S | 96 | 70 |\n| M | 104 | 72 |\n| L | 112 | 74 |\n| XL | 120 | 76 |\n\nBetween two sizes? Take the larger one for a relaxed fit.',
          quickReplies: ['Track my order', 'Returns'],
        },
      ],
    }),
  },
  {
    name: 'contact details (messages list)',
    match: (text) => /support|contact|person/i.test(text),
    reply: () => ({
      json: {
        messages: [
          { role: 'assistant', content: "I'll connect you with our support team." },
          {
            role: 'assistant',
            content: 'Email **help@lumen.shop** or call [+1 555 0100](tel:+15550100), Monday to Friday, 9–17.',
          },
        ],
      },
    }),
  },
  {
    name: 'a fenced json block inside text',
    match: (text) => /gift|present/i.test(text),
    reply: () => ({
      type: 'text/plain',
      body:
        'Gift ideas under $50:\n```json\n' +
        JSON.stringify({
          products: catalogue.products
            .filter((p) => p.price < 50)
            .slice(0, 4)
            .map((p) => card(p)),
        }) +
        '\n```',
    }),
  },
  {
    name: 'a JSON string holding JSON',
    match: (text) => /return|refund/i.test(text),
    reply: () => ({
      type: 'application/json',
      body: JSON.stringify(
        JSON.stringify({
          output: 'Returns are **free within 30 days**. Start one from your account page and print the label.',
        }),
      ),
    }),
  },
  {
    name: 'greeting (plain text)',
    match: (text) => /^(hi|hello|hey|good (morning|afternoon|evening))\b/i.test(text.trim()),
    reply: () => ({
      type: 'text/plain',
      body: 'Hello! I can help you **find products**, check an **order** or explain our **courses**. What are you looking for?',
    }),
  },
  {
    name: 'product search (reply with products)',
    match: (text) => search(text).length > 0,
    reply: ({ message }) => ({
      json: {
        reply: 'Here is what I found:',
        products: search(message)
          .slice(0, 6)
          .map((p) => card(p)),
      },
    }),
  },
  {
    name: 'anything else (an n8n NDJSON stream)',
    match: () => true,
    stream: true,
    reply: ({ message }) => ({
      pieces: [
        'Good question! ',
        `You asked about "${message.slice(0, 60).replace(/[*_`[\]]/g, '')}". `,
        'I am the **demo** assistant, so my knowledge is limited, ',
        'but I can show you *new arrivals*, our **courses**, ',
        'help you track an order or find a size. ',
        'Try asking for a tote bag or a hoodie.',
      ],
    }),
  },
];

async function readJson(request, limit = 10 * 1024 * 1024) {
  let size = 0;
  const chunks = [];
  for await (const chunk of request) {
    size += chunk.length;
    if (size > limit) throw new Error('request too large');
    chunks.push(chunk);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type',
};

/** Handles /api/chat; returns true when it answered. */
export async function handleChat(request, response, url) {
  if (url.pathname !== '/api/chat') return false;
  if (request.method === 'OPTIONS') {
    response.writeHead(204, CORS).end();
    return true;
  }
  if (request.method !== 'POST') {
    response.writeHead(405, { Allow: 'POST, OPTIONS', ...CORS }).end();
    return true;
  }
  let body;
  try {
    body = await readJson(request);
  } catch {
    response
      .writeHead(400, { 'Content-Type': 'application/json', ...CORS })
      .end(JSON.stringify({ error: 'the body must be JSON' }));
    return true;
  }
  const messageId = typeof body?.messageId === 'string' && body.messageId.length <= 200 ? body.messageId : '';
  if (!messageId) return answerChat(body, response);
  return answerOnce(messageId, response, () => answerChat(body, response));
}

/** Messages answered lately, by `messageId`: at most this many are remembered, the oldest forgotten first. */
const REMEMBERED_ANSWERS = 1000;
/** The answer given (or being given) to each message lately answered: its status, headers and body; null if it failed. */
const answers = new Map();

/**
 * Answers the message `messageId` once. A repeat of it (the widget sending again after the answer was
 * lost on the way, or another tab's Retry) gets the same answer again, written as it was, and nothing
 * the first did is done again: no second cart action, no second call for a person, no second "fail
 * once". A repeat that arrives while the first is still being answered waits for that answer. A failed
 * answer (4xx, 5xx) is not remembered: the message is answered anew when it comes again.
 */
async function answerOnce(messageId, response, answer) {
  const earlier = answers.get(messageId);
  const recorded = earlier ? await earlier : null;
  if (recorded) {
    response.writeHead(recorded.status, recorded.headers);
    response.end(recorded.body);
    return true;
  }
  let settle = () => undefined;
  answers.set(messageId, new Promise((resolve) => (settle = resolve)));
  while (answers.size > REMEMBERED_ANSWERS) answers.delete(answers.keys().next().value);
  const recording = recordAnswer(response);
  try {
    return await answer();
  } finally {
    const given = recording();
    if (!given) answers.delete(messageId);
    settle(given);
  }
}

/** Records what is written to `response`; the returned function gives it, or null for a failed answer. */
function recordAnswer(response) {
  const { writeHead, write, end } = response;
  let head = null;
  const chunks = [];
  response.writeHead = (status, headers) => {
    head = { status, headers };
    return writeHead.call(response, status, headers);
  };
  response.write = (chunk, ...rest) => {
    chunks.push(String(chunk));
    return write.call(response, chunk, ...rest);
  };
  response.end = (chunk, ...rest) => {
    if (chunk !== undefined && typeof chunk !== 'function') chunks.push(String(chunk));
    return end.call(response, chunk, ...rest);
  };
  return () => (head && head.status < 400 ? { ...head, body: chunks.join('') } : null);
}

/** The answer to a visitor's message (or an invitation's request for questions). */
async function answerChat(body, response) {
  // Handed to a person (the visitor asked for one): the desk answers, and /agent takes it from there.
  const takeover = takeoverReply(body);
  if (takeover) {
    response.writeHead(200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      ...CORS,
    });
    response.end(JSON.stringify(takeover));
    return true;
  }
  // A product page asking for questions to invite the visitor with (when the page lists none of its own).
  if (body?.action === 'suggest') {
    const product = pageProduct(body?.context?.page ?? null);
    response.writeHead(200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      ...CORS,
    });
    response.end(
      JSON.stringify({
        suggestions: product ? [`Is the ${product.name} in stock?`, `Please add the ${product.name} to my cart`] : [],
      }),
    );
    return true;
  }
  const message = questionOf(body);
  const context = {
    message,
    history: Array.isArray(body?.history) ? body.history : [],
    sessionId: String(body?.sessionId ?? ''),
    page: body?.context?.page ?? null,
    customer: body?.context?.customer ?? null,
    orderLookup: body?.context?.orderLookup ?? null,
  };
  // Order questions first: the signature is checked before anything of the shopper's is told.
  // Asking for a person wins over everything else the message mentions (an order, a product).
  const orders = PERSON_RULE.match(message) ? null : answerOrders(message, context);
  const rule = orders ? { stream: false } : RULES.find((candidate) => candidate.match(message, context));
  const answer = orders ?? rule.reply(context);
  await sleep(THINKING_MS);
  if (rule.stream) {
    response.writeHead(200, {
      'Content-Type': 'application/x-ndjson; charset=utf-8',
      'Cache-Control': 'no-store',
      ...CORS,
    });
    response.write(`${JSON.stringify({ type: 'begin', metadata: { nodeName: 'Demo agent' } })}\n`);
    for (const content of answer.pieces) {
      await sleep(120);
      response.write(`${JSON.stringify({ type: 'item', content, metadata: { nodeName: 'Demo agent' } })}\n`);
    }
    response.end(`${JSON.stringify({ type: 'end', metadata: { nodeName: 'Demo agent' } })}\n`);
    return true;
  }
  if (answer.json !== undefined) {
    response.writeHead(answer.status ?? 200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      ...CORS,
    });
    response.end(JSON.stringify(answer.json));
    return true;
  }
  response.writeHead(answer.status ?? 200, {
    'Content-Type': `${answer.type}; charset=utf-8`,
    'Cache-Control': 'no-store',
    ...CORS,
  });
  response.end(answer.body);
  return true;
}

function escapeXml(text) {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A square product picture drawn as SVG from the catalogue's colours and initials. */
export function productImage(id) {
  const product = catalogue.products.find((candidate) => candidate.id === id);
  if (!product) return null;
  const [from, to] = product.colors;
  const initials = product.name
    .split(/\s+/)
    .filter((word) => /^[A-Z]/.test(word))
    .slice(0, 2)
    .map((word) => word[0])
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="400" height="400" fill="url(#g)"/><circle cx="330" cy="70" r="110" fill="#fff" fill-opacity=".12"/><text x="200" y="240" text-anchor="middle" font-family="Arial, sans-serif" font-size="130" font-weight="700" fill="#fff" fill-opacity=".92">${escapeXml(initials)}</text><text x="200" y="320" text-anchor="middle" font-family="Arial, sans-serif" font-size="26" fill="#fff">${escapeXml(product.category)}</text></svg>`;
}

/** The reply rules by name, for the README and the tests. */
export const RULE_NAMES = RULES.map((rule) => rule.name);
