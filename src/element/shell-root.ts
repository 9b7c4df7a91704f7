import type { AssistantConfig } from '../app/config';
import { directionOf } from '../i18n/language-choice';

/**
 * The root a view drawn before React sits in (the launcher, the inline card's first view), with what
 * element-root.tsx gives React's: its classes and part, the language and its direction, and the colour
 * scheme (`auto` follows the visitor's system setting).
 */
export function shellRoot(className: string): HTMLDivElement {
  const root = document.createElement('div');
  root.className = `root ${className}`;
  root.setAttribute('part', 'root');
  return root;
}

/** Sets `root`'s language, direction and colour scheme from `config`, as React's root has them. */
export function applyRootConfig(root: HTMLElement, config: Pick<AssistantConfig, 'lang' | 'colorScheme'>): void {
  root.lang = config.lang;
  root.dir = directionOf(config.lang);
  root.dataset.scheme =
    config.colorScheme === 'dark' || (config.colorScheme === 'auto' && prefersDark()) ? 'dark' : 'light';
}

function prefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
}
