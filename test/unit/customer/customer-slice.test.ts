import { describe, expect, it, vi } from 'vitest';
import { createAssistant } from '../../../src/app/assistant';
import { defaultConfig, type AssistantConfig } from '../../../src/app/config';
import { memoryStorage } from '../../../src/common/storage';
import { IDENTITY_GRACE_MS, SHOPPER_MARK_KEY } from '../../../src/customer/customer-slice';
import { fakeDeps } from '../../support/fake-deps';
import { eventually } from '../../support/patience';

const signature = 'b'.repeat(64);
const ada = { id: '42', email: 'ada@example.com', name: 'Ada', signature };
const base: AssistantConfig = { ...defaultConfig('shop.example'), webhookUrl: 'https://hooks.example/chat' };

type Fetch = ReturnType<typeof vi.fn>;

/** The JSON bodies the webhook was sent, in order. */
function sentBodies(fetch: Fetch): Record<string, unknown>[] {
  return fetch.mock.calls.map(([, init]) => JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>);
}

/** A widget whose webhook answers `reply`, on `localStorage`. */
function widget(reply: unknown = 'ok', localStorage = memoryStorage()) {
  const fetch = vi.fn(async () => Response.json(reply));
  const { deps, warnings } = fakeDeps({ fetch, localStorage });
  const assistant = createAssistant(deps);
  return { assistant, fetch, localStorage, warnings };
}

const conversationKeys = (storage: ReturnType<typeof memoryStorage>) =>
  storage.keys().filter((key) => key.startsWith('store-assistant:chat:'));

async function askAndSave(assistant: ReturnType<typeof createAssistant>, text: string) {
  assistant.actions.sendMessage(text);
  await eventually(() => expect(assistant.getState().loading).toBe(false));
}

describe('the verified shopper', () => {
  it('goes with every message as context.customer, from identify()', async () => {
    const { assistant, fetch } = widget();
    assistant.configure(base);
    expect(assistant.actions.identify(ada)).toBe(true);
    await askAndSave(assistant, 'Where is my order?');
    expect(sentBodies(fetch)[0]?.context).toMatchObject({ customer: ada });
  });

  it('goes from the customer-* attributes, and not without a signature', async () => {
    const { assistant, fetch, warnings } = widget();
    assistant.configure({ ...base, customer: { id: '42', email: null, name: null, signature } });
    await askAndSave(assistant, 'Hi');
    expect(sentBodies(fetch)[0]?.context).toEqual({ customer: { id: '42', signature } });
    assistant.configure({ ...base, customer: { id: '42', email: null, name: null, signature: null } });
    await askAndSave(assistant, 'Again');
    expect(sentBodies(fetch)[1]?.context).toBeUndefined();
    expect(warnings.join()).toContain('customer-signature');
  });

  it('is refused when malformed, and nothing changes', () => {
    const { assistant, warnings } = widget();
    assistant.configure(base);
    assistant.actions.identify(ada);
    expect(assistant.actions.identify({ id: '43' })).toBe(false);
    expect(assistant.getState().customer.identity).toEqual(ada);
    expect(warnings.join()).toContain('identify()');
  });

  it('signing out clears the thread on screen and every saved conversation', async () => {
    const { assistant, localStorage } = widget();
    assistant.configure(base);
    assistant.actions.identify(ada);
    await askAndSave(assistant, 'Where is my order?');
    await eventually(() => expect(conversationKeys(localStorage)).not.toEqual([]));
    assistant.actions.identify(null);
    expect(assistant.getState().messages).toEqual([]);
    expect(assistant.getState().conversations).toEqual([]);
    expect(conversationKeys(localStorage)).toEqual([]);
    expect(localStorage.get(SHOPPER_MARK_KEY)).toBeNull();
  });

  it('another shopper clears too; the same shopper with a fresh signature does not', async () => {
    const { assistant } = widget();
    assistant.configure(base);
    assistant.actions.identify(ada);
    await askAndSave(assistant, 'Hi');
    assistant.actions.identify({ ...ada, signature: 'c'.repeat(64) });
    expect(assistant.getState().messages).not.toEqual([]);
    assistant.actions.identify({ id: '77', signature });
    expect(assistant.getState().messages).toEqual([]);
  });

  it('a guest signing in keeps the thread', async () => {
    const { assistant } = widget();
    assistant.configure(base);
    await askAndSave(assistant, 'Hi');
    assistant.actions.identify(ada);
    expect(assistant.getState().messages.length).toBeGreaterThan(0);
  });

  it('signed out on the page before (the attribute gone): hidden at once, erased once the grace passes without identify()', async () => {
    const first = widget();
    first.assistant.configure({ ...base, customer: { id: '42', email: null, name: null, signature } });
    await askAndSave(first.assistant, 'Where is my order?');
    await eventually(() => expect(conversationKeys(first.localStorage)).not.toEqual([]));
    first.assistant.dispose();

    vi.useFakeTimers();
    try {
      const next = widget('ok', first.localStorage);
      next.assistant.configure(base);
      expect(next.assistant.getState().messages).toEqual([]);
      expect(next.assistant.getState().conversations).toEqual([]);
      expect(conversationKeys(first.localStorage)).not.toEqual([]);
      vi.advanceTimersByTime(IDENTITY_GRACE_MS);
      expect(conversationKeys(first.localStorage)).toEqual([]);
      expect(first.localStorage.get(SHOPPER_MARK_KEY)).toBeNull();
      expect(next.assistant.getState().messages).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a page that names the shopper with identify() after it loads', () => {
  /** A signed-in visit that saved a conversation, on `localStorage`. */
  async function signedInVisit() {
    const first = widget();
    first.assistant.configure({ ...base, customer: { id: '42', email: null, name: null, signature } });
    await askAndSave(first.assistant, 'Where is my order?');
    await eventually(() => expect(conversationKeys(first.localStorage)).not.toEqual([]));
    first.assistant.dispose();
    return first.localStorage;
  }

  it('within the grace, identify() of the same shopper shows their thread again', async () => {
    const localStorage = await signedInVisit();
    const next = widget('ok', localStorage);
    next.assistant.configure(base);
    expect(next.assistant.getState().messages).toEqual([]);
    expect(next.assistant.actions.identify(ada)).toBe(true);
    expect(next.assistant.getState().messages.map((message) => message.content)).toEqual(['Where is my order?', 'ok']);
    expect(next.assistant.getState().conversations).toHaveLength(1);
  });

  it('identify() of another shopper within the grace clears, as a change of shopper always does', async () => {
    const localStorage = await signedInVisit();
    const next = widget('ok', localStorage);
    next.assistant.configure(base);
    next.assistant.actions.identify({ id: '77', signature });
    expect(next.assistant.getState().messages).toEqual([]);
    expect(conversationKeys(localStorage)).toEqual([]);
  });

  it('with customer-pending no grace runs out: hidden, not erased, until identify(null) signs out', async () => {
    const localStorage = await signedInVisit();
    vi.useFakeTimers();
    try {
      const next = widget('ok', localStorage);
      next.assistant.configure({ ...base, customerPending: true });
      vi.advanceTimersByTime(IDENTITY_GRACE_MS * 100);
      expect(next.assistant.getState().messages).toEqual([]);
      expect(conversationKeys(localStorage)).not.toEqual([]);
      next.assistant.actions.identify(null);
      expect(conversationKeys(localStorage)).toEqual([]);
      expect(localStorage.get(SHOPPER_MARK_KEY)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("a guest's page (no mark saved) waits for nothing: the conversation shows at once", async () => {
    const localStorage = memoryStorage();
    const first = widget('ok', localStorage);
    first.assistant.configure(base);
    await askAndSave(first.assistant, 'Hi');
    await eventually(() => expect(conversationKeys(localStorage)).not.toEqual([]));
    first.assistant.dispose();
    const next = widget('ok', localStorage);
    next.assistant.configure({ ...base, customerPending: true });
    expect(next.assistant.getState().messages.map((message) => message.content)).toEqual(['Hi', 'ok']);
  });
});

describe("a guest's order lookup", () => {
  const order = { number: '1042', status: 'shipped' };

  it('"Track my order" asks a guest for the number and email, and a verified shopper at once', () => {
    const guest = widget();
    guest.assistant.configure({ ...base, orderTracking: 'chat' });
    guest.assistant.actions.trackOrder();
    expect(guest.assistant.getState().customer.orderLookup).toBe('asking');
    expect(guest.fetch).not.toHaveBeenCalled();

    const shopper = widget();
    shopper.assistant.configure({ ...base, orderTracking: 'chat' });
    shopper.assistant.actions.identify(ada);
    shopper.assistant.actions.trackOrder();
    expect(shopper.assistant.getState().messages.map((message) => message.content)).toEqual(['Track my order']);
  });

  it('sends nothing while a field is wrong', () => {
    const { assistant, fetch } = widget();
    assistant.configure(base);
    expect(assistant.actions.lookupOrder('1042', 'nope')).toEqual({ email: true });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the pair once, with its message, and hides the form when the reply has the order', async () => {
    const { assistant, fetch } = widget({ output: 'Found it', orders: [order] });
    assistant.configure(base);
    assistant.actions.trackOrder();
    expect(assistant.actions.lookupOrder('#1042', 'ada@example.com')).toBeNull();
    await eventually(() => expect(assistant.getState().customer.orderLookup).toBe('hidden'));
    await askAndSave(assistant, 'Thanks');
    const [asked, next] = sentBodies(fetch);
    expect(asked?.message).toBe('Where is order 1042?');
    expect(asked?.context).toEqual({ orderLookup: { number: '1042', email: 'ada@example.com' } });
    expect(next?.context).toBeUndefined();
  });

  it('shows the form again, saying so, when the reply holds no order for the pair', async () => {
    const { assistant } = widget({ output: 'No order matches.' });
    assistant.configure(base);
    assistant.actions.lookupOrder('1042', 'ada@example.com');
    await eventually(() => expect(assistant.getState().customer.orderLookup).toBe('not-found'));
  });
});
