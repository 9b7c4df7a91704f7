import { describe, expect, it, vi } from 'vitest';
import { eventually, mountWidget } from './helpers';
import pkg from '../../package.json' with { type: 'json' };

describe('<store-assistant> element', () => {
  it('is defined once, renders into an open shadow root with its two adopted stylesheets (the first view’s, then the rest) and exposes the version', async () => {
    const { el, root } = await mountWidget();
    expect(customElements.get('store-assistant')).toBeDefined();
    expect(el.shadowRoot).toBe(root);
    expect(root.mode).toBe('open');
    expect(root.adoptedStyleSheets).toHaveLength(2);
    expect(root.querySelector('style')).toBeNull();
    expect(window.StoreAssistant?.version).toBe(pkg.version);
  });

  it('a second copy of the script warns and changes nothing', async () => {
    await customElements.whenDefined('store-assistant');
    const definition = customElements.get('store-assistant');
    const globalBefore = window.StoreAssistant;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.resetModules();
    await import('../../src/index');
    await Promise.resolve();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('loaded more than once'));
    expect(customElements.get('store-assistant')).toBe(definition);
    expect(window.StoreAssistant).toBe(globalBefore);
    warn.mockRestore();
  });

  it('applies attribute changes live and restores the default when one is removed', async () => {
    const { el, findByRole, getByRole } = await mountWidget({ 'store-domain': 'acme.com' });
    await findByRole('heading', { name: 'Welcome to Acme store' });
    el.setAttribute('brand-name', 'Northwind');
    await findByRole('heading', { name: 'Welcome to Northwind' });
    el.removeAttribute('brand-name');
    await findByRole('heading', { name: 'Welcome to Acme store' });
    el.setAttribute('store-domain', 'lumen.shop');
    await eventually(() => expect(getByRole('heading', { level: 2 }).textContent).toBe('Welcome to Lumen store'));
  });

  it('sets validated theme colours as custom properties on the host', async () => {
    const { el } = await mountWidget({ 'accent-color': '#ff0000' });
    expect(el.style.getPropertyValue('--sa-accent-color')).toBe('#ff0000');
    expect(el.style.getPropertyValue('--sa-primary-gradient')).toContain('linear-gradient');
    el.setAttribute('accent-color', 'rebeccapurple');
    await eventually(() => expect(el.style.getPropertyValue('--sa-accent-color')).toBe('rebeccapurple'));
    el.removeAttribute('accent-color');
    await eventually(() => expect(el.style.getPropertyValue('--sa-accent-color')).toBe('#4f46e5'));
  });

  it('applies the theme once when connected, and again when put back', async () => {
    const setProperty = vi.spyOn(CSSStyleDeclaration.prototype, 'setProperty');
    const applied = () => setProperty.mock.calls.filter(([name]) => name === '--sa-on-primary').length;
    const { el } = await mountWidget({ 'accent-color': '#ff0000' });
    expect(applied()).toBe(1);
    el.remove();
    document.body.append(el);
    expect(applied()).toBe(2);
    expect(el.style.getPropertyValue('--sa-accent-color')).toBe('#ff0000');
    setProperty.mockRestore();
  });

  it.each([
    'red; background: url(https://evil.example/leak)',
    'red}',
    '{red',
    'url(https://evil.example/x)',
    'var(--page-secret)',
    'red\\;',
  ])('rejects accent-color=%j with a console message and keeps the default', async (value) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { el } = await mountWidget({ 'accent-color': value });
    expect(el.style.getPropertyValue('--sa-accent-color')).toBe('#4f46e5');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('attribute accent-color='));
    warn.mockRestore();
  });

  it('reports an invalid attribute once, not on every later attribute change', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { el } = await mountWidget({ mode: 'sideways' });
    el.setAttribute('brand-name', 'A');
    el.setAttribute('brand-name', 'B');
    await Promise.resolve();
    expect(warn.mock.calls.filter(([message]) => String(message).includes('mode='))).toHaveLength(1);
    warn.mockRestore();
  });

  it('dispatches store-assistant:ready after rendering, bubbling out of the shadow tree', async () => {
    const ready = vi.fn();
    document.addEventListener('store-assistant:ready', ready);
    const { el } = await mountWidget();
    await eventually(() => expect(ready).toHaveBeenCalledTimes(1));
    const event = ready.mock.calls[0]?.[0] as CustomEvent;
    expect(event.detail).toEqual({ version: pkg.version });
    expect(event.target).toBe(el);
    expect(event.composed).toBe(true);
    document.removeEventListener('store-assistant:ready', ready);
  });

  it('keeps the conversation when the element is moved to another place in the page', async () => {
    const { el } = await mountWidget();
    el.sendMessage('Hello there');
    const elsewhere = document.createElement('section');
    document.body.append(elsewhere);
    elsewhere.append(el);
    await eventually(() => expect(el.shadowRoot?.textContent).toContain('Hello there'));
  });

  it('upgrades an element that was in the page before the script defined it', async () => {
    const container = document.createElement('div');
    container.innerHTML = '<store-assistant brand-name="Parsed"></store-assistant>';
    document.body.append(container);
    const el = container.firstElementChild as HTMLElement;
    await eventually(() => expect(el.shadowRoot?.textContent).toContain('Welcome to Parsed'));
  });
});
