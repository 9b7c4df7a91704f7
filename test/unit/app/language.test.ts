import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAssistant } from '../../../src/app/assistant';
import { defaultConfig, type AssistantConfig } from '../../../src/app/config';
import { LANGUAGE_WAIT_MS } from '../../../src/app/language';
import { ar } from '../../../src/i18n/languages/ar';
import { de } from '../../../src/i18n/languages/de';
import { createLanguageFiles } from '../../../src/i18n/language-files';
import { englishStrings, type StringTable } from '../../../src/i18n/strings';
import { fakeDeps } from '../../support/fake-deps';
import { eventually } from '../../support/patience';

afterEach(() => vi.useRealTimers());

/** A promise the test settles by hand: a language file still on its way. */
function onItsWay() {
  let resolve: (table: StringTable) => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const promise = new Promise<StringTable>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

/** A widget on a page whose language files come from `load` (each built-in module, by default). */
function widget(load?: (name: string) => Promise<StringTable>) {
  const warnings: string[] = [];
  const files = load
    ? createLanguageFiles({ loaded: () => undefined, load: vi.fn(load), warn: (line) => void warnings.push(line) })
    : null;
  const harness = fakeDeps(files ?? {});
  const assistant = createAssistant(harness.deps);
  const configure = (config: Partial<AssistantConfig>) =>
    assistant.configure({ ...defaultConfig('shop.example'), ...config });
  return { ...harness, assistant, configure, lines: files ? warnings : harness.warnings };
}

describe("the visitor's language", () => {
  it('is fetched as soon as the widget is configured with it, and shown (with the theme in it) when it is there', async () => {
    const { assistant, configure, languageRequests } = widget();
    configure({ lang: 'de-AT' });
    expect(languageRequests).toEqual(['de']);
    expect(assistant.getState().languagePending).toBe(true);
    // The one text shown meanwhile, the brand in the launcher's name, has no English around it.
    expect(assistant.getState().theme.brandName).toBe('Example');
    await eventually(() => expect(assistant.getState().languagePending).toBe(false));
    expect(assistant.getState().strings.welcomeTitle).toBe(de.welcomeTitle);
    expect(assistant.getState().theme.brandName).toBe('Example Shop');
    expect(assistant.getState().theme.welcomeMessage).toBe(
      'Willkommen bei shop.example. Wie können wir Ihnen heute helfen?',
    );
  });

  it('English needs no file and never waits', () => {
    const { assistant, configure, languageRequests } = widget();
    configure({ lang: 'en-GB', strings: { send: 'Go' } });
    expect(assistant.getState().languagePending).toBe(false);
    expect(assistant.getState().strings.send).toBe('Go');
    expect(languageRequests).toEqual([]);
  });

  it("puts the store's overrides on top of the language, and follows new ones without another request", async () => {
    const { assistant, configure, languageRequests } = widget();
    configure({ lang: 'de', strings: { send: 'Los' } });
    await eventually(() => expect(assistant.getState().languagePending).toBe(false));
    expect(assistant.getState().strings.send).toBe('Los');
    expect(assistant.getState().strings.back).toBe(de.back);
    configure({ lang: 'de', strings: { back: 'Zurück!' } });
    expect(assistant.getState().strings.back).toBe('Zurück!');
    expect(assistant.getState().strings.send).toBe(de.send);
    expect(languageRequests).toEqual(['de']);
  });

  it('is fetched once for a lang switched back and forth, and shown at once when it comes back', async () => {
    const { assistant, configure, languageRequests } = widget();
    configure({ lang: 'ar' });
    await eventually(() => expect(assistant.getState().strings.send).toBe(ar.send));
    configure({ lang: 'en' });
    expect(assistant.getState().strings.send).toBe(englishStrings.send);
    configure({ lang: 'ar' });
    expect(assistant.getState().languagePending).toBe(false);
    expect(assistant.getState().strings.send).toBe(ar.send);
    expect(languageRequests).toEqual(['ar']);
  });

  it('is fetched once for every widget on the page', async () => {
    const { deps, languageRequests } = widget();
    const widgets = [createAssistant(deps), createAssistant(deps)];
    for (const assistant of widgets) assistant.configure({ ...defaultConfig('shop.example'), lang: 'fr' });
    for (const assistant of widgets)
      await eventually(() => expect(assistant.getState().strings.welcomeTitle).toBe('Bienvenue chez {brandName}'));
    expect(languageRequests).toEqual(['fr']);
  });

  it('that fails shows English with one console line, and is not asked for again', async () => {
    const load = vi.fn(() => Promise.reject(new Error('404')));
    const { assistant, configure, lines, deps } = widget(load);
    configure({ lang: 'de', strings: { send: 'Los' } });
    await eventually(() => expect(assistant.getState().languagePending).toBe(false));
    expect(assistant.getState().strings.welcomeTitle).toBe(englishStrings.welcomeTitle);
    expect(assistant.getState().strings.send).toBe('Los');
    configure({ lang: 'en' });
    configure({ lang: 'de' });
    expect(assistant.getState().languagePending).toBe(false);
    const second = createAssistant(deps);
    second.configure({ ...defaultConfig('shop.example'), lang: 'de' });
    await eventually(() => expect(second.getState().languagePending).toBe(false));
    expect(load).toHaveBeenCalledTimes(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[store-assistant\] .*"de".*English/);
  });

  it('that is slow keeps a closed card waiting without limit: no English, no console line', async () => {
    vi.useFakeTimers();
    const file = onItsWay();
    const { assistant, configure, lines, deps } = widget(() => file.promise);
    configure({ lang: 'de', mode: 'floating' });
    await vi.advanceTimersByTimeAsync(LANGUAGE_WAIT_MS * 10);
    expect(assistant.getState().languagePending).toBe(true);
    expect(lines).toEqual([]);
    file.resolve(de);
    // The file as the page delivers it: the widget's own handlers, attached first, have run after it.
    await deps.loadLanguage('de');
    expect(assistant.getState().languagePending).toBe(false);
    expect(assistant.getState().strings.send).toBe(de.send);
  });

  it('that keeps an open card waiting too long shows English with one line, then replaces it live', async () => {
    vi.useFakeTimers();
    const file = onItsWay();
    const { assistant, configure, lines, deps } = widget(() => file.promise);
    configure({ lang: 'de', mode: 'floating', strings: { send: 'Los' } });
    assistant.actions.setOpen(true);
    await vi.advanceTimersByTimeAsync(LANGUAGE_WAIT_MS - 1);
    expect(assistant.getState().languagePending).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(assistant.getState().languagePending).toBe(false);
    expect(assistant.getState().strings.back).toBe(englishStrings.back);
    expect(lines).toHaveLength(1);
    // Configured again meanwhile (another attribute), it does not go back to waiting.
    configure({ lang: 'de', mode: 'floating', strings: { send: 'Los' }, typingSpeed: 0 });
    expect(assistant.getState().languagePending).toBe(false);
    file.resolve(de);
    // The file as the page delivers it: the widget's own handlers, attached first, have run after it.
    await deps.loadLanguage('de');
    expect(assistant.getState().strings.back).toBe(de.back);
    expect(assistant.getState().strings.send).toBe('Los');
    expect(assistant.getState().theme.quickActions[0]).toBe('Neuer Kurs');
    expect(lines).toHaveLength(1);
  });

  it('inline, the card is always shown: the wait starts when the widget is configured', async () => {
    vi.useFakeTimers();
    const file = onItsWay();
    const { assistant, configure, lines } = widget(() => file.promise);
    configure({ lang: 'ar', mode: 'inline' });
    await vi.advanceTimersByTimeAsync(LANGUAGE_WAIT_MS);
    expect(assistant.getState().languagePending).toBe(false);
    expect(lines).toHaveLength(1);
  });

  it('that arrives after the visitor switched to another language is not shown', async () => {
    const file = onItsWay();
    const { assistant, configure, deps } = widget(() => file.promise);
    configure({ lang: 'de' });
    configure({ lang: 'en' });
    expect(assistant.getState().languagePending).toBe(false);
    file.resolve(de);
    // The file as the page delivers it: the widget's own handlers, attached first, have run after it.
    await deps.loadLanguage('de');
    expect(assistant.getState().strings.send).toBe(englishStrings.send);
  });
});

describe('the language the texts are written in', () => {
  it("is the visitor's tag once their language is shown, and English's while English stands in", async () => {
    const failing = onItsWay();
    const { assistant, configure } = widget(() => failing.promise);
    configure({ lang: 'ar-EG' });
    failing.reject(new Error('offline'));
    await eventually(() => expect(assistant.getState().languagePending).toBe(false));
    expect(assistant.getState().locale).toBe('en');

    const { assistant: arabic, configure: configureArabic } = widget();
    configureArabic({ lang: 'ar-EG' });
    await eventually(() => expect(arabic.getState().languagePending).toBe(false));
    expect(arabic.getState().locale).toBe('ar-EG');
    expect(arabic.getState().strings.messageCount).toEqual(ar.messageCount);
  });
});
