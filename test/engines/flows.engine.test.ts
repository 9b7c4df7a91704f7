import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { cartSeparatorState } from '../support/cart-separator';
import { eventually } from '../support/patience';
import { enginesFrom, launchEngine, type EngineDriver, type EnginePage, type ViewportSize } from './driver';
import { startEngineServer } from './engine-server';
import { Widget } from './widget';

// The visitor's core flows, written once, run in each engine named by ENGINES (default: Firefox and
// WebKit) at a phone size and a desktop size, both sizes in one browser. Flows that follow each other on
// one page share it; a page's console is checked when the page is done.

const SIZES: Array<[string, ViewportSize]> = [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
];

/** A line that wraps in the text box at both sizes: it must grow to show it (about three lines on a phone). */
const LONG_LINE = 'Do you have the linen shirt in a medium size, and could it ship to Lisbon by Friday?';

const SCREENSHOTS = path.join(__dirname, 'screenshots');

const message = { role: 'textbox', name: 'Message' } as const;

/** A page at `path` with no saved conversation, cart or console record from an earlier flow. */
async function freshPage(driver: EngineDriver, url: string, size: ViewportSize): Promise<EnginePage> {
  const page = await driver.open(url, size);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.reload();
  return page;
}

async function expectNoConsoleProblems(widget: Widget): Promise<void> {
  expect(await widget.consoleProblems()).toEqual([]);
}

/** The text box's height in CSS pixels. */
const boxHeight = (widget: Widget) => widget.find(message).then((box) => box.height);

for (const engine of enginesFrom(process.env.ENGINES, ['firefox', 'webkit'])) {
  describe(`${engine}`, () => {
    let driver: EngineDriver;
    let server: Awaited<ReturnType<typeof startEngineServer>>;
    beforeAll(async () => {
      [driver, server] = await Promise.all([launchEngine(engine), startEngineServer()]);
    });
    afterAll(async () => {
      await driver?.close();
      await server?.close();
    });

    for (const [sizeName, size] of SIZES) {
      describe(`at ${sizeName} size`, () => {
        let current: EnginePage | null = null;
        const open = async (url: string) => {
          current = await freshPage(driver, `${server.url}${url}`, size);
          return new Widget(current);
        };
        // A failed flow leaves a picture of its page.
        beforeEach(({ onTestFailed }) => {
          onTestFailed(async ({ task }) => {
            if (!current) return;
            await mkdir(SCREENSHOTS, { recursive: true });
            const file = `${engine}-${sizeName}-${task.name.replace(/\W+/g, '-').slice(0, 60)}.png`;
            await writeFile(path.join(SCREENSHOTS, file), await current.screenshot());
          });
        });
        afterAll(async () => {
          await (current as EnginePage | null)?.close();
        });

        it('chat: a reply with markdown and cards, Enter after a reply, a long line, a failed reply and Retry', async () => {
          const widget = await open('/');
          await widget.click({ role: 'button', name: 'Ask a question' });
          await widget.find({ role: 'button', name: 'Back' });
          await widget.waitForText('.message.bot', '');
          // The quick action's button is gone with the welcome view: focus carries on in the text box.
          await eventuallyFocus(widget, 'textbox:Message');

          await widget.type('Shop new arrivals');
          await widget.press('Enter');
          await widget.waitForText('.message.bot strong', 'new arrivals');
          // The cards follow once the reply's text is all revealed.
          await eventuallyTrue(
            widget,
            () =>
              (document.querySelector('store-assistant')?.shadowRoot?.querySelectorAll('.product-card').length ?? 0) >=
              3,
          );
          expect(await widget.focus()).toBe('textbox:Message');

          // Right after that reply, Enter sends the next message, and focus stays in the text box.
          const empty = await boxHeight(widget);
          await widget.type(LONG_LINE);
          expect(await boxHeight(widget)).toBeGreaterThan(empty + 20);
          await widget.press('Enter');
          await widget.waitForText('.message.user', 'ship to Lisbon');
          expect(await widget.focus()).toBe('textbox:Message');
          expect(await boxHeight(widget)).toBe(empty);

          await widget.waitForText('.message.bot', '');
          await widget.find({ role: 'textbox', name: 'Message' });
          await eventuallyNotLoading(widget);
          await widget.type('Please fail once');
          await widget.press('Enter');
          await widget.waitForText('.messages', 'Oops! Something went wrong.');
          await widget.click({ role: 'button', name: 'Retry' });
          await widget.waitForText('.message.bot', 'it works now');
          expect(await widget.texts('.messages')).not.toContain('Oops! Something went wrong.');
          await expectNoConsoleProblems(widget);
        });

        it('an image attachment is sent and shown', async () => {
          const widget = new Widget(current as unknown as EnginePage);
          await eventuallyNotLoading(widget);
          await widget.page.evaluate(async () => {
            const canvas = document.createElement('canvas');
            canvas.width = 64;
            canvas.height = 48;
            const context = canvas.getContext('2d') as CanvasRenderingContext2D;
            context.fillStyle = '#3a7';
            context.fillRect(0, 0, 64, 48);
            const blob = await new Promise<Blob>((resolve) =>
              canvas.toBlob((made) => resolve(made as Blob), 'image/png'),
            );
            const transfer = new DataTransfer();
            transfer.items.add(new File([blob], 'swatch.png', { type: 'image/png' }));
            const input = document.querySelector('store-assistant')?.shadowRoot?.querySelector('input[type="file"]');
            (input as HTMLInputElement).files = transfer.files;
            input?.dispatchEvent(new Event('change', { bubbles: true }));
          });
          await widget.find({ role: 'img', name: 'Attached image' });
          await widget.click({ role: 'textbox', name: 'Message' });
          await widget.type('What goes with this colour?');
          await widget.press('Enter');
          await widget.waitForText('.message.user', 'What goes with this colour?');
          await eventuallyTrue(widget, () => {
            const images = document.querySelector('store-assistant')?.shadowRoot?.querySelectorAll('.message.user img');
            const last = images?.[images.length - 1] as HTMLImageElement | undefined;
            return Boolean(last?.complete && last.naturalWidth === 64);
          });
          await expectNoConsoleProblems(widget);
        });

        it('a reload keeps the conversation, and a second window sees new messages', async () => {
          const page = current as unknown as EnginePage;
          const widget = new Widget(page);
          await page.reload();
          await widget.waitForText('.message.user', 'Please fail once');
          const second = new Widget(await driver.open(`${server.url}/`, size));
          try {
            // A new window starts on the welcome view, with the conversation as its recent one.
            await second.click({
              role: 'button',
              name: { pattern: '\\S' },
              within: 'section[aria-labelledby="recent-conversation-title"]',
            });
            await second.waitForText('.message.user', 'Please fail once');
            await eventuallyNotLoading(widget);
            await widget.click(message);
            await widget.type('What is your size guide?');
            await widget.press('Enter');
            await widget.waitForText('.message.bot', '');
            await second.waitForText('.message.user', 'What is your size guide?');
            await expectNoConsoleProblems(second);
          } finally {
            await second.page.close();
          }
          await expectNoConsoleProblems(widget);
        });

        it('the launcher opens the card with focus inside, and a product card adds to the demo cart', async () => {
          await current?.close();
          const widget = await open('/products/linen-shirt');
          await widget.click({ role: 'button', name: 'Open chat with Lumen' });
          await widget.find({ role: 'heading', name: { pattern: 'Lumen' } });
          await eventuallyFocus(widget, 'button:Ask a question');
          await widget.click({ role: 'button', name: 'Ask a question' });
          await eventuallyFocus(widget, 'textbox:Message');
          await widget.waitForText('.message.bot', '');
          await eventuallyNotLoading(widget);
          await widget.type('Is this in stock?');
          await widget.press('Enter');
          await widget.waitForText('.messages', 'is in stock');
          await widget.click({ role: 'button', name: { pattern: '^Add to cart\\s*: Linen Shirt$' } });
          // Added is a state, not a button: adding one more is a button of its own.
          await widget.waitForText('.product-card', 'Added');
          await widget.find({ role: 'button', name: { pattern: '^Add another\\s*: Linen Shirt$' } });
          await widget.find({ role: 'group', name: 'Cart' });
          await widget.waitForText('[role="group"]', 'in your cart');
          // The "·" stands between count and total on one line, and never starts the line the total wraps to.
          expect(await widget.page.evaluate(cartSeparatorState, 'none')).toEqual({ wrapped: false, shown: true });
          await eventually(async () =>
            expect(await widget.page.evaluate(cartSeparatorState, '230px')).toEqual({ wrapped: true, shown: false }),
          );
          await expectNoConsoleProblems(widget);
        });

        it('the demo voice call: consent with its link from the first frame, agree, then end', async () => {
          await current?.close();
          const widget = await open('/__engines/voice-consent');
          // Records the consent as it is first drawn, before the markdown renderer may have loaded.
          await widget.page.evaluate(() => {
            const root = document.querySelector('store-assistant')?.shadowRoot as ShadowRoot;
            const observer = new MutationObserver(() => {
              const consent = root.querySelector('.voice-consent .markdown');
              if (!consent) return;
              observer.disconnect();
              sessionStorage.setItem(
                'first-consent',
                JSON.stringify({
                  text: consent.textContent,
                  links: [...consent.querySelectorAll('a')].map((link) => link.textContent),
                }),
              );
            });
            observer.observe(root, { childList: true, subtree: true });
          });
          await widget.click({ role: 'button', name: 'Start a live call' });
          await widget.find({ role: 'group', name: 'Before we call' });
          const first = await widget.page.evaluate(() => JSON.parse(sessionStorage.getItem('first-consent') ?? 'null'));
          expect(first).toEqual({ text: 'Calls are recorded. Read our privacy notice.', links: ['privacy notice'] });
          await widget.click({ role: 'button', name: 'Agree and call' });
          await widget.waitForText('.call-bar', 'Demo call');
          await widget.click({ role: 'button', name: 'End call' });
          await eventuallyTrue(
            widget,
            () => !document.querySelector('store-assistant')?.shadowRoot?.querySelector('.call-bar'),
          );
          await widget.find({ role: 'button', name: 'Start call' });
          await expectNoConsoleProblems(widget);
        });

        it('a person takes over: asked for in words, joins and answers under their name, then hands back', async () => {
          await current?.close();
          const widget = await open('/');
          await widget.click({ role: 'button', name: 'Ask a question' });
          await widget.waitForText('.message.bot', '');
          await eventuallyNotLoading(widget);
          const request = `Can I talk to a real person about my ${sizeName} order, please?`;
          await widget.type(request);
          await widget.press('Enter');
          await widget.waitForText('.takeover', 'Connecting you to a person…');
          await widget.find({ role: 'button', name: 'Cancel' });
          // The person's side: the desk the demo's /agent page drives, through the same HTTP API.
          const sessionId = await waitingVisitor(server.url, request);
          await deskAction(server.url, 'join', sessionId);
          // The header names the person by their first name; the full name is over their messages.
          await widget.find({ role: 'heading', name: 'Sam' });
          await deskAction(server.url, 'send', sessionId, 'Hi, I am Sam. Let me look at that.');
          await widget.waitForText('.message.from-agent', 'Let me look at that.');
          await widget.waitForText('.message.from-agent .agent-name', 'Sam from Lumen');
          await deskAction(server.url, 'leave', sessionId);
          await widget.waitForText('.card', 'left the conversation');
          await widget.find({ role: 'button', name: 'Start call' });
          await expectNoConsoleProblems(widget);
        });

        it('a signed-in shopper taps "Track my order" and reads their order card', async () => {
          await current?.close();
          const widget = await open('/');
          await widget.page.evaluate(() => {
            const signIn = [...document.querySelectorAll('button')].find((button) =>
              /^Sign in as /.test(button.textContent ?? ''),
            );
            signIn?.click();
          });
          await eventuallyTrue(widget, () => /Signed in as /.test(document.body.textContent ?? ''));
          await widget.click({ role: 'button', name: 'Track my order' });
          await widget.find({ role: 'img', name: { pattern: '^Order \\d+: Out for delivery, step 4 of 5\\.$' } });
          await eventuallyTrue(
            widget,
            () =>
              (document.querySelector('store-assistant')?.shadowRoot?.querySelectorAll('[part~="order-card"]').length ??
                0) >= 1,
          );
          await expectNoConsoleProblems(widget);
        });

        it("an invitation's questions are asked of the webhook after load and a drawn frame, then shown", async () => {
          await current?.close();
          const widget = await open('/__engines/product-invite');
          await eventuallyTrue(widget, () => (window as unknown as { __asked: unknown[] }).__asked.length > 0);
          const asked = await widget.page.evaluate(() => (window as unknown as { __asked: unknown[] }).__asked);
          expect(asked).toEqual([{ readyState: 'complete', framesRendered: true }]);
          await widget.find({ role: 'button', name: 'Is the Linen Shirt in stock?' });
          await expectNoConsoleProblems(widget);
        });

        it('dark scheme and Arabic: right to left, dark card, and the chat works', async () => {
          await current?.close();
          const widget = await open('/__engines/dark-arabic');
          await widget.find({ role: 'button', name: 'اطرح سؤالًا' });
          const looks = await widget.page.evaluate(() => {
            const card = document.querySelector('store-assistant')?.shadowRoot?.querySelector('.card') as HTMLElement;
            const channels =
              getComputedStyle(card)
                .backgroundColor.match(/[\d.]+/g)
                ?.map(Number) ?? [];
            const [red = 255, green = 255, blue = 255] = channels;
            return { direction: getComputedStyle(card).direction, dark: (red + green + blue) / 3 < 80 };
          });
          expect(looks).toEqual({ direction: 'rtl', dark: true });
          await widget.click({ role: 'button', name: 'اطرح سؤالًا' });
          await eventuallyFocus(widget, 'textbox:الرسالة');
          await widget.waitForText('.message.bot', '');
          // Right to left: the text box's start, its right edge, is right of the send button.
          const box = await widget.find({ role: 'textbox', name: 'الرسالة' });
          const send = await widget.find({ role: 'button', name: 'إرسال', within: '.input-bar' });
          expect(box.x).toBeGreaterThan(send.x);
          await expectNoConsoleProblems(widget);
        });
      });
    }
  });
}

async function eventuallyFocus(widget: Widget, expected: string): Promise<void> {
  await eventually(async () => expect(await widget.focus()).toBe(expected));
}

async function eventuallyTrue(widget: Widget, check: () => boolean): Promise<void> {
  await eventually(async () => expect(await widget.page.evaluate(check)).toBe(true));
}

/** Waits until no reply is awaited (the text box is no longer read-only). */
function eventuallyNotLoading(widget: Widget): Promise<void> {
  return eventuallyTrue(widget, () => {
    const box = document.querySelector('store-assistant')?.shadowRoot?.querySelector('textarea');
    return Boolean(box && !box.readOnly);
  });
}

/** A visitor waiting for a person on the demo's desk whose thread has `text`: their session id. */
async function waitingVisitor(serverUrl: string, text: string): Promise<string> {
  let sessionId = '';
  await eventually(async () => {
    const queue = (await (await fetch(`${serverUrl}/api/agent/queue`)).json()) as Array<{
      sessionId: string;
      status: string;
      thread: Array<{ text: string }>;
    }>;
    const entry = queue.find(
      (visitor) => visitor.status === 'waiting' && visitor.thread.some((line) => line.text === text),
    );
    expect(entry).toBeDefined();
    sessionId = entry?.sessionId ?? '';
  });
  return sessionId;
}

/** What the demo's /agent page does for the person: join, send a message, leave. */
async function deskAction(serverUrl: string, action: 'join' | 'send' | 'leave', sessionId: string, text?: string) {
  const response = await fetch(`${serverUrl}/api/agent/${action}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ sessionId, text }),
  });
  expect(response.status).toBe(200);
}
