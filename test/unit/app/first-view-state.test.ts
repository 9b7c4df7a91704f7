import { describe, expect, it } from 'vitest';
import { createAssistant } from '../../../src/app/assistant';
import { defaultConfig, type AssistantConfig } from '../../../src/app/config';
import { firstView, hasSomethingToResume } from '../../../src/app/first-view-state';
import { memoryStorage } from '../../../src/common/storage';
import { THEME_STORAGE_KEY } from '../../../src/theme/saved-theme';
import { fakeDeps } from '../../support/fake-deps';

// The first view is drawn before the store is made (element/launcher-shell.ts, element/card-shell.ts): it
// must show what the store shows once made and configured alike, or the launcher would change colour,
// name or language when the store takes over.

const ORIGIN = 'https://shop.example';

/** The store's view of `config`, made over `localStorage`, as the element makes and configures it. */
function storeView(config: AssistantConfig, localStorage: ReturnType<typeof memoryStorage>) {
  const assistant = createAssistant(fakeDeps({ localStorage, pageOrigin: ORIGIN }).deps);
  assistant.configure(config);
  const { theme, strings, locale, languagePending } = assistant.getState();
  assistant.dispose();
  return { theme, strings, locale, languagePending };
}

const firstViewOf = (config: AssistantConfig, localStorage: ReturnType<typeof memoryStorage>) => {
  const { theme, strings, locale, languagePending } = firstView(config, localStorage, ORIGIN);
  return { theme, strings, locale, languagePending };
};

describe('the first view drawn before the store', () => {
  it('has the store’s theme from the same layers: the defaults, the theme saved here, the attributes', () => {
    const saved = { primaryGradient: 'linear-gradient(135deg, #0f766e, #115e59)', brandName: 'Saved name' };
    const localStorage = memoryStorage({ [THEME_STORAGE_KEY]: JSON.stringify(saved) });
    const config = { ...defaultConfig('shop.example'), mode: 'floating' as const };
    config.themeAttributes = { brandName: 'Acme' };
    const first = firstViewOf(config, localStorage);
    expect(first.theme.primaryGradient).toBe(saved.primaryGradient);
    expect(first.theme.brandName).toBe('Acme');
    expect(first).toEqual(storeView(config, localStorage));
  });

  it('in English and in a language whose file is on its way, as the store shows them meanwhile', () => {
    for (const lang of ['en', 'fr', 'ar']) {
      const config = { ...defaultConfig('shop.example'), lang };
      const first = firstViewOf(config, memoryStorage());
      expect(first.languagePending).toBe(lang !== 'en');
      expect(first).toEqual(storeView(config, memoryStorage()));
    }
  });
});

describe('what the tab holds to take up', () => {
  it('is a call a previous page kept, or a takeover in progress, and nothing else', () => {
    expect(hasSomethingToResume(memoryStorage(), memoryStorage())).toBe(false);
    expect(hasSomethingToResume(memoryStorage({ 'store-assistant:view': 'chat' }), memoryStorage())).toBe(false);
    expect(hasSomethingToResume(memoryStorage(), memoryStorage({ 'store-assistant:kept-call': '{}' }))).toBe(true);
    expect(hasSomethingToResume(memoryStorage({ 'store-assistant:handoff:c1': '{}' }), memoryStorage())).toBe(true);
    expect(hasSomethingToResume(memoryStorage(), memoryStorage({ 'store-assistant:handoff:c2': '{}' }))).toBe(true);
  });
});
