import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixture-server';
import { chatHook, openWidget, send, startChat } from '../guided-replies-fixtures';
import { startSession, type E2eSession } from '../harness';

/**
 * In Chromium against the built bundle: a visitor pasting a megabyte keeps a responsive page, sees the
 * count and a send button that stays off until the text fits, and loses none of it; a store's
 * `dataLayer.push` that throws never stops a message from being sent.
 */
let session: E2eSession;
let fixtures: FixtureServer;
let hook: ReturnType<typeof chatHook>;
const MAX = 4_000;

beforeAll(async () => {
  [session, fixtures] = await Promise.all([startSession(), startFixtureServer()]);
  hook = chatHook(fixtures, '/chat', { 'Do you ship to Oslo?': { output: 'We ship worldwide.' } });
});
afterAll(async () => {
  await Promise.all([session?.close(), fixtures?.close()]);
});

describe('a megabyte pasted into the message box', () => {
  it('is kept whole and cannot be sent until it fits', async () => {
    const { page, pageErrors } = await openWidget(
      session,
      fixtures,
      'mode="inline" brand-name="Acme" webhook-url="/chat" typing-speed="0"',
    );
    await startChat(page);
    const widget = page.locator('store-assistant');
    const box = widget.getByRole('textbox', { name: 'Message' });
    const sendButton = widget.getByRole('button', { name: 'Send' });
    const huge = 'Lorem ipsum dolor sit amet.\n'.repeat(40_000).slice(0, 1_000_000);
    // A paste arrives as one input event carrying the whole text. (Playwright's fill types it through
    // Chromium's editing commands, which take minutes for a megabyte of lines, widget or not.)
    await box.evaluate((element, text) => {
      const field = element as HTMLTextAreaElement;
      field.focus();
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(field, text);
      field.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
    }, huge);
    await box.press('End');
    await box.pressSequentially('!?');
    await expect
      .poll(() => widget.locator('[part~="character-count"]').textContent())
      .toContain(`of ${MAX.toLocaleString('en')} characters`);
    expect(await sendButton.isDisabled()).toBe(true);
    expect(await box.evaluate((element) => (element as HTMLTextAreaElement).value.length)).toBe(1_000_002);
    await box.press('Enter');
    // How long the main thread is busy meanwhile is measured by `npm run bench` (replies).
    expect(hook.requests).toHaveLength(0);

    await box.fill('Do you ship to Oslo?');
    await expect.poll(() => widget.locator('[part~="character-count"]').count()).toBe(0);
    await box.press('Enter');
    await widget.getByText('We ship worldwide.', { exact: true }).waitFor();
    expect(pageErrors).toEqual([]);
  });
});

describe('a dataLayer.push that throws', () => {
  it('leaves the chat working, throws nothing at the page, and says so once in the console', async () => {
    const wrapper = `<script>window.dataLayer = []; window.dataLayer.push = function () { throw new Error('tag wrapper broke'); };</script>`;
    const { page, pageErrors, consoleMessages } = await openWidget(
      session,
      fixtures,
      'mode="inline" brand-name="Acme" webhook-url="/chat" typing-speed="0" analytics="datalayer"',
      { extra: wrapper },
    );
    await startChat(page);
    await send(page, 'Do you ship to Oslo?');
    await page.locator('store-assistant').getByText('We ship worldwide.', { exact: true }).waitFor();
    expect(hook.messages().at(-1)).toBe('Do you ship to Oslo?');
    expect(pageErrors).toEqual([]);
    expect(consoleMessages.filter((message) => message.includes('dataLayer.push threw'))).toHaveLength(1);
  });
});
