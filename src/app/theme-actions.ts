import { resolveTheme } from '../theme/resolve';
import { loadSavedTheme, readThemeJson, saveThemeTo, themeToJson } from '../theme/saved-theme';
import type { StringTable } from '../i18n/strings';
import { defaultTheme, type Theme } from '../theme/theme';
import type { AssistantDeps } from './deps';
import type { AssistantState, ThemeLayers } from './state';
import type { Store } from '../shared/store';

/** The effective theme for a state's configuration and layers (SPEC order: defaults, saved, attributes, imported). */
export function themeFor(config: AssistantState['config'], strings: StringTable, layers: ThemeLayers): Theme {
  return resolveTheme(defaultTheme(config.storeDomain, strings), layers.saved, config.themeAttributes, layers.imported);
}

/** Theme actions: saving, importing and exporting, as the element's public methods expose them. */
export function createThemeActions(store: Store<AssistantState>, deps: AssistantDeps) {
  const applyLayers = (layers: ThemeLayers) =>
    store.setState((state) => ({ themeLayers: layers, theme: themeFor(state.config, state.strings, layers) }));

  return {
    /** Reads the saved theme from storage; a theme that does not parse is ignored with a console message. */
    loadSavedTheme(): void {
      const reading = loadSavedTheme(deps.localStorage, deps.pageOrigin);
      reading.problems.forEach((problem) => deps.warn(`saved theme: ${problem}`));
      applyLayers({ ...store.getState().themeLayers, saved: reading.patch });
    },

    /** Saves the effective theme to localStorage "chatbot-theme". False when the browser refuses storage. */
    saveTheme(): boolean {
      const { theme, themeLayers } = store.getState();
      const saved = saveThemeTo(deps.localStorage, theme);
      if (saved) applyLayers({ ...themeLayers, saved: { ...theme } });
      else deps.warn('saveTheme(): the browser refused to store the theme (storage blocked or full)');
      return saved;
    },

    /**
     * Applies a theme given as JSON text or an object. Anything invalid (bad JSON, an unknown field, an
     * unsafe value) leaves the theme unchanged, logs why and returns false.
     */
    importTheme(json: unknown): boolean {
      const reading = readThemeJson(json, deps.pageOrigin);
      if (reading.problems.length > 0) {
        const message = `importTheme(): ${reading.problems.join('; ')}`;
        deps.warn(message);
        deps.emit('error', { source: 'theme', message });
        return false;
      }
      applyLayers({ ...store.getState().themeLayers, imported: reading.patch });
      return true;
    },

    /** The effective theme as JSON, in the format `importTheme` accepts. */
    exportTheme(): string {
      return themeToJson(store.getState().theme);
    },
  };
}
