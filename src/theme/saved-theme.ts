import type { SafeStorage } from '../common/storage';
import { safeStringify } from '../common/safe-json';
import { THEME_FIELDS, type Theme, type ThemePatch } from './theme';
import { checkThemeObject } from './validate';

/** Where the theme is saved. */
export const THEME_STORAGE_KEY = 'chatbot-theme';

/** What reading a theme from JSON gave: the valid fields, and why anything was refused. */
export interface ThemeReading {
  patch: ThemePatch;
  problems: string[];
}

/** Parses theme JSON (a string, or an already parsed object) and validates every field. */
export function readThemeJson(json: unknown, pageOrigin: string): ThemeReading {
  let value = json;
  if (typeof json === 'string') {
    try {
      value = JSON.parse(json);
    } catch (error) {
      return { patch: {}, problems: [`the theme is not valid JSON (${(error as Error).message})`] };
    }
  }
  return checkThemeObject(value, pageOrigin);
}

/**
 * The saved theme layer. A theme that does not parse is ignored as a whole; a theme that parses keeps
 * its valid fields, so one bad colour does not throw away a store's logo and name.
 */
export function loadSavedTheme(storage: SafeStorage, pageOrigin: string): ThemeReading {
  const saved = storage.get(THEME_STORAGE_KEY);
  if (saved === null) return { patch: {}, problems: [] };
  const reading = readThemeJson(saved, pageOrigin);
  if (reading.problems.length > 0 && Object.keys(reading.patch).length === 0) {
    return {
      patch: {},
      problems: [`the saved theme "${THEME_STORAGE_KEY}" was ignored: ${reading.problems.join('; ')}`],
    };
  }
  return reading;
}

/** The theme as JSON in the export format: every field, in a stable order, pretty-printed. */
export function themeToJson(theme: Theme): string {
  const ordered: Record<string, unknown> = {};
  for (const field of THEME_FIELDS) ordered[field] = theme[field];
  return safeStringify(ordered, '  ');
}

/** Saves `theme`; false when the browser refused (blocked or full storage). */
export function saveThemeTo(storage: SafeStorage, theme: Theme): boolean {
  return storage.set(THEME_STORAGE_KEY, themeToJson(theme));
}
