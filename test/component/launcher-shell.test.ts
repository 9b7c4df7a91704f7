import { describe, expect, it, vi } from 'vitest';
import { eventually, nextEvent, TEST_WEBHOOK } from './helpers';
import type { StoreAssistantElement } from '../../src/element/store-assistant-element';

// Floating mode's launcher is drawn in plain DOM when the element is connected, before ReactDOM has been
// evaluated; React's own launcher replaces it. The visitor never sees two, never sees none, and a tap
// before React has rendered is not lost.

/** Attaches a floating widget and returns it at once, before React has had a task to render in. */
function attachFloating(attributes: Record<string, string> = {}): { el: StoreAssistantElement; root: ShadowRoot } {
  const el = document.createElement('store-assistant') as StoreAssistantElement;
  for (const [name, value] of Object.entries({
    mode: 'floating',
    'webhook-url': TEST_WEBHOOK,
    'typing-speed': '0',
    ...attributes,
  }))
    el.setAttribute(name, value);
  document.body.append(el);
  return { el, root: el.shadowRoot as ShadowRoot };
}

const launchers = (root: ShadowRoot) => [...root.querySelectorAll<HTMLButtonElement>('[part~="launcher"]')];
/** React has rendered the widget: its root holds the section with the launcher and the live region. */
const reactRendered = (root: ShadowRoot) => root.querySelector('.root [role="status"]') !== null;

describe('the launcher drawn before React', () => {
  it('is defined by the script itself, so an element pasted after it is upgraded as the parser meets it', () => {
    expect(customElements.get('store-assistant')).toBeDefined();
  });

  it('is on the page as soon as the element is connected, with the label, position and colours of the real one', () => {
    const { el, root } = attachFloating({
      'brand-name': 'Northwind',
      position: 'bottom-left',
      'color-scheme': 'dark',
      lang: 'de',
    });
    expect(reactRendered(root)).toBe(false);
    const [launcher] = launchers(root);
    expect(launcher?.getAttribute('aria-label')).toBe('Chat mit Northwind öffnen');
    expect(launcher?.getAttribute('aria-expanded')).toBe('false');
    expect(launcher?.type).toBe('button');
    expect(launcher?.querySelector('.icon-launcher')).not.toBeNull();
    expect(launcher?.closest('section')?.className).toBe('widget at-left');
    const shellRoot = launcher?.closest('.root') as HTMLElement;
    expect(shellRoot.getAttribute('part')).toBe('root');
    expect(shellRoot.dataset.scheme).toBe('dark');
    expect(shellRoot.lang).toBe('de');
    expect(el.style.getPropertyValue('--sa-primary-gradient')).toContain('linear-gradient');
  });

  it("gives way to React: one launcher at every moment, then only React's", async () => {
    const { root } = attachFloating();
    const shell = launchers(root)[0];
    const counts = new Set<number>();
    const observer = new MutationObserver(() => counts.add(launchers(root).length));
    observer.observe(root, { childList: true, subtree: true });
    await eventually(() => expect(reactRendered(root)).toBe(true));
    observer.disconnect();
    expect(launchers(root)).toHaveLength(1);
    expect(launchers(root)[0]).not.toBe(shell);
    expect(shell?.isConnected).toBe(false);
    // Mutation records arrive after React's commit; the shell was removed in the same microtask checkpoint.
    expect([...counts].every((count) => count === 1)).toBe(true);
  });

  it('a tap before React has rendered shows at once, and opens the card when React takes over, focus inside it', async () => {
    const { el, root } = attachFloating();
    const shell = launchers(root)[0];
    shell?.focus();
    shell?.click();
    expect(shell?.getAttribute('aria-expanded')).toBe('true');
    expect(shell?.getAttribute('aria-label')).toBe('Close chat');
    expect(shell?.querySelector('.icon-close')).not.toBeNull();
    await eventually(() => expect(root.querySelector<HTMLElement>('.floating-card')?.hidden).toBe(false));
    expect(el.hasAttribute('open')).toBe(true);
    expect(launchers(root)).toHaveLength(1);
    expect(launchers(root)[0]?.getAttribute('aria-expanded')).toBe('true');
    // As an opening from React's launcher does on a device with a keyboard: focus moves into the card.
    await eventually(() => expect(root.activeElement?.closest('.floating-card')).not.toBeNull());
  });

  it('a press that React renders during is not lost: the launcher pressed stays until it is let go', async () => {
    const { el, root } = attachFloating();
    const rendered = nextEvent(el, 'store-assistant:ready');
    const shell = launchers(root)[0] as HTMLButtonElement;
    shell.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }));
    // Ready comes from React's effects, after its commit and the hand-over that commit set off.
    await rendered;
    expect(reactRendered(root)).toBe(true);
    // Both are in the shadow root; the stylesheet keeps React's hidden under the one being pressed.
    expect(shell.isConnected).toBe(true);
    expect(launchers(root)).toHaveLength(2);
    expect(shell.closest('.root')?.classList.contains('launcher-shell')).toBe(true);
    shell.dispatchEvent(new PointerEvent('pointerup', { bubbles: true, composed: true }));
    shell.click();
    await eventually(() => expect(root.querySelector<HTMLElement>('.floating-card')?.hidden).toBe(false));
    expect(el.hasAttribute('open')).toBe(true);
    expect(launchers(root)).toHaveLength(1);
    expect(shell.isConnected).toBe(false);
  });

  it('a second tap before React has rendered takes the first back', async () => {
    const { el, root } = attachFloating();
    const rendered = nextEvent(el, 'store-assistant:ready');
    launchers(root)[0]?.click();
    launchers(root)[0]?.click();
    expect(launchers(root)[0]?.getAttribute('aria-expanded')).toBe('false');
    // Ready comes from React's effects, after the hand-over that would have applied the tap.
    await rendered;
    expect(reactRendered(root)).toBe(true);
    expect(el.hasAttribute('open')).toBe(false);
    expect(launchers(root)[0]?.getAttribute('aria-expanded')).toBe('false');
  });

  it("hands focus on to React's launcher when it had it", async () => {
    const { root } = attachFloating();
    launchers(root)[0]?.focus();
    expect(root.activeElement).toBe(launchers(root)[0]);
    await eventually(() => expect(reactRendered(root)).toBe(true));
    expect(root.activeElement).toBe(launchers(root)[0]);
    expect(root.activeElement?.closest('.root')?.querySelector('[role="status"]')).not.toBeNull();
  });

  it('follows attribute changes until React takes over, and goes when the element leaves floating mode', async () => {
    const { el, root } = attachFloating({ 'brand-name': 'Acme' });
    el.setAttribute('brand-name', 'Lumen');
    await Promise.resolve();
    expect(launchers(root)[0]?.getAttribute('aria-label')).toBe('Open chat with Lumen');
    el.setAttribute('mode', 'inline');
    await Promise.resolve();
    expect(launchers(root)).toHaveLength(0);
    await eventually(() => expect(root.querySelector('.root .card')).not.toBeNull());
    expect(launchers(root)).toHaveLength(0);
  });

  it('is removed with the element, and drawn again when it is attached again', async () => {
    const { el, root } = attachFloating();
    el.remove();
    expect(launchers(root)).toHaveLength(0);
    document.body.append(el);
    expect(launchers(root)).toHaveLength(1);
    await eventually(() => expect(reactRendered(root)).toBe(true));
    expect(launchers(root)).toHaveLength(1);
  });

  it('an inline widget draws no launcher', async () => {
    const { root } = attachFloating({ mode: 'inline' });
    expect(launchers(root)).toHaveLength(0);
    await eventually(() => expect(root.querySelector('.root .card')).not.toBeNull());
    expect(launchers(root)).toHaveLength(0);
    vi.restoreAllMocks();
  });
});
