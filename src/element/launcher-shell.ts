import type { AssistantView } from '../app/assistant';
import type { FirstView } from '../app/first-view-state';
import { LAUNCHER_ICON_PATHS } from './launcher-icons';
import { applyRootConfig, shellRoot } from './shell-root';
import { launcherLabel } from '../ui/launcher-label';

/** What the launcher drawn before React shows and hands over to: the store, once it is made. */
export interface LauncherShell {
  /** From now on the launcher shows `assistant`'s state and gives way to React's launcher when it comes. */
  follow(assistant: AssistantView): void;
  /** Removes it early (the element was disconnected, or left floating mode). */
  remove(): void;
}

/**
 * Floating mode's launcher, drawn in plain DOM as the first view: the same markup, classes and parts as
 * the React launcher (ui/launcher.tsx inside ui/app.tsx's widget), so the store's page shows it without
 * waiting for the widget to set up, ReactDOM to be evaluated and React to render. It shows `first` until
 * it follows the store, and is the launcher until React's own is in the shadow root, then it removes
 * itself (before that frame is painted, passing on focus if it had it). A visitor reaching for it (a
 * pointer on it, a touch, keyboard focus) calls `onIntent`, so nothing is left waiting for an idle moment.
 * A tap on it shows it pressed at once and opens the card the moment React's launcher takes over, as a
 * tap on that one would: the card cannot be drawn before, and opened that way it also takes keyboard
 * focus the way a normal opening does.
 */
export function drawLauncherShell(shadowRoot: ShadowRoot, first: FirstView, onIntent: () => void): LauncherShell {
  const markup = launcherMarkup();
  const { root, button } = markup;
  let assistant: AssistantView | null = null;
  /** A tap asked to open (or, tapped again, not to): applied when React takes over. */
  let openWhenReady = false;
  const current = () => assistant?.getState() ?? first;
  const draw = (state: FirstView) => drawState(markup, state, state.isOpen || openWhenReady);

  button.addEventListener('click', () => {
    if (current().isOpen) return assistant?.actions.setOpen(false);
    openWhenReady = !openWhenReady;
    onIntent();
    draw(current());
  });
  for (const intent of ['pointerenter', 'pointerdown', 'focus'] as const)
    button.addEventListener(intent, onIntent, { once: true });
  draw(first);
  shadowRoot.append(root);

  let removed = false;
  let unsubscribe = () => {};
  const handOver = () => {
    const reactLauncher = [...shadowRoot.querySelectorAll<HTMLElement>('.launcher')].find(
      (candidate) => candidate !== button,
    );
    // A press on this button must end on it, or the browser sends no click: wait until it is let go.
    if (!assistant || !reactLauncher || press.held()) return;
    const hadFocus = shadowRoot.activeElement === button;
    remove();
    if (hadFocus) reactLauncher.focus();
    if (openWhenReady) assistant.actions.setOpen(true);
  };
  const press = trackPress(button, handOver);
  // React's commit adds its launcher (hidden by the stylesheet while this one is drawn); this runs in a
  // microtask after the commit, before the frame is painted.
  const observer = new MutationObserver(handOver);
  observer.observe(shadowRoot, { childList: true, subtree: true });

  function remove(): void {
    if (removed) return;
    removed = true;
    unsubscribe();
    observer.disconnect();
    press.stop();
    root.remove();
  }
  function follow(store: AssistantView): void {
    if (removed || assistant) return;
    if (store.getState().config.mode !== 'floating') return remove();
    assistant = store;
    unsubscribe = store.subscribe((state) => {
      if (state.config.mode !== 'floating') remove();
      else draw(state);
    });
    draw(store.getState());
  }
  return { follow, remove };
}

/**
 * Whether `button` is being pressed (a pointer or Enter or Space held on it); `onRelease` runs in the task
 * after the press ends, once the click it makes has been handled.
 */
function trackPress(button: HTMLElement, onRelease: () => void): { held(): boolean; stop(): void } {
  let held = false;
  const release = () => {
    if (!held) return;
    held = false;
    setTimeout(onRelease, 0);
  };
  const pressKey = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') held = true;
  };
  button.addEventListener('pointerdown', () => (held = true));
  button.addEventListener('keydown', pressKey);
  button.addEventListener('keyup', release);
  button.addEventListener('blur', release);
  // Wherever the pointer is let go. The button's own listeners go with it; the window's are removed.
  const windowEvents = ['pointerup', 'pointercancel'] as const;
  for (const type of windowEvents) window.addEventListener(type, release, true);
  return {
    held: () => held,
    stop: () => windowEvents.forEach((type) => window.removeEventListener(type, release, true)),
  };
}

/** The markup of React's launcher (ui/launcher.tsx in ui/app.tsx's widget), in plain DOM. */
function launcherMarkup() {
  // The stylesheet hides React's launcher while this one is drawn (.launcher-shell ~ .root .launcher).
  const root = shellRoot('launcher-shell');
  const widget = document.createElement('section');
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'launcher';
  button.setAttribute('part', 'launcher');
  const icon = document.createElement('span');
  icon.setAttribute('aria-hidden', 'true');
  const badge = document.createElement('span');
  badge.className = 'launcher-badge';
  badge.setAttribute('part', 'launcher-badge');
  badge.setAttribute('aria-hidden', 'true');
  button.append(icon);
  widget.append(button);
  root.append(widget);
  return { root, widget, button, icon, badge };
}

const SVG = 'http://www.w3.org/2000/svg';

/**
 * The launcher's icon: React's classes (`icon icon-<name>`, a mask of the icons' sprite), and the icon
 * drawn inline, which the first view's stylesheet shows instead of the mask (floating-launcher.css): an
 * SVG image would cost the first frame its own document's style recalculation.
 */
function drawIcon(icon: HTMLElement, name: keyof typeof LAUNCHER_ICON_PATHS): void {
  const className = `icon icon-${name}`;
  if (icon.className === className) return;
  icon.className = className;
  const svg = document.createElementNS(SVG, 'svg');
  for (const [attribute, value] of Object.entries(SVG_ATTRIBUTES)) svg.setAttribute(attribute, value);
  for (const data of LAUNCHER_ICON_PATHS[name]) {
    const path = document.createElementNS(SVG, 'path');
    path.setAttribute('d', data);
    svg.append(path);
  }
  icon.replaceChildren(svg);
}

/** The icons' drawing, as the sprite's: a 24-unit box, stroked with the text colour, two units wide. */
const SVG_ATTRIBUTES = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  'stroke-width': '2',
  'stroke-linecap': 'round',
  'stroke-linejoin': 'round',
} as const;

/** Sets what React's launcher would show for `state`: language, scheme, corner, label, icon and unread count. */
function drawState(
  { root, widget, button, icon, badge }: ReturnType<typeof launcherMarkup>,
  state: FirstView,
  isOpen: boolean,
): void {
  const { config, theme, unread } = state;
  const brandName = theme.brandName;
  applyRootConfig(root, config);
  widget.className = config.position === 'bottom-left' ? 'widget at-left' : 'widget';
  widget.setAttribute('aria-label', brandName);
  button.setAttribute('aria-label', launcherLabel(state, isOpen));
  button.setAttribute('aria-expanded', String(isOpen));
  drawIcon(icon, isOpen ? 'close' : 'launcher');
  if (unread > 0) {
    badge.textContent = unread > 9 ? '9+' : String(unread);
    if (!badge.isConnected) button.append(badge);
  } else badge.remove();
}
