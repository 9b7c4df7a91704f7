import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixture-server';
import { startSession, type E2eSession } from '../harness';
import { tripped, unsafeMarkup } from '../security/page-guards';
import { ask, hostileCard, HOSTILE_SAMPLE, openAgentWidget, sendAndScan, startChat } from './agent-page';

/**
 * What the AI SDK and AG-UI suites share: the browser and the page server around a loopback agent, the
 * script of the replies both protocols give alike (each suite writes them in its protocol), and the
 * tests that read the same in both (an error, a cut stream, a reload, the hostile corpus).
 */

/** A loopback agent of either protocol, as the suites drive it. */
export interface LoopbackAgent {
  handle(request: IncomingMessage, response: ServerResponse, body: string): Promise<void>;
  /** Lets a held reply go on. */
  release(): void;
  /** Cuts the connection of the latest reply, without its end. */
  cut(): void;
}

/** A scripted reply, whatever the protocol: each suite writes it as its own parts or events. */
export interface ScriptedReply {
  /** The reply's text, one delta each. */
  words?: string[];
  /** After this many words the reply waits for `release()`. */
  holdAfter?: number;
  /** The agent fails before any text. */
  fail?: string;
  /** The agent calls this client tool with these arguments. */
  toolCall?: { name: string; args: Record<string, unknown> };
  /** The widget's own fields beside the text, by name (`products`, `suggestions`, `handoff`). */
  fields?: Record<string, unknown>;
}

export const SHIRTS = [
  { title: 'Linen Shirt', price: '€48', url: '/p/linen-shirt', variantId: 'shirt-m' },
  { title: 'Linen Trousers', price: '€64', url: '/p/linen-trousers' },
];

/** The agent's reply once the visitor answered its call of add_to_cart (`times`: how often it was asked). */
function afterAnswer(result: Record<string, unknown>, times: number): ScriptedReply {
  if (result.variantId === 'shirt-l')
    return { words: ['Saved ', 'for ', 'you.'], holdAfter: times === 1 ? 1 : undefined };
  return result.added ? { words: ['It is ', 'in your cart.'] } : { words: ['Maybe ', 'another time.'] };
}

/** A hostile payload as the text (`#text <index>`) or as cards (`#cards <index>,<index>…`). */
function hostileReply(text: string): ScriptedReply | undefined {
  if (text.startsWith('#text ')) {
    const payload = HOSTILE_SAMPLE[Number(text.slice(6))] ?? '';
    return { words: [payload.slice(0, payload.length >> 1), payload.slice(payload.length >> 1)] };
  }
  if (!text.startsWith('#cards ')) return undefined;
  const cards = text
    .slice(7)
    .split(',')
    .map((index) => hostileCard(HOSTILE_SAMPLE[Number(index)] ?? ''));
  return { words: ['Cards'], fields: { products: cards } };
}

/** Proposes adding `variantId` by the add_to_cart tool. */
const proposal = (variantId: string, quantity: number, title: string): ScriptedReply => ({
  words: ['Shall I add it?'],
  toolCall: { name: 'add_to_cart', args: { variantId, quantity, title } },
});

/**
 * The replies both protocols give alike, by the visitor's message (`tool:<result>` for a request that
 * continues after a tool's result). Each message is counted, so a reply can fail or hold the first
 * time and answer on Retry.
 */
export function sharedScript() {
  const asked = new Map<string, number>();
  return (text: string): ScriptedReply => {
    const times = (asked.get(text) ?? 0) + 1;
    asked.set(text, times);
    const hostile = hostileReply(text);
    if (hostile) return hostile;
    if (text.startsWith('tool:')) return afterAnswer(JSON.parse(text.slice(5)) as Record<string, unknown>, times);
    switch (text) {
      case 'add one':
        return proposal('shirt-m', 2, 'Linen Shirt M');
      case 'add later':
        return proposal('shirt-l', 1, 'Linen Shirt L');
      case 'a person':
        return { words: ['Let me find a colleague.'], fields: { handoff: 'connecting' } };
      case 'broken':
        return times === 1 ? { fail: 'the agent is overloaded' } : { words: ['Back ', 'again.'] };
      case 'cut':
        return { words: ['First ', 'part ', 'then more.'], holdAfter: times === 1 ? 2 : undefined };
      case 'reload':
        return { words: ['Before ', 'the ', 'reload.'], holdAfter: times === 1 ? 1 : undefined };
      default:
        return { words: ['Hello.'] };
    }
  };
}

/**
 * The browser and the page server for `protocol`'s suite, with `create()`'s agent at `/agent/<protocol>`;
 * `check` runs on the agent once all is done. Read the fields inside tests only.
 */
export function agentSuite<Agent extends LoopbackAgent>(
  protocol: 'ai-sdk' | 'ag-ui',
  create: () => Agent,
  check?: (agent: Agent) => void,
) {
  const suite = {
    session: undefined as unknown as E2eSession,
    fixtures: undefined as unknown as FixtureServer,
    agent: undefined as unknown as Agent,
    open: () => openAgentWidget(suite.session, suite.fixtures, protocol, `/agent/${protocol}`),
  };
  beforeAll(async () => {
    [suite.session, suite.fixtures] = await Promise.all([startSession(), startFixtureServer()]);
    suite.agent = create();
    suite.fixtures.handle(`/agent/${protocol}`, (request, response, body) =>
      suite.agent.handle(request, response, body),
    );
  });
  afterAll(async () => {
    suite.agent?.release();
    if (suite.agent) check?.(suite.agent);
    await Promise.all([suite.session?.close(), suite.fixtures?.close()]);
  });
  return suite;
}

/** The tests that read the same in both protocols; `errorTest` names the first after the protocol's error. */
export function sharedAgentTests(suite: ReturnType<typeof agentSuite>, errorTest: string): void {
  it(errorTest, async () => {
    const { page, widget } = await suite.open();
    await ask(page, 'broken');
    await widget.locator('.messages').getByText('Oops! Something went wrong.').waitFor();
    await widget.getByRole('button', { name: 'Retry' }).click();
    await widget.locator('.message.bot', { hasText: 'Back again.' }).waitFor();
    expect(await widget.locator('.messages').getByText('Oops! Something went wrong.').count()).toBe(0);
    expect(await widget.locator('.message.user', { hasText: 'broken' }).count()).toBe(1);
  });

  it('a stream cut mid-reply keeps what arrived, marked interrupted; Retry replaces it, nothing doubled', async () => {
    const { page, widget } = await suite.open();
    await ask(page, 'cut');
    await widget.locator('.bubble.streaming', { hasText: 'First part' }).waitFor();
    suite.agent.cut();
    await widget.locator('.messages').getByText('The reply was interrupted.').waitFor();
    expect(await widget.locator('.message.bot .bubble').first().textContent()).toContain('First part');
    await widget.getByRole('button', { name: 'Retry' }).click();
    await widget.locator('.message.bot', { hasText: 'First part then more.' }).waitFor();
    expect(await widget.locator('.message.bot').count()).toBe(1);
    expect(await widget.locator('.messages').getByText('The reply was interrupted.').count()).toBe(0);
  });

  it('a reload mid-run keeps what had arrived, marked interrupted; Retry completes it once', async () => {
    const { page, widget } = await suite.open();
    await ask(page, 'reload');
    await widget.locator('.bubble.streaming', { hasText: 'Before' }).waitFor();
    await page.reload();
    suite.agent.release();
    await startChat(page);
    await widget.locator('.messages').getByText('The reply was interrupted.').waitFor();
    expect(await widget.locator('.message.bot .bubble').first().textContent()).toContain('Before');
    await widget.getByRole('button', { name: 'Retry' }).click();
    await widget.locator('.message.bot', { hasText: 'Before the reload.' }).waitFor();
    expect(await widget.locator('.message.bot').count()).toBe(1);
    expect(await widget.locator('.message.user', { hasText: 'reload' }).count()).toBe(1);
  });

  it('the hostile corpus through the streamed text and the cards runs nothing and leaves no unsafe markup', async () => {
    const { page, pageErrors } = await suite.open();
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
}
