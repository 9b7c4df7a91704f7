import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyJson, startFixtureServer, widgetPage, type FixtureServer } from '../fixture-server';
import { startSession, type E2eSession } from '../harness';

/**
 * Layout under awkward content, in Chromium against the built bundle: a long unbroken line in a code
 * block, and a huge image attached by the visitor.
 */
let session: E2eSession;
let fixtures: FixtureServer;
const TRACKING = `https://track.example/parcel?id=${'A1b2C3d4'.repeat(60)}`;
const PROSE = 'Your parcel left our warehouse this morning and should arrive within two working days.';

/** A grey PNG of `width` x `height` pixels, 1 bit per pixel: a few KB of file for a huge bitmap. */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale
  const row = Buffer.alloc(1 + Math.ceil(width / 8));
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)), { level: 9 });
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

beforeAll(async () => {
  [session, fixtures] = await Promise.all([startSession(), startFixtureServer()]);
  fixtures.handle('/layout-hook', (_request, response) =>
    replyJson(response, { output: `Track it here:\n\n\`\`\`\n${TRACKING}\n\`\`\`\n\n${PROSE}` }),
  );
});

afterAll(async () => {
  await session?.close();
  await fixtures?.close();
});

async function openChat() {
  const opened = await session.newPage();
  await opened.page.addInitScript(() => {
    const decodes = { count: 0 };
    (window as unknown as { __decodes: typeof decodes }).__decodes = decodes;
    const original = window.createImageBitmap.bind(window);
    window.createImageBitmap = ((...args: Parameters<typeof createImageBitmap>) => {
      decodes.count += 1;
      return original(...args);
    }) as typeof createImageBitmap;
  });
  await opened.page.goto(
    fixtures.page(
      `/layout-${Math.random().toString(36).slice(2)}`,
      widgetPage('webhook-url="/layout-hook" typing-speed="0" persist="none"'),
    ),
  );
  await opened.page.getByRole('button', { name: 'Ask a question' }).waitFor();
  await opened.page.evaluate(() =>
    (document.querySelector('store-assistant') as HTMLElement & { startChat(): void }).startChat(),
  );
  return opened;
}

describe('layout', () => {
  it('a long line in a code block scrolls inside its region: the bubble stays within the card and the prose is not clipped', async () => {
    const { page } = await openChat();
    await page.evaluate(() =>
      (document.querySelector('store-assistant') as HTMLElement & { sendMessage(text: string): boolean }).sendMessage(
        'Where is my parcel?',
      ),
    );
    await page.locator('store-assistant .message.bot pre').waitFor();
    const box = await page.evaluate(() => {
      const root = document.querySelector('store-assistant')?.shadowRoot as ShadowRoot;
      const rect = (selector: string) => (root.querySelector(selector) as HTMLElement).getBoundingClientRect();
      // The code block scrolls in its region (a named, focusable box around the pre).
      const pre = root.querySelector('.message.bot .scroll-region:has(> pre)') as HTMLElement;
      const paragraphs = [...root.querySelectorAll('.message.bot .bubble p')] as HTMLElement[];
      return {
        messages: rect('.messages'),
        bubble: rect('.message.bot .bubble'),
        pre: { right: pre.getBoundingClientRect().right, scrollWidth: pre.scrollWidth, clientWidth: pre.clientWidth },
        prose: paragraphs.at(-1)?.getBoundingClientRect().right ?? 0,
      };
    });
    expect(box.bubble.right).toBeLessThanOrEqual(box.messages.right + 0.5);
    expect(box.pre.right).toBeLessThanOrEqual(box.bubble.right + 0.5);
    expect(box.pre.scrollWidth).toBeGreaterThan(box.pre.clientWidth);
    expect(box.prose).toBeLessThanOrEqual(box.bubble.right + 0.5);
  });
});

describe('attached images', () => {
  it('a 144-megapixel image of a few KB is refused by its header before it is decoded', async () => {
    const { page } = await openChat();
    const file = png(12_000, 12_000);
    expect(file.length).toBeLessThan(64 * 1024);
    await page
      .locator('store-assistant input[type="file"]')
      .setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: file });
    await page.locator('store-assistant').getByText('That image is too large', { exact: false }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __decodes: { count: number } }).__decodes.count)).toBe(0);
    expect(await page.locator('store-assistant .attachment-preview').count()).toBe(0);
  });

  it('an ordinary photo still attaches, downscaled off the main thread', async () => {
    const { page } = await openChat();
    await page
      .locator('store-assistant input[type="file"]')
      .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png(2_000, 1_500) });
    await page.locator('store-assistant .attachment-preview img').waitFor();
    const size = await page.locator('store-assistant .attachment-preview img').evaluate(async (image) => {
      const element = image as HTMLImageElement;
      await element.decode();
      return [element.naturalWidth, element.naturalHeight];
    });
    expect(size).toEqual([1024, 768]);
  });
});
