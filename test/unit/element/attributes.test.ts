import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../src/app/config';
import { ATTRIBUTE_NAMES, parseAttributes, type AttributeName } from '../../../src/element/attributes';
import { parseElementAttributes, SHOP_PAGE } from '../../support/attributes';

const parse = (attributes: Partial<Record<AttributeName, string>>) => parseElementAttributes(attributes);

describe('parseAttributes', () => {
  it('gives the defaults for an element with no attributes, without a warning', () => {
    const { config, warnings } = parse({});
    expect(config).toEqual({ ...defaultConfig('shop.example'), storeUrl: 'https://shop.example/' });
    expect(warnings).toEqual([]);
  });

  it.each<[Partial<Record<AttributeName, string>>, (config: ReturnType<typeof parse>['config']) => unknown, unknown]>([
    [
      { 'webhook-url': 'https://hooks.example/webhook/chat' },
      (c) => c.webhookUrl,
      'https://hooks.example/webhook/chat',
    ],
    [{ 'webhook-url': '/api/chat' }, (c) => c.webhookUrl, 'https://shop.example/api/chat'],
    [
      { 'vapi-public-key': 'pk_123', 'vapi-assistant-id': 'asst_1' },
      (c) => [c.voice.publicKey, c.voice.assistantId],
      ['pk_123', 'asst_1'],
    ],
    [
      { 'vapi-squad-id': 'sq_1', 'vapi-workflow-id': 'wf_1' },
      (c) => [c.voice.squadId, c.voice.workflowId],
      ['sq_1', 'wf_1'],
    ],
    [{ 'vapi-api-url': 'https://proxy.example/vapi' }, (c) => c.voice.apiUrl, 'https://proxy.example/vapi'],
    [{ 'vapi-api-url': 'http://127.0.0.1:8080' }, (c) => c.voice.apiUrl, 'http://127.0.0.1:8080'],
    [{ 'vapi-api-url': 'https://proxy.example/vapi/' }, (c) => c.voice.apiUrl, 'https://proxy.example/vapi'],
    [{ 'voice-provider': 'DEMO' }, (c) => c.voice.provider, 'demo'],
    [{ 'store-url': 'https://acme.example/orders' }, (c) => c.storeUrl, 'https://acme.example/orders'],
    [{ 'store-domain': 'Acme.com' }, (c) => [c.storeDomain, c.storeUrl], ['acme.com', 'https://acme.com/']],
    [{ 'agent-url': 'https://acme.example/help' }, (c) => c.agentUrl, 'https://acme.example/help'],
    [{ 'accent-color': '#ff0000' }, (c) => c.themeAttributes, { accentColor: '#ff0000' }],
    [
      { 'primary-gradient': 'linear-gradient(red, blue)', 'secondary-gradient': '#fff' },
      (c) => c.themeAttributes,
      { primaryGradient: 'linear-gradient(red, blue)', secondaryGradient: '#fff' },
    ],
    [{ 'logo-url': '/logo.png' }, (c) => c.themeAttributes, { logoUrl: 'https://shop.example/logo.png' }],
    [
      { 'brand-name': ' Acme ', 'welcome-message': 'Hello!' },
      (c) => c.themeAttributes,
      { brandName: 'Acme', welcomeMessage: 'Hello!' },
    ],
    [{ 'quick-actions': 'A | B|C' }, (c) => c.themeAttributes.quickActions, ['A', 'B', 'C']],
    [{ 'quick-actions': '["A|B"]' }, (c) => c.themeAttributes.quickActions, ['A|B']],
    [
      { 'badge-images': 'https://a.example/1.png https://a.example/2.png https://a.example/3.png' },
      (c) => c.themeAttributes.badgeImages?.length,
      3,
    ],
    [{ mode: 'floating' }, (c) => c.mode, 'floating'],
    [{ position: 'Bottom-Left' }, (c) => c.position, 'bottom-left'],
    [{ position: 'bottom-right' }, (c) => c.position, 'bottom-right'],
    [{ open: '' }, (c) => c.open, true],
    [{ open: 'false' }, (c) => c.open, false],
    [{ 'color-scheme': 'dark' }, (c) => c.colorScheme, 'dark'],
    [{ 'color-scheme': ' Auto ' }, (c) => c.colorScheme, 'auto'],
    [{ 'color-scheme': 'light' }, (c) => c.colorScheme, 'light'],
    [{ 'typing-speed': '0' }, (c) => c.typingSpeed, 0],
    [{ 'typing-speed': '20' }, (c) => c.typingSpeed, 20],
    [{ persist: 'session' }, (c) => c.persist, 'session'],
    [{ faq: '[{"q":"Shipping?","a":"2 days"}]' }, (c) => c.faq, [{ q: 'Shipping?', a: '2 days' }]],
    [{ 'image-hosts': 'cdn.example, *.shopify.com' }, (c) => c.imageHosts, ['cdn.example', '*.shopify.com']],
    [
      { 'image-hosts': 'Shop.Example/Media/ CDN.example/acme' },
      (c) => c.imageHosts,
      ['shop.example/Media/', 'cdn.example/acme'],
    ],
    [
      {},
      (c) => c.imageHosts,
      [
        'cdn.shopify.com',
        'cdn11.bigcommerce.com',
        'images.squarespace-cdn.com',
        'static.wixstatic.com',
        'cdn.prod.website-files.com',
      ],
    ],
    [{ 'geo-url': 'https://geo.example/json' }, (c) => c.geoUrl, 'https://geo.example/json'],
    [{ lang: 'de' }, (c) => c.lang, 'de'],
    [{ strings: '{"send":"Go"}' }, (c) => c.strings, { send: 'Go' }],
    [{ commerce: 'Shopify' }, (c) => c.commerce.platform, 'shopify'],
    [
      { commerce: 'woocommerce', 'page-context': 'OFF' },
      (c) => [c.commerce.platform, c.commerce.pageContext],
      ['woocommerce', false],
    ],
    [
      { commerce: 'custom', 'cart-base-url': 'https://store.example/wp' },
      (c) => c.commerce.cartBaseUrl,
      'https://store.example/wp/',
    ],
    [
      { 'cart-url': '/basket', 'checkout-url': 'https://pay.example/' },
      (c) => [c.commerce.cartUrl, c.commerce.checkoutUrl],
      ['https://shop.example/basket', 'https://pay.example/'],
    ],
  ])('parses %j', (attributes, pick, expected) => {
    const { config, warnings } = parse(attributes);
    expect(pick(config)).toEqual(expected);
    expect(warnings).toEqual([]);
  });

  it.each<[Partial<Record<AttributeName, string>>, (config: ReturnType<typeof parse>['config']) => unknown, unknown]>([
    [{ 'webhook-url': 'javascript:alert(1)' }, (c) => c.webhookUrl, null],
    [{ 'store-url': 'javascript:alert(1)' }, (c) => c.storeUrl, 'https://shop.example/'],
    [{ 'agent-url': 'data:text/html,hi' }, (c) => c.agentUrl, null],
    [{ 'vapi-assistant-id': 'a b<script>' }, (c) => c.voice.assistantId, null],
    [{ 'voice-provider': 'twilio' }, (c) => c.voice.provider, 'vapi'],
    [{ 'store-domain': 'not a domain!' }, (c) => c.storeDomain, 'shop.example'],
    [{ 'accent-color': 'red; background: url(https://evil.example)' }, (c) => c.themeAttributes, {}],
    [{ 'primary-gradient': 'var(--x)' }, (c) => c.themeAttributes, {}],
    [{ 'logo-url': 'javascript:alert(1)' }, (c) => c.themeAttributes, {}],
    [{ 'quick-actions': '[1,2]' }, (c) => c.themeAttributes, {}],
    [{ mode: 'sidebar' }, (c) => c.mode, 'inline'],
    [{ position: 'top-left' }, (c) => c.position, 'bottom-right'],
    [{ 'color-scheme': 'sepia' }, (c) => c.colorScheme, 'light'],
    [{ 'typing-speed': '-1' }, (c) => c.typingSpeed, 8],
    [{ 'typing-speed': 'fast' }, (c) => c.typingSpeed, 8],
    [{ persist: 'cookie' }, (c) => c.persist, 'local'],
    [{ faq: '{"q":"x"}' }, (c) => c.faq, []],
    [{ faq: '[{"q":"x"}]' }, (c) => c.faq, []],
    [{ lang: 'english please' }, (c) => c.lang, 'en'],
    [{ strings: 'nope' }, (c) => c.strings, {}],
    [{ commerce: 'magento' }, (c) => c.commerce.platform, null],
    [{ 'page-context': 'minimal' }, (c) => c.commerce.pageContext, true],
    [{ 'cart-base-url': 'javascript:alert(1)' }, (c) => c.commerce.cartBaseUrl, null],
    [{ 'checkout-url': 'data:text/html,hi' }, (c) => c.commerce.checkoutUrl, null],
    [{ 'image-hosts': 'cdn.example/../cart/' }, (c) => c.imageHosts, []],
  ])('falls back to the default with a console message for %j', (attributes, pick, expected) => {
    const { config, warnings } = parse(attributes);
    expect(pick(config)).toEqual(expected);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^attribute [a-z-]+=".*" .*; the default is used$/);
  });

  it('keeps valid string overrides and reports unknown keys', () => {
    const { config, warnings } = parse({ strings: '{"send":"Go","nope":"x","back":42}' });
    expect(config.strings).toEqual({ send: 'Go' });
    expect(warnings).toHaveLength(2);
  });

  it('treats empty attributes as absent', () => {
    const { config, warnings } = parse({ 'webhook-url': '', 'brand-name': '  ', mode: '' });
    expect(config.webhookUrl).toBeNull();
    expect(config.themeAttributes).toEqual({});
    expect(config.mode).toBe('inline');
    expect(warnings).toEqual([]);
  });

  it('documents every attribute it reads', () => {
    const read: string[] = [];
    parseAttributes(
      (name) => (read.push(name), null),
      SHOP_PAGE,
      () => undefined,
    );
    expect(new Set(read)).toEqual(new Set(ATTRIBUTE_NAMES));
  });
});
