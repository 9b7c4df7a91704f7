import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventually, mountWidget } from './helpers';

afterEach(() => vi.restoreAllMocks());

describe('theme methods', () => {
  it('saveTheme() stores the effective theme under "chatbot-theme", and a new widget starts from it', async () => {
    const { el } = await mountWidget({ 'brand-name': 'Acme', 'accent-color': '#ff0000' });
    expect(el.saveTheme()).toBe(true);
    const saved = JSON.parse(localStorage.getItem('chatbot-theme') ?? '{}') as Record<string, unknown>;
    expect(saved).toMatchObject({ brandName: 'Acme', accentColor: '#ff0000' });

    const second = await mountWidget();
    expect(second.getByRole('heading', { name: 'Welcome to Acme' })).toBeTruthy();
    expect(second.el.style.getPropertyValue('--sa-accent-color')).toBe('#ff0000');
  });

  it('attributes win over the saved theme', async () => {
    localStorage.setItem('chatbot-theme', JSON.stringify({ brandName: 'Saved', accentColor: '#00ff00' }));
    const { el, getByRole } = await mountWidget({ 'brand-name': 'Attribute' });
    expect(getByRole('heading', { name: 'Welcome to Attribute' })).toBeTruthy();
    expect(el.style.getPropertyValue('--sa-accent-color')).toBe('#00ff00');
  });

  it('ignores a saved theme that does not parse, with a console message', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem('chatbot-theme', '{"brandName": "Broken"');
    const { getByRole } = await mountWidget({ 'store-domain': 'acme.com' });
    expect(getByRole('heading', { name: 'Welcome to Acme store' })).toBeTruthy();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('saved theme'));
  });

  it('importTheme() applies a valid theme and exportTheme() returns it', async () => {
    const { el, findByRole } = await mountWidget();
    const theme = { brandName: 'Imported', accentColor: '#123456', quickActions: ['One', 'Two'] };
    expect(el.importTheme(JSON.stringify(theme))).toBe(true);
    await findByRole('heading', { name: 'Welcome to Imported' });
    expect(el.style.getPropertyValue('--sa-accent-color')).toBe('#123456');
    expect(JSON.parse(el.exportTheme())).toMatchObject(theme);
    expect(el.importTheme({ brandName: 'As object' })).toBe(true);
    await findByRole('heading', { name: 'Welcome to As object' });
    // Each import replaces the one before (the accent imported first is gone); an empty one removes it.
    expect(JSON.parse(el.exportTheme()).accentColor).toBe('#4f46e5');
    el.setAttribute('brand-name', 'From the attribute');
    expect(el.importTheme({})).toBe(true);
    await findByRole('heading', { name: 'Welcome to From the attribute' });
  });

  it.each([
    ['not JSON', '{oops'],
    ['an array', '[]'],
    ['a bad colour', '{"accentColor":"red;}"}'],
    ['a url() gradient', '{"primaryGradient":"url(https://evil.example)"}'],
    ['an unknown field', '{"brandColour":"#000"}'],
    ['a javascript: logo', '{"logoUrl":"javascript:alert(1)"}'],
  ])('importTheme() refuses %s: false, a console message, an error event, theme unchanged', async (_, json) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { el, getByRole } = await mountWidget({ 'brand-name': 'Before' });
    const errors = vi.fn();
    el.addEventListener('store-assistant:error', errors);
    const before = el.exportTheme();
    expect(el.importTheme(json)).toBe(false);
    expect(el.exportTheme()).toBe(before);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('importTheme()'));
    expect((errors.mock.calls[0]?.[0] as CustomEvent).detail).toMatchObject({ source: 'theme' });
    expect(getByRole('heading', { name: 'Welcome to Before' })).toBeTruthy();
  });

  it('survives localStorage that throws on access', async () => {
    const descriptor = Object.getOwnPropertyDescriptor(window, 'localStorage');
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const { el, getByRole } = await mountWidget({ 'brand-name': 'Blocked' });
      expect(getByRole('heading', { name: 'Welcome to Blocked' })).toBeTruthy();
      expect(el.saveTheme()).toBe(false);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('refused to store the theme'));
    } finally {
      if (descriptor) Object.defineProperty(window, 'localStorage', descriptor);
    }
  });
});

describe('modes', () => {
  it('inline mode shows the card and no launcher', async () => {
    const { root } = await mountWidget();
    expect(root.querySelector('.card')?.hasAttribute('hidden')).toBe(false);
    expect(root.querySelector('.launcher')).toBeNull();
  });

  it('floating mode: a labelled launcher opens and closes the card, with open and close events', async () => {
    const { el, getByRole, root } = await mountWidget({ mode: 'floating', 'brand-name': 'Acme' });
    const events: string[] = [];
    el.addEventListener('store-assistant:open', () => events.push('open'));
    el.addEventListener('store-assistant:close', () => events.push('close'));
    const card = root.querySelector('.card') as HTMLElement;
    const launcher = getByRole('button', { name: 'Open chat with Acme' });
    expect(card.hidden).toBe(true);
    expect(launcher.getAttribute('aria-expanded')).toBe('false');
    expect(launcher.getAttribute('aria-controls')).toBe(card.id);

    launcher.click();
    await eventually(() => expect(card.hidden).toBe(false));
    expect(el.hasAttribute('open')).toBe(true);
    expect(launcher.getAttribute('aria-label')).toBe('Close chat');
    expect(launcher.getAttribute('aria-expanded')).toBe('true');
    expect(card.getAttribute('role')).toBe('dialog');
    expect(card.getAttribute('aria-label')).toBe('Acme');

    launcher.click();
    await eventually(() => expect(card.hidden).toBe(true));
    expect(el.hasAttribute('open')).toBe(false);

    // The card closes itself too: on a phone it covers the launcher.
    launcher.click();
    await eventually(() => expect(card.hidden).toBe(false));
    (card.querySelector('.close-card') as HTMLButtonElement).click();
    await eventually(() => expect(card.hidden).toBe(true));
    expect(events).toEqual(['open', 'close', 'open', 'close']);
  });

  it('open() and close() drive the card and reflect the open attribute', async () => {
    const { el, root } = await mountWidget({ mode: 'floating' });
    const card = root.querySelector('.card') as HTMLElement;
    const opened = vi.fn();
    el.addEventListener('store-assistant:open', opened);
    el.open();
    await eventually(() => expect(card.hidden).toBe(false));
    expect(el.hasAttribute('open')).toBe(true);
    el.open();
    expect(opened).toHaveBeenCalledTimes(1);
    el.close();
    await eventually(() => expect(card.hidden).toBe(true));
    el.setAttribute('open', '');
    await eventually(() => expect(card.hidden).toBe(false));
    el.removeAttribute('open');
    await eventually(() => expect(card.hidden).toBe(true));
  });

  it('switches between modes live', async () => {
    const { el, root } = await mountWidget();
    el.setAttribute('mode', 'floating');
    await eventually(() => expect(root.querySelector('.launcher')).not.toBeNull());
    el.removeAttribute('mode');
    await eventually(() => expect(root.querySelector('.launcher')).toBeNull());
  });
});
