// @vitest-environment jsdom
// DOMPurify is trusted only in a real DOM implementation, so this component test runs in jsdom.
import fc from 'fast-check';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAssistant } from '../../src/app/assistant';
import { MAX_ELEMENTS } from '../../src/chat/markdown/markdown-limits';
import { loadMarkdown } from '../../src/chat/markdown/markdown-loader';
import type { Message } from '../../src/chat/message';
import { normaliseProduct } from '../../src/chat/replies/products';
import { translate } from '../../src/i18n/translate';
import { BotMessage, type MessageView } from '../../src/ui/chat/bot-message';
import { MessageBoundary } from '../../src/ui/chat/message-boundary';
import { AssistantContext } from '../../src/ui/context';
import { Boundary } from '../../src/ui/error-boundary';
import { expand, markdownish, productish } from '../support/arbitraries';
import { fakeDeps } from '../support/fake-deps';
import { checkProperty, messyFixtures, scaledRuns } from '../support/property';
import { setActEnvironment } from '../support/react-roots';
import { unsafeMarkup } from '../support/safe-output';

const PAGE_ORIGIN = 'https://shop.example';
const assistant = createAssistant(fakeDeps({ pageOrigin: PAGE_ORIGIN }).deps);
let view: MessageView;

beforeAll(async () => {
  setActEnvironment(true);
  const strings = assistant.getState().strings;
  view = {
    t: (key, values) => translate(strings, 'en', key, values),
    markdown: await loadMarkdown(),
    options: { imageHosts: ['cdn.shop.example'], pageOrigin: PAGE_ORIGIN },
    typingSpeed: 0,
    feedback: true,
  };
});
afterAll(() => setActEnvironment(false));

/** Images a message may show: markdown images from the allowed host or the page, card images over https or inline. */
const imageAllowed = (src: string) => /^https:\/\/|^data:image\/(?:png|jpe?g|gif|webp|avif);base64,/.test(src);

/** Renders one bot message as the message list does; returns its markup and whether any boundary had to step in. */
function renderMessage(message: Message): {
  html: string;
  container: HTMLElement;
  contained: boolean;
  escaped: boolean;
} {
  const container = document.createElement('div');
  document.body.append(container);
  let escaped = false;
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const root = createRoot(container);
  act(() =>
    root.render(
      <AssistantContext.Provider value={assistant}>
        <Boundary fallback={() => null} onError={() => (escaped = true)}>
          <MessageBoundary message={message} label="Assistant">
            <BotMessage message={message} view={view} />
          </MessageBoundary>
        </Boundary>
      </AssistantContext.Provider>,
    ),
  );
  const contained = warn.mock.calls.some(([text]) => String(text).includes('a message shows as plain text'));
  warn.mockRestore();
  const html = container.innerHTML;
  act(() => root.unmount());
  container.remove();
  return { html, container: Object.assign(document.createElement('div'), { innerHTML: html }), contained, escaped };
}

function expectMessageRenders(message: Message): void {
  const first = renderMessage(message);
  expect(first.escaped, 'an error escaped the message').toBe(false);
  expect(first.contained, 'the message needed its boundary').toBe(false);
  expect(renderMessage(message).html, 'the same message renders the same').toBe(first.html);
  expect(unsafeMarkup(first.container, imageAllowed)).toEqual([]);
  const lines = message.content.match(/\n/g)?.length ?? 0;
  const cards = message.products ?? [];
  expect(first.container.querySelectorAll('*').length).toBeLessThanOrEqual(
    2 * MAX_ELEMENTS + lines + 10 * cards.length + 20,
  );
  const cardText = cards.reduce(
    (sum, card) => sum + 2 * card.title.length + card.description.length + (card.price?.length ?? 0),
    0,
  );
  // Linear in the reply: a link shows its text, and beside a link to an internationalised host its real
  // (punycode) host, which can be longer than the text itself; plus the cards and the fixed labels.
  expect(first.container.textContent?.length ?? 0).toBeLessThanOrEqual(3 * message.content.length + cardText + 100);
}

const message = fc
  .record({
    content: markdownish,
    products: fc.array(productish, { maxLength: 4 }),
    failed: fc.boolean(),
    truncated: fc.boolean(),
  })
  .map(({ content, products, failed, truncated }): Message => ({
    id: 'm1',
    sender: 'bot',
    timestamp: 0,
    content,
    products: products.flatMap(
      (raw) => normaliseProduct(raw, { storeUrl: null, imageHosts: [], pageOrigin: PAGE_ORIGIN }) ?? [],
    ),
    status: failed ? 'error' : undefined,
    retryFor: failed ? 'u1' : undefined,
    truncated: truncated || undefined,
  }));

describe('a bot message on generated replies', () => {
  it('renders without an error, shows nothing unsafe, stays bounded and renders the same message the same way', () => {
    checkProperty(
      fc.property(message, (generated) => expectMessageRenders(generated)),
      scaledRuns(2),
    );
  }, 600_000);

  it.each(messyFixtures.markdown.map((fixture) => [fixture.note, expand(fixture.input)] as const))(
    'regression: %s',
    (_, content) => {
      expectMessageRenders({ id: 'm1', sender: 'bot', timestamp: 0, content });
    },
  );
});
