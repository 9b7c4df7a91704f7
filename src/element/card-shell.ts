import type { FirstView } from '../app/first-view-state';
import { translate } from '../i18n/translate';
import { brandInitial, isUnnamedStore } from '../theme/theme';
import { applyRootConfig, shellRoot } from './shell-root';

/**
 * The inline card's first view, drawn in plain DOM as soon as the element is parsed: the card and the
 * welcome view's greeting (the store's mark, the welcome title and subtitle), with the same markup,
 * classes and parts as React's (ui/app.tsx's card, ui/home-view.tsx's hero), so the store's page shows
 * the card without waiting for the widget to set up, ReactDOM to be evaluated and React to render. It
 * holds nothing to press: the welcome view's buttons come with React, whose card replaces this one in the
 * frame React commits it (this removes itself in the microtask after the commit, before that frame is
 * painted). While the visitor's language is on its way it is empty and busy, as React's card is.
 *
 * Returns the function that removes it early (the element was disconnected).
 */
export function drawCardShell(shadowRoot: ShadowRoot, view: FirstView): () => void {
  const { config, theme, strings, locale, languagePending } = view;
  const root = shellRoot('card-shell');
  applyRootConfig(root, config);
  const widget = element('section', 'widget');
  widget.setAttribute('aria-label', theme.brandName);
  const card = element('div', 'card', 'card');
  if (languagePending) card.setAttribute('aria-busy', 'true');
  else card.append(welcome(view, isUnnamedStore(theme.brandName, strings), locale));
  widget.append(card);
  root.append(widget);
  shadowRoot.append(root);

  // React's commit adds its card; this runs in a microtask after the commit, before the frame is painted.
  const observer = new MutationObserver(() => {
    if ([...shadowRoot.querySelectorAll('.card')].some((candidate) => candidate !== card)) remove();
  });
  observer.observe(shadowRoot, { childList: true, subtree: true });
  function remove(): void {
    observer.disconnect();
    root.remove();
  }
  return remove;
}

/** The welcome view's greeting, as ui/home-view.tsx draws it before anything is pressed. */
function welcome({ theme, strings }: FirstView, unnamed: boolean, locale: string): HTMLElement {
  const view = element('div', 'view', 'view');
  const home = element('div', 'home');
  const hero = element('header', 'home-hero on-primary', 'hero');
  const brandRow = element('div', 'brand-row');
  const logo = element('span', 'logo', 'logo');
  if (theme.logoUrl) {
    const image = document.createElement('img');
    image.src = theme.logoUrl;
    image.alt = unnamed ? '' : translate(strings, locale, 'logoAlt', { brandName: theme.brandName });
    image.referrerPolicy = 'no-referrer';
    logo.append(image);
  } else {
    const initial = element('span');
    initial.setAttribute('aria-hidden', 'true');
    initial.textContent = brandInitial(theme.brandName);
    logo.append(initial);
  }
  brandRow.append(logo);
  const title = element('h2', 'home-title');
  title.textContent = unnamed
    ? strings.welcomeTitleUnnamed
    : translate(strings, locale, 'welcomeTitle', { brandName: theme.brandName });
  const subtitle = element('p', 'home-subtitle');
  subtitle.textContent = strings.welcomeSubtitle;
  hero.append(brandRow, title, subtitle);
  home.append(hero);
  view.append(home);
  return view;
}

/** An element with its classes and part. */
function element<K extends keyof HTMLElementTagNameMap>(tag: K, className = '', part = ''): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag);
  if (className) created.className = className;
  if (part) created.setAttribute('part', part);
  return created;
}
