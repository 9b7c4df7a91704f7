import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createAssistant, type Assistant } from '../../src/app/assistant';
import { defaultConfig, type AssistantConfig } from '../../src/app/config';
import { VERSION } from '../../src/common/version';
import { ElementRoot } from '../../src/element/element-root';
import { de } from '../../src/i18n/languages/de';
import { englishStrings, formatString, type StringTable } from '../../src/i18n/strings';
import { fakeDeps } from '../support/fake-deps';
import { reactRootsPerTest, type TestRoot } from '../support/react-roots';
import { eventually, mountWidget } from './helpers';

const BRAND = 'Northwind';

/** Texts of the English table as the card would show them: none may appear while German is on its way. */
const ENGLISH = [
  formatString(englishStrings.welcomeTitle, { brandName: BRAND }),
  englishStrings.askQuestion,
  englishStrings.startLiveCall,
  formatString(englishStrings.openChat, { brandName: BRAND }),
  englishStrings.closeChat,
];

/**
 * The widget's React tree, in `root`, for a page whose German file arrives when the test says, with every
 * text and accessible name it shows recorded from the first render on.
 */
function renderWaitingForGerman(config: Partial<AssistantConfig>, { container, root }: TestRoot) {
  let arrive: (table: StringTable) => void = () => undefined;
  const file = new Promise<StringTable>((resolve) => (arrive = resolve));
  const assistant: Assistant = createAssistant(fakeDeps({ loadLanguage: () => file }).deps);
  assistant.configure({
    ...defaultConfig('shop.example'),
    themeAttributes: { brandName: BRAND },
    lang: 'de',
    ...config,
  });
  const seen = new Set<string>();
  const record = () => {
    seen.add(container.textContent ?? '');
    for (const named of container.querySelectorAll('[aria-label]')) seen.add(named.getAttribute('aria-label') ?? '');
  };
  new MutationObserver(record).observe(container, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
  });
  act(() => root.render(<ElementRoot assistant={assistant} />));
  record();
  const english = () => [...seen].filter((text) => ENGLISH.some((words) => text.includes(words)));
  return { assistant, container, english, arrive: (table: StringTable) => act(async () => arrive(table)) };
}

describe('a card whose language is on its way', () => {
  const newRoot = reactRootsPerTest();

  it('shows no text, then the language: never English in between', async () => {
    const { container, english, arrive } = renderWaitingForGerman({ mode: 'inline' }, newRoot());
    const card = container.querySelector('.card') as HTMLElement;
    expect(card.getAttribute('aria-busy')).toBe('true');
    expect(card.textContent).toBe('');
    await arrive(de);
    await eventually(() => expect(card.textContent).toContain(formatString(de.welcomeTitle, { brandName: BRAND })));
    expect(card.hasAttribute('aria-busy')).toBe(false);
    expect(english()).toEqual([]);
  });

  it('names the launcher by the brand alone, opens empty, and takes focus when the language arrives', async () => {
    const { assistant, container, english, arrive } = renderWaitingForGerman({ mode: 'floating' }, newRoot());
    const launcher = container.querySelector('.launcher') as HTMLButtonElement;
    expect(launcher.getAttribute('aria-label')).toBe(BRAND);
    launcher.focus();
    act(() => launcher.click());
    expect(assistant.getState().isOpen).toBe(true);
    const card = container.querySelector('.card') as HTMLElement;
    expect(card.textContent).toBe('');
    expect(launcher.getAttribute('aria-label')).toBe(BRAND);
    await arrive(de);
    await eventually(() => expect(launcher.getAttribute('aria-label')).toBe(de.closeChat));
    expect(card.textContent).toContain(de.askQuestion);
    expect(card.contains(document.activeElement)).toBe(true);
    expect(english()).toEqual([]);
  });

  it("names a store nothing names in English for that moment, never with an empty name, then in the visitor's language", async () => {
    const { assistant, container, arrive } = renderWaitingForGerman(
      { storeDomain: '', mode: 'floating', themeAttributes: {} },
      newRoot(),
    );
    const launcher = container.querySelector('.launcher') as HTMLButtonElement;
    expect(assistant.getState().languagePending).toBe(true);
    expect(launcher.getAttribute('aria-label')).toBe(englishStrings.openChatUnnamed);
    act(() => launcher.click());
    const names = () =>
      ['.widget', '.card'].map((selector) => container.querySelector(selector)?.getAttribute('aria-label'));
    // The widget's region and the card's dialog need a name too: the English stand-in, for that moment.
    expect(names()).toEqual([englishStrings.defaultBrandNameUnnamed, englishStrings.defaultBrandNameUnnamed]);
    expect(launcher.getAttribute('aria-label')).toBe(englishStrings.closeChat);
    await arrive(de);
    await eventually(() => expect(names()).toEqual([de.defaultBrandNameUnnamed, de.defaultBrandNameUnnamed]));
    expect(launcher.getAttribute('aria-label')).toBe(de.closeChat);
    act(() => launcher.click());
    expect(launcher.getAttribute('aria-label')).toBe(de.openChatUnnamed);
  });
});

describe('a language file that cannot be loaded', () => {
  const registry = () =>
    (globalThis as unknown as Record<symbol, Map<string, unknown>>)[Symbol.for('store-assistant.parts')];

  it('leaves the card in English with one console line, however many widgets ask for it', async () => {
    // Spanish is not on this page, and there is no script address to fetch it from.
    const key = `lang-es@${VERSION}`;
    const spanish = registry()?.get(key);
    registry()?.delete(key);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const first = await mountWidget({ lang: 'es', 'brand-name': BRAND });
      const second = await mountWidget({ lang: 'es-MX', 'brand-name': BRAND });
      for (const { findByRole } of [first, second])
        await findByRole('heading', { name: formatString(englishStrings.welcomeTitle, { brandName: BRAND }) });
      const lines = warn.mock.calls.map((call) => String(call[0])).filter((line) => line.includes('"es"'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^\[store-assistant\] /);
    } finally {
      registry()?.set(key, spanish);
    }
  });
});
