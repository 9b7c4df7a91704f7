import type { Theme } from './theme';

/**
 * The CSS custom properties each colour field of the theme becomes on the host element. Only values
 * that passed validation ever reach this map (see validate.ts).
 */
export const THEME_CSS_VARIABLES = {
  primaryGradient: '--sa-primary-gradient',
  secondaryGradient: '--sa-secondary-gradient',
  accentColor: '--sa-accent-color',
} as const satisfies Partial<Record<keyof Theme, `--sa-${string}`>>;

/** The custom properties for `theme`, as name and value pairs ready for `style.setProperty`. */
export function themeCssVariables(theme: Theme): [name: string, value: string][] {
  return (Object.keys(THEME_CSS_VARIABLES) as (keyof typeof THEME_CSS_VARIABLES)[]).map((field) => [
    THEME_CSS_VARIABLES[field],
    theme[field],
  ]);
}
