import { lastAssistantMessageIsCompleteWithToolCalls, validateUIMessages } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixture-server';
import { startSession, type E2eSession } from '../harness';
import { tripped, unsafeMarkup } from '../security/page-guards';
import { aiSdkRoute, type AgentTurn, type AiSdkRoute } from './ai-sdk-server';
import { ask, hostileCard, HOSTILE_SAMPLE, openAgentWidget, sendAndScan, startChat } from './agent-page';

// protocol="ai-sdk": the widget as useChat's client against a route built with the `ai` package itself.

let session: E2eSession;
let fixtures: FixtureServer;
let route: AiSdkRoute;
/** How many times each message was asked, so a turn can fail the first time and answer on Retry. */
const asked = new Map<string, number>();

const SHIRTS = [
  { title: 'Linen Shirt', price: '€48', url: '/p/linen-shirt', variantId: 'shirt-m' },
  { title: 'Linen Trousers', price: '€64', url: '/p/linen-trousers' },
];

/** The agent's reply once the visitor answered its call of add_to_cart (`times`: how often it was asked). */
function afterAnswer(result: Record<string, unknown>, times: number): AgentTurn {
  if (result.variantId === 'shirt-l')
    return { words: ['Saved ', 'for ', 'you.'], holdAfter: times === 1 ? 1 : undefined };
  return result.added ? { words: ['It is ', 'in your cart.'] } : { words: ['Maybe ', 'another time.'] };
}

function script(text: string): AgentTurn {
  const times = (asked.get(text) ?? 0) + 1;
  asked.set(text, times);
  if (text.startsWith('#text ')) {
    const payload = HOSTILE_SAMPLE[Number(text.slice(6))] ?? '';
    return { words: [payload.slice(0, payload.length >> 1), payload.slice(payload.length >> 1)] };
  }
  if (text.startsWith('#cards ')) {
    const cards = text
      .slice(7)
      .split(',')
      .map((index) => hostileCard(HOSTILE_SAMPLE[Number(index)] ?? ''));
    return { words: ['Cards'], data: [{ type: 'data-products', data: cards }] };
  }
  if (text.startsWith('tool:')) return afterAnswer(JSON.parse(text.slice(5)) as Record<string, unknown>, times);
  switch (text) {
    case 'shirts':
      return {
        words: ['Here ', 'are ', 'two ', 'shirts.'],
        holdAfter: 1,
        data: [
          { type: 'data-products', data: SHIRTS },
          { type: 'data-suggestions', data: ['Shipping costs', 'Sizes'] },
        ],
      };
    case 'add one':
      return {
        words: ['Shall I add it?'],
        toolCall: { toolName: 'add_to_cart', input: { variantId: 'shirt-m', quantity: 2, title: 'Linen Shirt M' } },
      };
    case 'add later':
      return {
        words: ['Shall I add it?'],
        toolCall: { toolName: 'add_to_cart', input: { variantId: 'shirt-l', quantity: 1, title: 'Linen Shirt L' } },
      };
    case 'a person':
      return { words: ['Let me find a colleague.'], data: [{ type: 'data-handoff', data: 'connecting' }] };
    case 'broken':
      return times === 1 ? { fail: 'the model is overloaded' } : { words: ['Back ', 'again.'] };
    case 'cut':
      return times === 1
        ? { words: ['First ', 'part ', 'then more.'], holdAfter: 2 }
        : { words: ['First ', 'part ', 'then more.'] };
    case 'reload':
      return times === 1
        ? { words: ['Before ', 'the ', 'reload.'], holdAfter: 1 }
        : { words: ['Before ', 'the ', 'reload.'] };
    default:
      return { words: ['Hello.'] };
  }
}

beforeAll(async () => {
  [session, fixtures] = await Promise.all([startSession(), startFixtureServer()]);
  route = aiSdkRoute(script);
  fixtures.handle('/agent/ai-sdk', (request, response, body) => route.handle(request, response, body));
});
afterAll(async () => {
  route?.release();
  await Promise.all([session?.close(), fixtures?.close()]);
});

const open = () => openAgentWidget(session, fixtures, 'ai-sdk', '/agent/ai-sdk');

describe('protocol="ai-sdk"', () => {
  it('streams the text word by word, then shows the cards and suggestions of the data parts; asks as useChat does', async () => {
    const { page, widget } = await open();
    await ask(page, 'shirts');
    const streaming = widget.locator('.bubble.streaming');
    await streaming.waitFor();
    expect((await streaming.textContent())?.trim()).toBe('Here');
    expect(await widget.locator('.product-card').count()).toBe(0);
    route.release();
    await widget.locator('.product-card', { hasText: 'Linen Trousers' }).waitFor();
    expect(await widget.locator('.message.bot .bubble').last().textContent()).toContain('Here are two shirts.');
    expect(await widget.locator('.suggestions button').allTextContents()).toEqual(['Shipping costs', 'Sizes']);

    const first = route.requests.at(-1)!;
    expect(first.trigger).toBe('submit-message');
    expect(first.messages.at(-1)).toMatchObject({ role: 'user', parts: [{ type: 'text', text: 'shirts' }] });
    expect(first.context?.page).toMatchObject({ url: expect.stringContaining('/ai-sdk-') });
    // The next message carries the conversation, under the same chat id.
    await widget.locator('.suggestions button', { hasText: 'Sizes' }).click();
    await expect.poll(() => route.requests.length).toBeGreaterThan(1);
    const second = route.requests.at(-1)!;
    expect(second.id).toBe(first.id);
    expect(second.messages.map((message) => [message.role, message.parts])).toEqual([
      ['user', [{ type: 'text', text: 'shirts' }]],
      ['assistant', [{ type: 'text', text: 'Here are two shirts.' }]],
      ['user', [{ type: 'text', text: 'Sizes' }]],
    ]);
  });

  it('a tool call proposes the cart change; the answer (confirmed: added; refused: nothing) is sent at once as the tool output, as useChat sends it, and the reply shows', async () => {
    const { page, widget } = await open();
    await ask(page, 'add one');
    const proposal = widget.locator('.sa-proposal').first();
    await proposal.waitFor();
    expect(await proposal.locator('.sa-proposal-text').textContent()).toContain('Linen Shirt M');
    expect(await page.evaluate(() => (window as unknown as { added: unknown[] }).added)).toEqual([]);
    const requestsBefore = route.requests.length;
    await proposal.getByRole('button', { name: /^Add to cart/ }).click();
    await proposal.getByText('Added').waitFor();
    expect(await page.evaluate(() => (window as unknown as { added: unknown[] }).added)).toEqual([
      { variantId: 'shirt-m', quantity: 2 },
    ]);

    // useChat with sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithToolCalls sends this by itself.
    await widget.locator('.message.bot', { hasText: 'It is in your cart.' }).waitFor();
    expect(route.requests.length).toBe(requestsBefore + 1);
    const continued = route.requests.at(-1)!;
    expect(lastAssistantMessageIsCompleteWithToolCalls({ messages: continued.messages })).toBe(true);
    expect(continued).toMatchObject({ trigger: 'submit-message', messageId: continued.messages.at(-1)!.id });
    expect(continued.messages.at(-1)!.parts).toEqual([
      { type: 'text', text: 'Shall I add it?' },
      {
        type: 'tool-add_to_cart',
        toolCallId: `call-${requestsBefore}`,
        state: 'output-available',
        input: { variantId: 'shirt-m', quantity: 2, title: 'Linen Shirt M' },
        output: { added: true, variantId: 'shirt-m', quantity: 2 },
      },
    ]);

    await ask(page, 'add one');
    const second = widget.locator('.sa-proposal').nth(1);
    await second.getByRole('button', { name: /^No thanks/ }).click();
    await second.getByText('Not added').waitFor();
    await widget.locator('.message.bot', { hasText: 'Maybe another time.' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { added: unknown[] }).added)).toHaveLength(1);
    expect(route.requests.at(-1)!.messages.at(-1)!.parts.at(-1)).toMatchObject({
      output: { added: false, declined: true, variantId: 'shirt-m', quantity: 2 },
    });
    expect(route.requests.length).toBe(requestsBefore + 3);
  });

  it('a reload while the reply after an answer streams keeps what arrived; Retry sends the answer again once', async () => {
    const { page, widget } = await open();
    await ask(page, 'add later');
    await widget
      .locator('.sa-proposal')
      .first()
      .getByRole('button', { name: /^Add to cart/ })
      .click();
    await widget.locator('.bubble.streaming', { hasText: 'Saved' }).waitFor();
    const requestsBefore = route.requests.length;
    await page.reload();
    route.release();
    await startChat(page);
    await widget.locator('.messages').getByText('The reply was interrupted.').waitFor();
    await widget.getByRole('button', { name: 'Retry' }).click();
    await widget.locator('.message.bot', { hasText: 'Saved for you.' }).waitFor();
    expect(route.requests.length).toBe(requestsBefore + 1);
    expect(route.requests.at(-1)!.messages.at(-1)!.parts.at(-1)).toMatchObject({
      type: 'tool-add_to_cart',
      output: { added: true, variantId: 'shirt-l', quantity: 1 },
    });
    expect(await widget.locator('.message.bot', { hasText: 'Saved' }).count()).toBe(1);
    expect(await widget.locator('.message.user').count()).toBe(1);
  });

  it("a takeover's own requests go to the route as useChat's: the visitor's message with context.handoff, leaving it as a data-handoff part", async () => {
    const { page, widget } = await open();
    await ask(page, 'a person');
    const cancel = widget.locator('.takeover-cancel');
    await cancel.waitFor();
    await ask(page, 'still there?');
    await expect
      .poll(() => route.requests.at(-1)?.messages.at(-1)?.parts)
      .toEqual([{ type: 'text', text: 'still there?' }]);
    expect(route.requests.at(-1)!.context?.handoff).toEqual({ status: 'connecting' });
    const before = route.requests.length;
    await cancel.click();
    await expect.poll(() => route.requests.length).toBe(before + 1);
    const leaving = route.requests.at(-1)!;
    expect(leaving).toMatchObject({ id: route.requests[before - 1]!.id, trigger: 'submit-message' });
    expect(leaving.context).toEqual({ handoff: { status: 'cancelled' } });
    const messages = await validateUIMessages({ messages: leaving.messages });
    expect(messages).toHaveLength(1);
    expect(messages.at(-1)).toMatchObject({
      role: 'user',
      parts: [{ type: 'data-handoff', data: { status: 'cancelled' } }],
    });
  });

  it('an error part shows the error with Retry, and Retry asks again once', async () => {
    const { page, widget } = await open();
    await ask(page, 'broken');
    await widget.locator('.messages').getByText('Oops! Something went wrong.').waitFor();
    await widget.getByRole('button', { name: 'Retry' }).click();
    await widget.locator('.message.bot', { hasText: 'Back again.' }).waitFor();
    expect(await widget.locator('.messages').getByText('Oops! Something went wrong.').count()).toBe(0);
    expect(await widget.locator('.message.user', { hasText: 'broken' }).count()).toBe(1);
  });

  it('a stream cut mid-reply keeps what arrived, marked interrupted; Retry replaces it, nothing doubled', async () => {
    const { page, widget } = await open();
    await ask(page, 'cut');
    await widget.locator('.bubble.streaming', { hasText: 'First part' }).waitFor();
    route.cut();
    await widget.locator('.messages').getByText('The reply was interrupted.').waitFor();
    expect(await widget.locator('.message.bot .bubble').first().textContent()).toContain('First part');
    await widget.getByRole('button', { name: 'Retry' }).click();
    await widget.locator('.message.bot', { hasText: 'First part then more.' }).waitFor();
    expect(await widget.locator('.message.bot').count()).toBe(1);
    expect(await widget.locator('.messages').getByText('The reply was interrupted.').count()).toBe(0);
  });

  it('a reload mid-run keeps what had arrived, marked interrupted; Retry completes it once', async () => {
    const { page, widget } = await open();
    await ask(page, 'reload');
    await widget.locator('.bubble.streaming', { hasText: 'Before' }).waitFor();
    await page.reload();
    route.release();
    await startChat(page);
    await widget.locator('.messages').getByText('The reply was interrupted.').waitFor();
    expect(await widget.locator('.message.bot .bubble').first().textContent()).toContain('Before');
    await widget.getByRole('button', { name: 'Retry' }).click();
    await widget.locator('.message.bot', { hasText: 'Before the reload.' }).waitFor();
    expect(await widget.locator('.message.bot').count()).toBe(1);
    expect(await widget.locator('.message.user', { hasText: 'reload' }).count()).toBe(1);
  });

  it('the hostile corpus through the streamed text and the cards runs nothing and leaves no unsafe markup', async () => {
    const { page, pageErrors } = await open();
    const texts = HOSTILE_SAMPLE.map((_, index) => `#text ${index}`);
    const groups = Array.from({ length: Math.ceil(HOSTILE_SAMPLE.length / 12) }, (_, group) =>
      HOSTILE_SAMPLE.slice(group * 12, group * 12 + 12).map((_, index) => group * 12 + index),
    );
    const cards = groups.map((group) => `#cards ${group.join(',')}`);
    expect(await sendAndScan(page, [...texts, ...cards])).toEqual([]);
    expect(await unsafeMarkup(page)).toEqual([]);
    expect(await tripped(page)).toEqual([]);
    expect(pageErrors).toEqual([]);
  }, 300_000);
});
