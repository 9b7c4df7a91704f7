import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from './fixture-server';
import {
  chatHook,
  chipLabels,
  focusedInWidget,
  openWidget,
  send,
  startChat,
  suggestionRow,
} from './guided-replies-fixtures';
import { startSession, type E2eSession } from './harness';

/**
 * The bot's suggestions in Chromium against the built bundle: chips under the latest reply only, sent
 * as the visitor's message when clicked or pressed, gone once anything new is sent, never sent back as
 * history, and laid out right to left in Arabic.
 */
let session: E2eSession;
let fixtures: FixtureServer;
let hook: ReturnType<typeof chatHook>;

beforeAll(async () => {
  [session, fixtures] = await Promise.all([startSession(), startFixtureServer()]);
  hook = chatHook(fixtures, '/chat', {
    'Do you ship abroad?': {
      output: 'We ship worldwide.',
      suggestions: ['Shipping costs', 'Track my order', 'Shipping costs', ''],
    },
    'Shipping costs': [{ output: { reply: 'Shipping is **free** over $50.', suggestions: ['Returns'] } }],
    Returns: { output: 'Returns are free within 30 days.', quickReplies: ['Start a return'] },
    'هل تشحنون إلى الخارج؟': { output: 'نعم، نشحن إلى كل مكان.', suggestions: ['تكلفة الشحن', 'Track my order'] },
  });
});
afterAll(async () => {
  await Promise.all([session?.close(), fixtures?.close()]);
});

const WIDGET = 'webhook-url="/chat" typing-speed="0" persist="none"';

async function openChat(attributes = WIDGET) {
  const opened = await openWidget(session, fixtures, attributes);
  await startChat(opened.page);
  return opened;
}

/** The webhook requests whose message is `message`. */
const requestsFor = (message: string) => hook.requests.filter((request) => request.body.message === message);

describe('bot suggestions', () => {
  it("show under the latest reply only; a click sends the text as the visitor's message, not as history", async () => {
    const { page, pageErrors } = await openChat();
    await send(page, 'Do you ship abroad?');
    await suggestionRow(page).waitFor();
    // Duplicates and empty labels are dropped.
    expect(await chipLabels(page)).toEqual(['Shipping costs', 'Track my order']);
    // The row sits below the reply it belongs to.
    const replyBox = await page.locator('store-assistant .message.bot').last().boundingBox();
    const rowBox = await suggestionRow(page).boundingBox();
    expect(rowBox && replyBox && rowBox.y >= replyBox.y + replyBox.height - 1).toBe(true);

    hook.hold('Shipping costs');
    await suggestionRow(page).getByRole('button', { name: 'Shipping costs' }).click();
    await expect.poll(() => requestsFor('Shipping costs').length).toBe(1);
    // Sent as the visitor's own message; the history holds what was said, never the suggestions.
    expect(requestsFor('Shipping costs')[0]?.body.history).toEqual([
      { role: 'user', content: 'Do you ship abroad?' },
      { role: 'assistant', content: 'We ship worldwide.' },
    ]);
    expect(JSON.stringify(requestsFor('Shipping costs')[0]?.body)).not.toContain('Track my order');
    await page.locator('store-assistant .message.user').getByText('Shipping costs').waitFor();
    // Gone as soon as the message is sent, while its reply is still on its way.
    expect(await suggestionRow(page).count()).toBe(0);
    hook.release('Shipping costs');

    // The new reply brings its own (n8n's nested output), and only the latest reply has any.
    await page.locator('store-assistant .message.bot').getByText('over $50.').waitFor();
    await expect.poll(() => chipLabels(page)).toEqual(['Returns']);
    expect(await page.locator('store-assistant [part~="suggestions"]').count()).toBe(1);

    // Typing a message of one's own clears them too.
    hook.hold('Thanks');
    await send(page, 'Thanks');
    await expect.poll(() => requestsFor('Thanks').length).toBe(1);
    expect(await suggestionRow(page).count()).toBe(0);
    hook.release('Thanks');
    await page.locator('store-assistant .message.bot').getByText('You said: Thanks').waitFor();
    expect(await suggestionRow(page).count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('are reached with Tab after the reply and chosen with Enter', async () => {
    const { page } = await openChat();
    await send(page, 'Do you ship abroad?');
    await suggestionRow(page).waitFor();
    const sentBefore = requestsFor('Track my order').length;
    // The last control of the reply itself comes just before its suggestions.
    await page.locator('store-assistant .message.bot').last().getByRole('button', { name: 'Not helpful' }).focus();
    await page.keyboard.press('Tab');
    expect(await focusedInWidget(page)).toBe('button:Shipping costs');
    await page.keyboard.press('Tab');
    expect(await focusedInWidget(page)).toBe('button:Track my order');
    await page.keyboard.press('Enter');
    await expect.poll(() => requestsFor('Track my order').length).toBe(sentBefore + 1);
    await page.locator('store-assistant .message.user').getByText('Track my order').waitFor();
    expect(await suggestionRow(page).count()).toBe(0);
  });

  it('run right to left in Arabic, each label in its own direction', async () => {
    const { page } = await openChat(`${WIDGET} lang="ar"`);
    await send(page, 'هل تشحنون إلى الخارج؟', 'الرسالة');
    const row = suggestionRow(page, 'ردود مقترحة');
    await row.waitFor();
    const layout = await row.evaluate((element) => ({
      row: getComputedStyle(element).direction,
      chips: [...element.querySelectorAll('button')].map((chip) => {
        const box = chip.getBoundingClientRect();
        return {
          label: chip.textContent,
          direction: getComputedStyle(chip).direction,
          left: Math.round(box.left),
          right: Math.round(box.right),
        };
      }),
    }));
    expect(layout.row).toBe('rtl');
    const [arabic, english] = layout.chips;
    expect([arabic?.label, arabic?.direction, english?.label, english?.direction]).toEqual([
      'تكلفة الشحن',
      'rtl',
      'Track my order',
      'ltr',
    ]);
    // The first suggestion comes first in reading order: rightmost on its line.
    expect((arabic?.left ?? 0) >= (english?.right ?? 0)).toBe(true);
    await row.getByRole('button', { name: 'تكلفة الشحن' }).click();
    await expect.poll(() => requestsFor('تكلفة الشحن').length).toBe(1);
  });
});
