import { describe, expect, it } from 'vitest';
import { eventually, mountWidget, pressKey } from './helpers';

describe('languages', () => {
  it('lang="ar" renders the Arabic table right to left, with the default theme in Arabic', async () => {
    const { root, findByRole } = await mountWidget({ lang: 'ar', 'store-domain': 'acme.com' });
    const shell = root.querySelector('.root') as HTMLElement;
    expect(shell.getAttribute('lang')).toBe('ar');
    expect(shell.getAttribute('dir')).toBe('rtl');
    await findByRole('heading', { name: 'مرحبًا بك في متجر Acme' });
    expect(await findByRole('button', { name: 'اطرح سؤالًا' })).toBeTruthy();
  });

  it('lang="de-AT" uses German, left to right; strings overrides single entries', async () => {
    const { root, findByRole } = await mountWidget({ lang: 'de-AT', strings: '{"askQuestion":"Frag uns"}' });
    expect(root.querySelector('.root')?.getAttribute('dir')).toBe('ltr');
    expect(await findByRole('button', { name: 'Frag uns' })).toBeTruthy();
    expect(await findByRole('link', { name: 'Meine Bestellung verfolgen' })).toBeTruthy();
  });

  it("switches language live when the attribute changes, and back to the browser's (English) when it is removed", async () => {
    const { el, root, findByRole } = await mountWidget({ lang: 'fr', 'brand-name': 'Acme' });
    await findByRole('heading', { name: 'Bienvenue chez Acme' });
    el.setAttribute('lang', 'es');
    await findByRole('heading', { name: 'Te damos la bienvenida a Acme' });
    el.removeAttribute('lang');
    await findByRole('heading', { name: 'Welcome to Acme' });
    // The page has no <html lang>: the browser's first language, English in a region, is the visitor's.
    expect(root.querySelector('.root')?.getAttribute('lang')).toMatch(/^en(-|$)/);
  });
});

describe('floating card keyboard and focus', () => {
  it('opening moves focus into the card; Escape closes it and returns focus to the launcher', async () => {
    const { el, root } = await mountWidget({ mode: 'floating' });
    const launcher = root.querySelector('.launcher') as HTMLButtonElement;
    const card = root.querySelector('.card') as HTMLElement;
    launcher.focus();
    launcher.click();
    await eventually(() => expect(card.hidden).toBe(false));
    await eventually(() => expect(card.contains(root.activeElement)).toBe(true));

    pressKey(root.activeElement as Element, 'Escape');
    await eventually(() => expect(card.hidden).toBe(true));
    expect(el.hasAttribute('open')).toBe(false);
    expect(root.activeElement).toBe(launcher);
  });

  it('in a conversation, opening focuses the text box', async () => {
    const { el, root } = await mountWidget({ mode: 'floating' });
    el.startChat();
    el.open();
    await eventually(() => expect(root.activeElement?.tagName).toBe('TEXTAREA'));
  });

  it('a close from outside the card does not take focus from the page', async () => {
    const { el, root } = await mountWidget({ mode: 'floating' });
    const pageInput = document.body.appendChild(document.createElement('input'));
    el.open();
    await eventually(() => expect(root.querySelector('.card')?.hasAttribute('hidden')).toBe(false));
    pageInput.focus();
    el.close();
    await eventually(() => expect(root.querySelector('.card')?.hasAttribute('hidden')).toBe(true));
    expect(document.activeElement).toBe(pageInput);
    pageInput.remove();
  });
});
