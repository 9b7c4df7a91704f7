import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContextOptions, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { he } from '../../src/i18n/languages/he';
import { englishStrings as en } from '../../src/i18n/strings';
import { eventually } from '../support/patience';
import { axeViolations } from './axe';
import { afterFrames, startSession, type E2eSession } from './harness';

// The takeover as a visitor lives it, against the demo server: the visitor's side in Chromium, the
// person's side through the desk's own HTTP API (the one the /agent page uses).

const AGENT = 'Sam from Lumen';

/** The Arabic texts the right-to-left look reads, as the widget's Arabic table has them. */
const ARABIC = {
  openChat: 'افتح المحادثة مع {brandName}',
  talkToHuman: 'تحدّث إلى موظف',
  handoffConnecting: 'جارٍ توصيلك بأحد الموظفين…',
  handoffChattingWith: 'أنت تتحدث مع {name}',
  handoffVoiceOff: 'المكالمات متوقفة أثناء محادثتك مع أحد الموظفين.',
};

let session: E2eSession;
beforeAll(async () => {
  session = await startSession();
});
afterAll(async () => {
  await session?.close();
});

const phone: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const desktop: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };

interface DeskEntry {
  sessionId: string;
  status: string;
  thread: { from: string; text: string }[];
  email: string | null;
}

/** The person's side: the desk's queue and what /agent does to a conversation. */
const desk = {
  async queue(): Promise<DeskEntry[]> {
    return (await (await fetch(`${session.server.url}/api/agent/queue`)).json()) as DeskEntry[];
  },
  async entry(sessionId: string): Promise<DeskEntry | undefined> {
    return (await desk.queue()).find((entry) => entry.sessionId === sessionId);
  },
  async act(action: 'join' | 'typing' | 'send' | 'leave' | 'away', sessionId: string, text?: string) {
    // The visitor's request has been sent, not necessarily handled: a person joins a conversation once the
    // desk has it in its queue (the widget shows "connecting" as soon as it is asked, before that).
    if (action === 'join') await expect.poll(() => desk.entry(sessionId)).toBeDefined();
    const response = await fetch(`${session.server.url}/api/agent/${action}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ sessionId, text }),
    });
    expect(response.status).toBe(200);
  },
};

/** The `context.handoff` a request to the demo webhook carried, if any. */
const handoffOf = (request: Request): { status?: string; email?: string } | null => {
  if (!request.url().endsWith('/api/chat') || request.method() !== 'POST') return null;
  const body = request.postDataJSON() as { context?: { handoff?: { status?: string; email?: string } } } | null;
  return body?.context?.handoff ?? null;
};

/** Runs `act` and returns the conversation id of the first message it sends to the webhook. */
async function sessionIdOf(page: Page, act: () => Promise<void>): Promise<string> {
  const [request] = await Promise.all([
    page.waitForRequest((candidate) => candidate.url().endsWith('/api/chat') && candidate.method() === 'POST'),
    act(),
  ]);
  return (request.postDataJSON() as { sessionId: string }).sessionId;
}

/** A phone's visitor taps "talk to a person" on the demo store; resolves once the widget shows it is connecting. */
async function personAskedForOnPhone() {
  const { page } = await session.newPage(phone);
  await page.goto(`${session.server.url}/`);
  const widget = page.locator('store-assistant');
  const sessionId = await sessionIdOf(page, () => widget.getByRole('button', { name: en.talkToHuman }).tap());
  await widget.getByText(en.handoffConnecting).waitFor();
  return { page, widget, sessionId };
}

async function send(page: Page, text: string) {
  const box = page.locator('store-assistant').getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
}

/** A page on the demo server's origin (so /api/chat and /api/events are its own) with the widget as given. */
async function widgetPage(options: BrowserContextOptions, attributes: string, html = '<html lang="en">') {
  const opened = await session.newPage(options);
  const path = `/takeover-${Math.random().toString(36).slice(2)}`;
  await opened.page.route(`${session.server.url}${path}`, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html>${html}<head><meta charset="utf-8"><title>Lumen</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><script src="/store-assistant.js"></script></head>
<body><main><h1>Lumen</h1><p>Bags, hats and shirts.</p>
<store-assistant webhook-url="/api/chat" events-url="/api/events" brand-name="Lumen" logo-url="/assets/images/logo.svg"
 voice-provider="demo" typing-speed="0" ${attributes}></store-assistant></main></body></html>`,
    }),
  );
  await opened.page.goto(`${session.server.url}${path}`);
  return opened;
}

describe('a person takes over, on the demo page', () => {
  it('asked for in words: connecting, the person joins and answers under their name, and reads the reply', async () => {
    const { page, pageErrors } = await session.newPage(desktop);
    await page.goto(`${session.server.url}/`);
    const widget = page.locator('store-assistant');
    await widget.getByRole('button', { name: en.startLiveCall }).waitFor();
    await widget.getByRole('button', { name: 'Ask a question' }).click();
    await widget.getByRole('button', { name: 'Start call' }).waitFor();
    const sessionId = await sessionIdOf(page, () => send(page, 'Can I talk to a real person, please?'));

    // Waiting: the bar says so with Cancel, and the call button explains why it is gone.
    await widget.getByText(en.handoffConnecting).waitFor();
    await widget.getByRole('button', { name: en.handoffCancel }).waitFor();
    await widget.getByText(en.handoffVoiceOff).waitFor();
    expect(await widget.getByRole('button', { name: 'Start call' }).count()).toBe(0);
    await eventually(async () => expect((await desk.entry(sessionId))?.status).toBe('waiting'));

    await desk.act('join', sessionId);
    const header = widget.locator('.chat-header');
    await header.getByRole('heading', { name: 'Sam', exact: true }).waitFor();
    await header.getByText(en.handoffPerson).waitFor();
    await widget.getByText(`You're chatting with ${AGENT}`).waitFor();
    // Joining is a line of the conversation, not only the header's change.
    await widget.locator('.messages .system-line', { hasText: `${AGENT} joined the conversation.` }).waitFor();
    await widget.getByRole('button', { name: en.handoffEnd }).waitFor();
    await desk.act('typing', sessionId);
    await widget.locator('.person-typing').getByText(`${AGENT} is typing…`).waitFor();

    // Pushed down the stream already open: the page asks nothing to get it (no polling to wait for).
    const asked: string[] = [];
    const onRequest = (request: Request) => asked.push(request.url());
    page.on('request', onRequest);
    await desk.act('send', sessionId, "Hi, I'm Sam. How can I help?");
    const fromAgent = widget.locator('.message.from-agent', { hasText: "Hi, I'm Sam." });
    await fromAgent.waitFor();
    page.off('request', onRequest);
    expect(asked.filter((url) => !/\/assets\//.test(url))).toEqual([]);
    expect(await fromAgent.locator('.agent-name').textContent()).toBe(AGENT);
    await expect
      .poll(() =>
        fromAgent
          .locator('img.agent-avatar')
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.src),
      )
      .toMatch(/\/assets\/images\/agent\.svg$/);
    // The assistant's own message ("I'm connecting you…") carries no person's name.
    const assistant = widget.locator('.message.bot', { hasText: "I'm connecting you with our team" });
    expect(await assistant.locator('.agent-byline').count()).toBe(0);
    expect(await assistant.locator('.sr-only').first().textContent()).toContain(en.assistant);
    expect(await header.getByText(en.handoffPerson).count()).toBe(1);
    // Rated like the assistant's answers: the person's message, and the message that connected the visitor.
    // (Once each message is complete: its feedback shows after its reveal, which waits for the markdown part.)
    for (const rated of [fromAgent, assistant]) {
      await rated.getByRole('button', { name: en.helpful, exact: true }).waitFor();
      expect(await rated.getByRole('button', { name: en.helpful, exact: true }).count()).toBe(1);
      expect(await rated.getByRole('button', { name: en.notHelpful, exact: true }).count()).toBe(1);
    }

    // The visitor's next words reach the person, and no reply of the assistant's shows for them.
    const botMessages = await widget.locator('.message.bot').count();
    await send(page, 'It is about order 1042');
    await eventually(async () =>
      expect((await desk.entry(sessionId))?.thread).toContainEqual({ from: 'visitor', text: 'It is about order 1042' }),
    );
    await expect.poll(() => widget.getByRole('textbox', { name: 'Message' }).isEnabled()).toBe(true);
    await widget.locator('.typing-indicator').waitFor({ state: 'detached' });
    await afterFrames(page);
    expect(await widget.locator('.message.bot').count()).toBe(botMessages);

    // A call reaches the assistant, not the person: the home view offers none while the person answers.
    await widget.getByRole('button', { name: en.back, exact: true }).click();
    await widget.getByRole('button', { name: en.talkToHuman }).waitFor();
    expect(await widget.getByRole('button', { name: en.startLiveCall }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('a reload keeps the thread and the takeover; the person hands back and the assistant answers again', async () => {
    const { page, pageErrors } = await session.newPage(desktop);
    await page.goto(`${session.server.url}/`);
    const widget = page.locator('store-assistant');
    const sessionId = await sessionIdOf(page, () => widget.getByRole('button', { name: en.talkToHuman }).click());
    await widget.getByText(en.handoffConnecting).waitFor();
    await desk.act('join', sessionId);
    await desk.act('send', sessionId, 'Sam here: what can I do for you?');
    await widget.locator('.message.from-agent', { hasText: 'Sam here' }).waitFor();

    await page.reload();
    await widget.locator('.message.from-agent', { hasText: 'Sam here' }).waitFor();
    await widget.locator('.chat-header').getByRole('heading', { name: 'Sam', exact: true }).waitFor();
    await widget.getByText(`You're chatting with ${AGENT}`).waitFor();
    expect(await widget.locator('.message.user', { hasText: en.humanAgentMessage }).count()).toBe(1);
    // The stream resumed after the last event it had: the next message shows, the earlier one once.
    await desk.act('send', sessionId, 'Still here after your reload.');
    await widget.locator('.message.from-agent', { hasText: 'Still here after your reload.' }).waitFor();
    expect(await widget.locator('.message.from-agent', { hasText: 'Sam here' }).count()).toBe(1);

    await desk.act('leave', sessionId);
    await widget
      .locator('.system-line', { hasText: `${AGENT} left the conversation. The assistant is answering again.` })
      .waitFor();
    await widget.locator('.chat-header').getByRole('heading', { name: 'Lumen' }).waitFor();
    await widget.getByRole('button', { name: 'Start call' }).waitFor();
    expect(await widget.locator('.takeover').count()).toBe(0);
    await send(page, 'Show me your courses');
    const answer = widget.locator('.message.bot', { hasText: 'online courses' });
    await answer.waitFor();
    expect(await answer.locator('.agent-byline').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('Cancel while connecting: the wait ends, the desk is told, and the assistant answers', async () => {
    const { page, widget, sessionId } = await personAskedForOnPhone();
    await eventually(async () => expect((await desk.entry(sessionId))?.status).toBe('waiting'));
    const [cancel] = await Promise.all([
      page.waitForRequest((request) => handoffOf(request)?.status === 'cancelled'),
      widget.getByRole('button', { name: en.handoffCancel }).tap(),
    ]);
    expect((cancel.postDataJSON() as { message: string }).message).toBe('');
    await widget.locator('.takeover').waitFor({ state: 'detached' });
    // The chat says so: its last line is no longer the wait for a person.
    const lines = widget.locator('.messages .system-line');
    await lines.filter({ hasText: en.handoffCancelled }).waitFor();
    expect(await lines.last().textContent()).toBe(en.handoffCancelled);
    await eventually(async () => expect(await desk.entry(sessionId)).toBeUndefined());
    await send(page, 'What is your size guide?');
    await widget.locator('.markdown table').waitFor();
  });

  it("a closed card counts the person's messages on the launcher badge", async () => {
    const { page } = await session.newPage(desktop);
    await page.goto(`${session.server.url}/products/linen-shirt`);
    const widget = page.locator('store-assistant');
    await widget.getByRole('button', { name: 'Open chat with Lumen' }).click();
    const sessionId = await sessionIdOf(page, () => widget.getByRole('button', { name: en.talkToHuman }).click());
    await widget.getByText(en.handoffConnecting).waitFor();
    await desk.act('join', sessionId);
    await widget.getByText(`You're chatting with ${AGENT}`).waitFor();
    await widget.getByRole('button', { name: 'Close chat' }).first().click();
    await widget.getByRole('dialog').waitFor({ state: 'hidden' });

    await desk.act('send', sessionId, 'Your parcel left today.');
    await desk.act('send', sessionId, 'It arrives on Friday.');
    const launcher = widget.getByRole('button', { name: 'Open chat with Lumen, 2 new' });
    await launcher.waitFor();
    expect(await widget.locator('.launcher-badge').textContent()).toBe('2');
    await launcher.click();
    await widget.locator('.message.from-agent', { hasText: 'It arrives on Friday.' }).waitFor();
    await widget.locator('.launcher-badge').waitFor({ state: 'detached' });
  });
});

describe('no invitation while a person is involved', () => {
  it("the demo's product invitation does not pop up during a takeover, on the next product page either", async () => {
    const { page, pageErrors } = await session.newPage(desktop);
    await page.goto(`${session.server.url}/products/linen-shirt`);
    const widget = page.locator('store-assistant');
    await widget.getByRole('button', { name: 'Open chat with Lumen' }).click();
    const sessionId = await sessionIdOf(page, () => widget.getByRole('button', { name: en.talkToHuman }).click());
    await widget.getByText(en.handoffConnecting).waitFor();
    await desk.act('join', sessionId);
    await widget.getByText(`You're chatting with ${AGENT}`).waitFor();
    await widget.getByRole('button', { name: 'Close chat' }).first().click();
    await widget.getByRole('dialog').waitFor({ state: 'hidden' });

    // The next product page, on a clock the test drives: the demo invites after eight seconds.
    await page.clock.install();
    await page.goto(`${session.server.url}/products/canvas-tote`);
    await widget.getByRole('button', { name: 'Open chat with Lumen' }).waitFor();
    await desk.act('send', sessionId, 'Anything else I can check for you?');
    await widget.getByRole('button', { name: 'Open chat with Lumen, 1 new' }).waitFor();
    await page.clock.fastForward(60_000);
    await afterFrames(page);
    expect(await widget.locator('[part~="invite"]').count()).toBe(0);
    // The person is still there.
    await widget.getByRole('button', { name: 'Open chat with Lumen, 1 new' }).click();
    await widget.locator('.message.from-agent', { hasText: 'Anything else I can check' }).waitFor();
    await widget.locator('.chat-header').getByRole('heading', { name: 'Sam', exact: true }).waitFor();
    expect(pageErrors).toEqual([]);
  });
});

describe("the person's unread messages", () => {
  it('are counted, and the last one previewed beside the launcher, on the next page and after a reload, until read', async () => {
    const { page, pageErrors } = await session.newPage(desktop);
    await page.goto(`${session.server.url}/products/linen-shirt`);
    const widget = page.locator('store-assistant');
    await widget.getByRole('button', { name: 'Open chat with Lumen' }).click();
    const sessionId = await sessionIdOf(page, () => widget.getByRole('button', { name: en.talkToHuman }).click());
    await desk.act('join', sessionId);
    await widget.getByText(`You're chatting with ${AGENT}`).waitFor();
    await widget.getByRole('button', { name: 'Close chat' }).first().click();
    await widget.getByRole('dialog').waitFor({ state: 'hidden' });
    await desk.act('send', sessionId, 'Your parcel left today.');
    await desk.act('send', sessionId, 'It arrives on **Friday**.');

    const preview = widget.locator('.person-preview');
    /** The badge, the preview's person and words, and whether the teaser shows beside it. */
    const expectUnread = async (count: string, previewed: boolean) => {
      await widget.getByRole('button', { name: `Open chat with Lumen, ${count} new` }).waitFor();
      expect(await widget.locator('.launcher-badge').textContent()).toBe(count);
      if (!previewed) return expect(await preview.count()).toBe(0);
      await preview.getByRole('button', { name: `${AGENT} It arrives on Friday.` }).waitFor();
      expect(await widget.locator('.teaser:not(.person-preview), .invite').count()).toBe(0);
    };
    await expectUnread('2', true);
    expect(await axeViolations(page)).toEqual([]);

    // The next page, and a reload of it: the same count and the same preview.
    await page.goto(`${session.server.url}/cart`);
    await expectUnread('2', true);
    await page.reload();
    await expectUnread('2', true);
    // The person's next message counts on from there.
    await desk.act('send', sessionId, 'Anything else?');
    await widget.getByRole('button', { name: 'Open chat with Lumen, 3 new' }).waitFor();
    await preview.getByText('Anything else?').waitFor();

    // Dismissed, the preview stays away on the next page; the badge still counts.
    await preview.getByRole('button', { name: en.dismiss }).click();
    await preview.waitFor({ state: 'detached' });
    await page.goto(`${session.server.url}/products/linen-shirt`);
    await widget.getByRole('button', { name: 'Open chat with Lumen, 3 new' }).waitFor();
    expect(await preview.count()).toBe(0);

    // Opened, they are read: nothing is counted any more, after a reload either.
    await widget.getByRole('button', { name: 'Open chat with Lumen, 3 new' }).click();
    await widget.locator('.message.from-agent', { hasText: 'Anything else?' }).waitFor();
    await widget.locator('.launcher-badge').waitFor({ state: 'detached' });
    // Back to back, the person's name and picture are over the first of their messages only.
    expect(await widget.locator('.message.from-agent').count()).toBe(3);
    expect(await widget.locator('.message.from-agent .agent-byline').count()).toBe(1);
    expect(await widget.locator('.message.from-agent').first().locator('.agent-byline').count()).toBe(1);
    await widget.getByRole('button', { name: 'Close chat' }).first().click();
    await page.reload();
    await widget.getByRole('button', { name: 'Open chat with Lumen' }).waitFor();
    await afterFrames(page);
    expect(await widget.locator('.launcher-badge').count()).toBe(0);
    expect(await preview.count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});

describe('nobody answers', () => {
  /** Sends a valid address twice in a row and an invalid one before: checked, and sent once. */
  async function leaveEmail(page: Page, reason: string) {
    const widget = page.locator('store-assistant');
    const emails: Request[] = [];
    page.on('request', (request) => {
      if (handoffOf(request)?.status === 'email') emails.push(request);
    });
    // Said in the chat, with the form under that line, and no bar above the messages.
    const missed = reason === 'timeout' ? en.handoffTimeout : en.handoffUnavailable;
    await widget.locator('.messages .system-line', { hasText: missed }).waitFor();
    // The line and the bar's leaving may be drawn a frame apart; the bar must go, not stay.
    await widget.locator('.takeover').waitFor({ state: 'detached' });
    const form = widget.locator('.messages .takeover-email');
    const placement = await form.evaluate((node) => {
      const before = node.closest('.message-chunk > *')?.previousElementSibling ?? node.previousElementSibling;
      return before?.textContent ?? '';
    });
    expect(placement).toContain(missed);
    const box = widget.getByRole('textbox', { name: en.handoffEmailLabel });
    await box.fill('not an address');
    await widget.locator('.takeover-email').getByRole('button', { name: en.handoffEmailSend }).click();
    await widget.getByRole('alert').getByText(en.handoffEmailInvalid).waitFor();
    expect(await box.getAttribute('aria-invalid')).toBe('true');
    await box.fill('ada@lumen.shop');
    // Enter twice in a row: the second finds the address on its way, and sends nothing more.
    await box.press('Enter');
    await page.keyboard.press('Enter');
    await widget.locator('.messages').getByText(en.handoffEmailSent).waitFor();
    expect(emails.length).toBe(1);
    // Sent, the form gives way to the thanks: nothing is left to send again.
    expect(await widget.getByRole('textbox', { name: en.handoffEmailLabel }).count()).toBe(0);
    expect(await widget.locator('.takeover').count()).toBe(0);
    const body = emails[0]?.postDataJSON() as { message: string; history: unknown[]; context: { handoff: object } };
    expect(body.context.handoff).toEqual({ status: 'email', email: 'ada@lumen.shop', reason });
    expect(body.message).toBe('');
    expect(body.history.length).toBeGreaterThan(0);
  }

  it('after the wait runs out, the email form offers a reply by email', async () => {
    const { page, pageErrors } = await widgetPage(desktop, 'handoff-timeout="10"');
    const widget = page.locator('store-assistant');
    await widget.getByRole('button', { name: en.talkToHuman }).click();
    await widget.getByText(en.handoffConnecting).waitFor();
    // The wait is the widget's own ten seconds.
    await widget.locator('.messages').getByText(en.handoffTimeout).waitFor({ timeout: 30_000 });
    await leaveEmail(page, 'timeout');
    expect(pageErrors).toEqual([]);
  });

  it('out of hours, the team being away offers the email form at once', async () => {
    const { page, widget, sessionId } = await personAskedForOnPhone();
    await desk.act('away', sessionId);
    await widget.locator('.messages').getByText(en.handoffUnavailable).waitFor();
    await leaveEmail(page, 'unavailable');
    await eventually(async () => expect((await desk.entry(sessionId))?.email).toBe('ada@lumen.shop'));
    expect(await axeViolations(page)).toEqual([]);
  });

  it('the email form says what it wants, and offers to keep chatting with the assistant instead', async () => {
    const { page, widget, sessionId } = await personAskedForOnPhone();
    await desk.act('away', sessionId);
    const form = widget.locator('.messages .takeover-email');
    await form.waitFor();
    const box = form.getByRole('textbox', { name: en.handoffEmailLabel });
    expect(await box.getAttribute('placeholder')).toBe(en.handoffEmailLabel);
    await form.getByRole('button', { name: en.handoffEnd }).tap();
    await form.waitFor({ state: 'detached' });
    expect(await widget.locator('.messages .system-line').last().textContent()).toBe(en.handoffCancelled);
    await send(page, 'What is your size guide?');
    await widget.locator('.markdown table').waitFor();
  });
});

interface Look {
  name: string;
  device: BrowserContextOptions;
  scheme: 'light' | 'dark';
  lang: 'en' | 'ar';
}

const LOOKS: Look[] = [
  { name: 'a phone, light, left to right', device: phone, scheme: 'light', lang: 'en' },
  { name: 'a desktop, dark, left to right', device: desktop, scheme: 'dark', lang: 'en' },
  { name: 'a phone, dark, right to left', device: phone, scheme: 'dark', lang: 'ar' },
  { name: 'a desktop, light, right to left', device: desktop, scheme: 'light', lang: 'ar' },
];

/** Where the bar's text, its button and a byline's picture and name sit, and whether any text is cut. */
const layoutOf = (page: Page) =>
  page.evaluate(() => {
    const root = document.querySelector('store-assistant')?.shadowRoot;
    const box = (selector: string) => root?.querySelector(selector)?.getBoundingClientRect() ?? null;
    const cut = [
      ...(root?.querySelectorAll<HTMLElement>('.takeover-state, .takeover-cancel, .takeover-note, .agent-name') ?? []),
    ]
      .filter((element) => element.scrollWidth > element.clientWidth + 1)
      .map((element) => element.className);
    const card = root?.querySelector<HTMLElement>('.card');
    return {
      direction: card ? getComputedStyle(card).direction : '',
      background: card ? getComputedStyle(card).backgroundColor : '',
      state: box('.takeover-state'),
      button: box('.takeover-cancel'),
      avatar: box('.message.from-agent .agent-avatar'),
      name: box('.message.from-agent .agent-name'),
      takeover: box('.takeover'),
      cut,
      width: window.innerWidth,
    };
  });

/** The relative luminance's stand-in: the mean of an `rgb()` colour's channels, 0 to 255. */
const lightness = (color: string) => {
  const channels = (color.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
  return channels.reduce((sum, value) => sum + value, 0) / 3;
};

describe('the takeover looks right and reads well', () => {
  it.each(LOOKS)('on $name: mirrored where it should be, and axe finds nothing', async (look) => {
    const strings = look.lang === 'ar' ? { ...en, ...ARABIC } : en;
    const html = look.lang === 'ar' ? '<html lang="ar" dir="rtl">' : '<html lang="en">';
    const { page, pageErrors } = await widgetPage(
      look.device,
      `mode="floating" color-scheme="${look.scheme}" lang="${look.lang}"`,
      html,
    );
    const widget = page.locator('store-assistant');
    const tap = (name: string) =>
      look.device.hasTouch
        ? widget.getByRole('button', { name }).first().tap()
        : widget.getByRole('button', { name }).first().click();
    await tap(strings.openChat.replace('{brandName}', 'Lumen'));
    const sessionId = await sessionIdOf(page, () => tap(strings.talkToHuman));
    await widget.getByText(strings.handoffConnecting).waitFor();
    await widget.getByText(strings.handoffVoiceOff).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await desk.act('join', sessionId);
    await desk.act('send', sessionId, look.lang === 'ar' ? 'مرحبًا، أنا سام.' : "Hi, I'm Sam.");
    await widget.locator('.message.from-agent .agent-name').waitFor();
    await widget.getByText(strings.handoffChattingWith.replace('{name}', AGENT)).waitFor();
    await afterFrames(page);
    expect(await axeViolations(page)).toEqual([]);

    const layout = await layoutOf(page);
    expect(layout.cut).toEqual([]);
    expect(layout.direction).toBe(look.lang === 'ar' ? 'rtl' : 'ltr');
    const { state, button, avatar, name, takeover } = layout;
    if (!state || !button || !avatar || !name || !takeover) throw new Error('the takeover is not on screen');
    // Inside the screen, and mirrored right to left: the button after the state, the name after the picture.
    expect(takeover.left).toBeGreaterThanOrEqual(0);
    expect(takeover.right).toBeLessThanOrEqual(layout.width);
    if (look.lang === 'ar') {
      expect(button.right).toBeLessThanOrEqual(state.left + 1);
      expect(name.right).toBeLessThanOrEqual(avatar.left + 1);
    } else {
      expect(button.left).toBeGreaterThanOrEqual(state.right - 1);
      expect(name.left).toBeGreaterThanOrEqual(avatar.right - 1);
    }
    if (look.scheme === 'dark') expect(lightness(layout.background)).toBeLessThan(96);
    else expect(lightness(layout.background)).toBeGreaterThan(160);
    expect(pageErrors).toEqual([]);
  });
});

describe('the header on a small phone', () => {
  /** The header's height, its title as shown and whether it is cut, and the status dot's size. */
  const headerOf = (page: Page) =>
    page.evaluate(() => {
      const root = document.querySelector('store-assistant')?.shadowRoot;
      const header = root?.querySelector<HTMLElement>('.chat-header');
      const title = root?.querySelector<HTMLElement>('.chat-title h2');
      const status = root?.querySelector<HTMLElement>('.chat-header .status');
      if (!header || !title || !status) throw new Error('the chat header is not on screen');
      const dot = getComputedStyle(status, '::before');
      return {
        height: header.getBoundingClientRect().height,
        title: title.textContent ?? '',
        titleCut: title.scrollWidth > title.clientWidth + 1,
        statusLines: Math.round(
          status.getBoundingClientRect().height / parseFloat(getComputedStyle(status).lineHeight),
        ),
        dot: { width: parseFloat(dot.width), height: parseFloat(dot.height) },
      };
    });

  it.each([
    ['en', en, '<html lang="en">'],
    ['he', { ...en, ...he }, '<html lang="he" dir="rtl">'],
  ] as const)(
    '320×568, %s: one line with the first name, the same height while the person types',
    async (lang, strings, html) => {
      const small: BrowserContextOptions = { viewport: { width: 320, height: 568 }, isMobile: true, hasTouch: true };
      const { page, pageErrors } = await widgetPage(small, `mode="floating" lang="${lang}"`, html);
      const widget = page.locator('store-assistant');
      await widget.getByRole('button', { name: strings.openChat.replace('{brandName}', 'Lumen') }).tap();
      const sessionId = await sessionIdOf(page, () => widget.getByRole('button', { name: strings.talkToHuman }).tap());
      await desk.act('join', sessionId);
      const header = widget.locator('.chat-header');
      await header.getByRole('heading', { name: 'Sam', exact: true }).waitFor();
      await afterFrames(page);
      const joined = await headerOf(page);
      expect(joined.title).toBe('Sam');
      expect(joined.titleCut).toBe(false);
      expect(joined.statusLines).toBe(1);
      expect(joined.dot).toEqual({ width: 8, height: 8 });

      // Typing shows in the chat, as a row of its own, and the header stays as it was.
      await desk.act('typing', sessionId);
      const typing = widget.locator('.messages .typing-indicator.person-typing');
      await typing.waitFor();
      expect(await typing.getByText(strings.handoffTyping.replace('{name}', AGENT)).count()).toBe(1);
      await afterFrames(page);
      expect(await headerOf(page)).toEqual(joined);
      expect(await header.getByText(strings.handoffTyping.replace('{name}', AGENT)).count()).toBe(0);

      await desk.act('send', sessionId, 'Sam here.');
      await widget.locator('.message.from-agent', { hasText: 'Sam here.' }).waitFor();
      await typing.waitFor({ state: 'detached' });
      expect(await axeViolations(page)).toEqual([]);
      expect(pageErrors).toEqual([]);
    },
  );
});

describe('a visitor held by n8n (demo/n8n-chat-takeover-workflow.json) at the demo desk', () => {
  it("queues the visitor the workflow reports, and resumes the execution with the person's words", async () => {
    // n8n's side: the execution's resume URL, answering as n8n's waiting webhook does.
    const resumed: unknown[] = [];
    let arrived: () => void = () => undefined;
    const n8n = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        resumed.push(JSON.parse(body));
        response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"message":"Workflow was started"}');
        arrived();
      });
    });
    await new Promise<void>((resolve) => n8n.listen(0, '127.0.0.1', resolve));
    const resumeUrl = `http://127.0.0.1:${(n8n.address() as AddressInfo).port}/webhook-waiting/41`;
    const resumedAs = async (count: number) => {
      if (resumed.length < count) await new Promise<void>((resolve) => (arrived = resolve));
      return resumed[count - 1];
    };
    try {
      const sessionId = 'n8n-visitor-1';
      // What the workflow's "Tell the desk" posts.
      const told = await fetch(`${session.server.url}/api/agent/n8n`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ sessionId, executionId: '41', resumeUrl, from: 'visitor', text: 'A person, please' }),
      });
      expect(told.status).toBe(200);
      expect(await desk.entry(sessionId)).toMatchObject({
        status: 'waiting',
        thread: [{ from: 'visitor', text: 'A person, please' }],
      });

      await desk.act('join', sessionId);
      await desk.act('send', sessionId, 'Hi, Sam here.');
      expect(await resumedAs(1)).toEqual({
        text: 'Hi, Sam here.',
        name: AGENT,
        avatar: `${session.server.url}/assets/images/agent.svg`,
      });
      await desk.act('leave', sessionId);
      expect(await resumedAs(2)).toEqual({ handoff: 'left' });
    } finally {
      await new Promise<void>((resolve) => n8n.close(() => resolve()));
    }
  });
});
