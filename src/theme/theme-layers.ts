import { THEME_FIELDS, type Theme, type ThemePatch } from './theme';

/**
 * The effective theme: each layer's fields replace the ones before it. Callers pass, in order, the
 * defaults, the saved theme, the element's attributes and any theme imported at run time.
 */
export function resolveTheme(defaults: Theme, ...layers: ThemePatch[]): Theme {
  const theme: Theme = {
    ...defaults,
    quickActions: [...defaults.quickActions],
    badgeImages: [...defaults.badgeImages],
  };
  for (const layer of layers) {
    for (const field of THEME_FIELDS) {
      const value = layer[field];
      if (value !== undefined)
        (theme as unknown as Record<string, unknown>)[field] = Array.isArray(value) ? [...value] : value;
    }
  }
  return theme;
}
