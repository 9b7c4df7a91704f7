import type { StringTable } from '../i18n/strings';
import type { Emit, ErrorDetail, Warn } from '../common/events';
import type { SafeStorage } from '../common/storage';
import type { SliceStore } from '../common/store';
import { resolveTheme } from './theme-layers';
import { loadSavedTheme, readThemeJson, saveThemeTo, themeToJson } from './saved-theme';
import { defaultTheme, type Theme, type ThemePatch } from './theme';

/** The theme layers above the defaults, kept so a change to one layer re-resolves the rest. */
export interface ThemeLayers {
  saved: ThemePatch;
  imported: ThemePatch;
}

/** What the theme feature reads and writes of the whole state. */
export interface ThemeView {
  theme: Theme;
  themeLayers: ThemeLayers;
  strings: StringTable;
  config: { storeDomain: string; themeAttributes: ThemePatch };
}

/** Every side effect the theme may cause. */
export interface ThemeDeps {
  localStorage: SafeStorage;
  pageOrigin: string;
  warn: Warn;
  emit: Emit<{ error: ErrorDetail }>;
}

/** What the store owner (through the element's methods) can do with the theme. */
export interface ThemeActions {
  /** Saves the effective theme to localStorage "chatbot-theme". False when the browser refuses storage. */
  saveTheme(): boolean;
  /**
   * Applies a theme given as JSON text or an object. Anything invalid (bad JSON, an unknown field, an
   * unsafe value) leaves the theme unchanged, logs why and returns false.
   */
  importTheme(json: unknown): boolean;
  /** The effective theme as JSON, in the format `importTheme` accepts. */
  exportTheme(): string;
}

/** The effective theme for a configuration and layers (in order: defaults, saved, attributes, imported; later layers win). */
export function themeFor(config: ThemeView['config'], strings: StringTable, layers: ThemeLayers): Theme {
  return resolveTheme(defaultTheme(config.storeDomain, strings), layers.saved, config.themeAttributes, layers.imported);
}

/** The theme feature: saving, importing and exporting, and reading the saved theme at start. */
export function createThemeSlice(store: SliceStore<ThemeView, 'theme' | 'themeLayers'>, deps: ThemeDeps) {
  const applyLayers = (layers: ThemeLayers) =>
    store.setState((state) => ({ themeLayers: layers, theme: themeFor(state.config, state.strings, layers) }));

  const actions: ThemeActions = {
    saveTheme() {
      const { theme, themeLayers } = store.getState();
      const saved = saveThemeTo(deps.localStorage, theme);
      if (saved) applyLayers({ ...themeLayers, saved: { ...theme } });
      else deps.warn('saveTheme(): the browser refused to store the theme (storage blocked or full)');
      return saved;
    },
    importTheme(json) {
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
    exportTheme: () => themeToJson(store.getState().theme),
  };

  return {
    actions,

    /** Reads the saved theme from storage; a theme that does not parse is ignored with a console message. */
    loadSavedTheme(): void {
      const reading = loadSavedTheme(deps.localStorage, deps.pageOrigin);
      reading.problems.forEach((problem) => deps.warn(`saved theme: ${problem}`));
      applyLayers({ ...store.getState().themeLayers, saved: reading.patch });
    },
  };
}
