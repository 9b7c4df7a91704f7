import type { AssistantView } from '../app/assistant';
import type { AssistantState } from '../app/state';
import { directionOf } from '../i18n/resolve';
import { formatString } from '../i18n/strings';

/**
 * Floating mode's launcher, drawn in plain DOM the moment the element is connected: the same markup,
 * classes and parts as the React launcher (ui/launcher.tsx inside ui/app.tsx's widget), so the store's
 * page shows it without waiting for ReactDOM to be evaluated and React to render. It is the launcher
 * until React's own is in the shadow root, then it removes itself (before that frame is painted, passing
 * on focus if it had it). A tap on it meanwhile opens the card through the store, and the card is there
 * as soon as React renders. A visitor reaching for it (a pointer on it, a touch, keyboard focus) calls
 * `onIntent`, so React is not left waiting for an idle moment.
 *
 * Returns the function that removes it early (the element was disconnected, or left floating mode).
 */
export function drawLauncherShell(shadowRoot: ShadowRoot, assistant: AssistantView, onIntent: () => void): () => void {
  const root = document.createElement('div');
  root.className = 'root';
  root.setAttribute('part', 'root');
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

  const draw = (state: AssistantState) => {
    const { config, theme, strings, isOpen, unread } = state;
    root.lang = config.lang;
    root.dir = directionOf(config.lang);
    root.dataset.scheme = config.colorScheme === 'dark' || (config.colorScheme === 'auto' && prefersDark()) ? 'dark' : 'light';
    widget.className = config.position === 'bottom-left' ? 'widget at-left' : 'widget';
    widget.setAttribute('aria-label', theme.brandName);
    const brandName = theme.brandName;
    const label = isOpen
      ? strings.closeChat
      : unread > 0
        ? formatString(strings.openChatUnread, { brandName, count: unread })
        : formatString(strings.openChat, { brandName });
    button.setAttribute('aria-label', label);
    button.setAttribute('aria-expanded', String(isOpen));
    icon.className = `icon icon-${isOpen ? 'close' : 'launcher'}`;
    if (unread > 0) {
      badge.textContent = unread > 9 ? '9+' : String(unread);
      if (!badge.isConnected) button.append(badge);
    } else badge.remove();
  };

  button.addEventListener('click', () => assistant.actions.setOpen(!assistant.getState().isOpen));
  for (const intent of ['pointerenter', 'pointerdown', 'focus'] as const) button.addEventListener(intent, onIntent, { once: true });
  draw(assistant.getState());
  shadowRoot.append(root);

  let removed = false;
  const unsubscribe = assistant.subscribe((state) => {
    if (state.config.mode !== 'floating') remove();
    else draw(state);
  });
  // React's commit adds its launcher; this runs in a microtask after it, before the frame is painted.
  const observer = new MutationObserver(() => {
    const reactLauncher = [...shadowRoot.querySelectorAll<HTMLElement>('.launcher')].find((candidate) => candidate !== button);
    if (!reactLauncher) return;
    const hadFocus = shadowRoot.activeElement === button;
    remove();
    if (hadFocus) reactLauncher.focus();
  });
  observer.observe(shadowRoot, { childList: true, subtree: true });

  function remove(): void {
    if (removed) return;
    removed = true;
    unsubscribe();
    observer.disconnect();
    root.remove();
  }
  return remove;
}

function prefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
}
