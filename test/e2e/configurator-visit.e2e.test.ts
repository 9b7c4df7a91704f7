import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signCustomerId } from '../../demo/orders.mjs';
import { startSession, type E2eSession } from './harness';

// The configurator's fields for the wait for a person, product invitations and the signed-in shopper
// (demo/configurator/visit-fields.ts): each is checked by the element's own rules, explained next to its
// field when refused, and written to the preview and the snippet when taken.

let session: E2eSession;
beforeAll(async () => {
  session = await startSession();
});
afterAll(async () => {
  await session?.close();
});

type OpenedPage = Awaited<ReturnType<E2eSession['newPage']>>;

async function openConfigurator(): Promise<OpenedPage> {
  const opened = await session.newPage({ viewport: { width: 1280, height: 900 } });
  await opened.page.goto(`${session.server.url}/configurator`);
  await opened.page.locator('#configurator[data-state="ready"]').waitFor();
  return opened;
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const snippetOf = async (page: Page) => (await page.locator('#snippet').textContent()) ?? '';
const messageOf = async (page: Page, attribute: string) =>
  (await page.locator(`#message-${attribute}`).textContent()) ?? '';
const previewAttribute = (page: Page, attribute: string) => page.locator('#preview').getAttribute(attribute);

function expectNoErrors(opened: OpenedPage): void {
  expect(opened.consoleMessages.filter((message) => message.startsWith('error:'))).toEqual([]);
  expect(opened.pageErrors).toEqual([]);
}

/** Fills `label` with `text`, and expects the field to refuse it with `problem`, leaving the preview as it was. */
async function expectRefused(page: Page, label: string, attribute: string, text: string, problem: string) {
  const before = await previewAttribute(page, attribute);
  await field(page, label).fill(text);
  await expect.poll(() => messageOf(page, attribute)).toContain(problem);
  expect(await field(page, label).getAttribute('aria-invalid')).toBe('true');
  expect(await previewAttribute(page, attribute)).toBe(before);
}

/** Fills `label` with `text`, and expects `written` in the preview and the snippet. */
async function expectWritten(page: Page, label: string, attribute: string, text: string, written = text) {
  await field(page, label).fill(text);
  await expect.poll(() => previewAttribute(page, attribute)).toBe(written);
  await expect.poll(() => snippetOf(page)).toContain(`${attribute}=`);
  expect(await field(page, label).getAttribute('aria-invalid')).not.toBe('true');
}

describe('the configurator: a person taking over, invitations, the signed-in shopper', () => {
  it('the wait for a person is checked, written, and warns until someone can take over', async () => {
    const opened = await openConfigurator();
    const { page } = opened;
    expect(await snippetOf(page)).not.toContain('handoff-timeout');
    await expectRefused(page, 'Wait for a person (seconds)', 'handoff-timeout', '5', 'from 10 to 3600');
    await expectWritten(page, 'Wait for a person (seconds)', 'handoff-timeout', '300');
    expect(await snippetOf(page)).toContain('handoff-timeout="300"');
    await expect.poll(() => messageOf(page, 'handoff-timeout')).toContain('Nobody can take over yet');
    await field(page, 'Pushed messages stream').fill('/api/events');
    await expect.poll(() => messageOf(page, 'handoff-timeout')).toBe('');
    expectNoErrors(opened);
  });

  it('product invitations: each field is checked and written, and says when it does nothing', async () => {
    const opened = await openConfigurator();
    const { page } = opened;
    await expectRefused(page, 'When to invite', 'invite', 'time:3 sometimes', 'time:SECONDS, scroll:PERCENT');
    await expectWritten(page, 'When to invite', 'invite', 'time:3 scroll:40');
    await expect.poll(() => messageOf(page, 'invite')).toContain('choose "Floating"');

    const questions = 'Invitation questions (JSON)';
    await expectRefused(page, questions, 'invite-questions', '["Is it in stock?"', 'not valid JSON');
    await expectRefused(page, questions, 'invite-questions', '{"apparel": "Does it fit?"}', 'a JSON list of texts');
    await expectWritten(
      page,
      questions,
      'invite-questions',
      '[ "Is {product} in stock?" ]',
      '["Is {product} in stock?"]',
    );
    expect(await snippetOf(page)).toContain(`invite-questions='["Is {product} in stock?"]'`);

    await expectRefused(page, 'Invitations per visit', 'invite-limit', '30', 'from 0 to 20');
    await expectWritten(page, 'Invitations per visit', 'invite-limit', '3');
    await expectRefused(page, 'Quiet after a visitor closes one', 'invite-snooze', 'a week', '12h');
    await expectWritten(page, 'Quiet after a visitor closes one', 'invite-snooze', '12h');
    await field(page, 'On cart and checkout pages').selectOption('on');
    await expect.poll(() => previewAttribute(page, 'invite-on-checkout')).toBe('on');

    const snippet = await snippetOf(page);
    for (const written of [
      'invite="time:3 scroll:40"',
      'invite-limit="3"',
      'invite-snooze="12h"',
      'invite-on-checkout="on"',
    ])
      expect(snippet).toContain(written);
    await field(page, 'Display mode').selectOption('floating');
    await expect.poll(() => messageOf(page, 'invite')).toBe('');
    // Without triggers the questions are asked by nothing: the field says so.
    await field(page, 'When to invite').fill('');
    await expect.poll(() => messageOf(page, 'invite-questions')).toContain('Without "When to invite"');
    await expect.poll(() => previewAttribute(page, 'invite')).toBeNull();
    expectNoErrors(opened);
  });

  it('the signed-in shopper is checked, written, and the preview answers them with their orders', async () => {
    const opened = await openConfigurator();
    const { page } = opened;
    await expectWritten(page, "Shopper's id", 'customer-id', '7001');
    await expect.poll(() => messageOf(page, 'customer-id')).toContain('Without the signature the id is not sent');
    await expectRefused(page, "Shopper's email", 'customer-email', 'ada at lumen', 'must be an email address');
    await expectWritten(page, "Shopper's email", 'customer-email', 'ada@lumen.shop');
    await expectWritten(page, "Shopper's name", 'customer-name', 'Ada');
    await expectRefused(page, 'Signature of the id', 'customer-signature', 'not a signature!', 'hex, base64 or a JWT');
    const signature = signCustomerId('7001');
    await expectWritten(page, 'Signature of the id', 'customer-signature', signature);
    await expect.poll(() => messageOf(page, 'customer-id')).toBe('');
    await field(page, 'The page names the shopper later').check();
    await expect.poll(() => previewAttribute(page, 'customer-pending')).toBe('');

    const snippet = await snippetOf(page);
    for (const written of [
      'customer-id="7001"',
      'customer-email="ada@lumen.shop"',
      'customer-name="Ada"',
      `customer-signature="${signature}"`,
      'customer-pending=""',
    ])
      expect(snippet).toContain(written);
    // The preview's shopper is the demo store's, signed with its secret: its webhook shows them their orders.
    await page
      .locator('#preview')
      .evaluate((element) =>
        (element as HTMLElement & { startChat(first: string): void }).startChat('Where is my order?'),
      );
    await page.locator('#preview [part~="order-card"]').first().waitFor();
    expectNoErrors(opened);
  });
});
