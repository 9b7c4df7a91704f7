import { eventually } from '../support/patience';
import type { EnginePage, Key } from './driver';

/** What to find in the widget's shadow root: a role and an accessible name, optionally inside `within`. */
export interface Query {
  role: 'button' | 'textbox' | 'link' | 'group' | 'heading' | 'alert' | 'img';
  /** The whole name, or a pattern's source (case-sensitive) it must match. */
  name: string | { pattern: string };
  /** A CSS selector inside the shadow root the element must be in. */
  within?: string;
}

interface Found {
  x: number;
  y: number;
  width: number;
  height: number;
  disabled: boolean;
}

/**
 * Finds the first visible element of `query` in the first widget's shadow root: its box and whether it is
 * disabled, or null. Runs in the page, so it uses nothing from outside.
 */
function findInWidget(query: Query): Found | null {
  const roles: Record<string, string> = {
    button: 'button, [role="button"]',
    textbox: 'textarea, input:not([type]), input[type="text"], [role="textbox"]',
    link: 'a[href], [role="link"]',
    group: '[role="group"], fieldset',
    heading: 'h1, h2, h3, h4, h5, h6, [role="heading"]',
    alert: '[role="alert"]',
    img: 'img[alt], [role="img"]',
  };
  const root = document.querySelector('store-assistant')?.shadowRoot;
  if (!root) return null;
  const scope = query.within ? root.querySelector(query.within) : root;
  if (!scope) return null;
  const nameOf = (element: Element): string => {
    const label = element.getAttribute('aria-label') ?? element.getAttribute('alt');
    if (label !== null) return label.trim();
    const ids = element.getAttribute('aria-labelledby');
    const text = ids
      ? ids
          .split(/\s+/)
          .map((id) => root.getElementById(id)?.textContent ?? '')
          .join(' ')
      : (element.textContent ?? '');
    return text.replace(/\s+/g, ' ').trim();
  };
  const wanted = query.name;
  const matches = (name: string) =>
    typeof wanted === 'string' ? name === wanted : new RegExp(wanted.pattern).test(name);
  for (const element of scope.querySelectorAll(roles[query.role] ?? query.role)) {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || !matches(nameOf(element))) continue;
    const disabled = (element as HTMLButtonElement).disabled || element.getAttribute('aria-disabled') === 'true';
    return { x: box.x + box.width / 2, y: box.y + box.height / 2, width: box.width, height: box.height, disabled };
  }
  return null;
}

/** The widget on an engine page: found by role and name in its shadow root, clicked and typed into. */
export class Widget {
  constructor(readonly page: EnginePage) {}

  /** Waits for `query` to show, and returns its box. */
  async find(query: Query): Promise<Found> {
    let found: Found | null = null;
    await eventually(async () => {
      found = await this.page.evaluate(findInWidget, query);
      if (!found) throw new Error(`no ${query.role} named ${JSON.stringify(query.name)} in the widget`);
    });
    return found as unknown as Found;
  }

  /** Whether `query` shows now. */
  async has(query: Query): Promise<boolean> {
    return (await this.page.evaluate(findInWidget, query)) !== null;
  }

  /**
   * Waits for `query` to show, enabled and at rest (at the same place two frames apart: a message list
   * still scrolling to its end moves it), and clicks its middle.
   */
  async click(query: Query): Promise<void> {
    let found: Found | null = null;
    await eventually(async () => {
      const before = await this.page.evaluate(findInWidget, query);
      await this.page.evaluate(
        () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
      );
      found = await this.page.evaluate(findInWidget, query);
      if (!found || found.disabled) throw new Error(`no enabled ${query.role} ${JSON.stringify(query.name)}`);
      if (before?.x !== found.x || before.y !== found.y) throw new Error(`the ${query.role} is still moving`);
    });
    const { x, y } = found as unknown as Found;
    await this.page.click(x, y);
  }

  /** Waits until `query` no longer shows. */
  async gone(query: Query): Promise<void> {
    await eventually(async () => {
      if (await this.has(query)) throw new Error(`the ${query.role} ${JSON.stringify(query.name)} still shows`);
    });
  }

  type(text: string): Promise<void> {
    return this.page.type(text);
  }

  press(key: Key): Promise<void> {
    return this.page.press(key);
  }

  /** The text of every element matching `selector` in the shadow root. */
  texts(selector: string): Promise<string[]> {
    return this.page.evaluate(
      (css: string) =>
        [...(document.querySelector('store-assistant')?.shadowRoot?.querySelectorAll(css) ?? [])].map((element) =>
          (element.textContent ?? '').replace(/\s+/g, ' ').trim(),
        ),
      selector,
    );
  }

  /** Waits until an element matching `selector` contains `text`. */
  async waitForText(selector: string, text: string): Promise<void> {
    await eventually(async () => {
      const texts = await this.texts(selector);
      if (!texts.some((shown) => shown.includes(text))) throw new Error(`no "${text}" in ${selector}: ${texts}`);
    });
  }

  /**
   * What has keyboard focus: `role:name` of the focused element in the widget (its tag name when it has
   * no role the flows use), or the document's focused element's tag name when nothing inside has it.
   */
  focus(): Promise<string> {
    return this.page.evaluate(() => {
      const inside = document.querySelector('store-assistant')?.shadowRoot?.activeElement;
      if (!inside) return `page:${(document.activeElement?.tagName ?? 'none').toLowerCase()}`;
      const role = inside.tagName === 'TEXTAREA' ? 'textbox' : inside.tagName === 'BUTTON' ? 'button' : inside.tagName;
      const name = inside.getAttribute('aria-label') ?? (inside.textContent ?? '').replace(/\s+/g, ' ').trim();
      return `${role.toLowerCase()}:${name}`;
    });
  }

  /** What the page recorded of console errors and the widget's warnings since the tab opened. */
  consoleProblems(): Promise<string[]> {
    return this.page.evaluate(() => JSON.parse(sessionStorage.getItem('engine-console') ?? '[]') as string[]);
  }
}
