import { describe, expect, it, vi } from 'vitest';
import { eventually, TEST_WEBHOOK } from './helpers';
import { fakeFetch, textReply } from '../support/fetch';
import { createStoreAssistantElement } from '../../src/element/store-assistant-element';

// An element already in the page when the script defines it (pasted with `defer`, as the README says) is
// set up in tasks of their own, none of them long. The attributes are read in full, and every feature
// configured, in a task before the connection's; the connection then does not parse them again, unless
// one changed since. Each test defines the element's class under a tag of its own, after the element is
// in the document, so the definition upgrades it, as a deferred script does.

/** The protected steps this file follows, as the class has them. */
interface Steps {
  readAttributes(names?: readonly string[]): unknown;
  configureAhead(): void;
  configureOnConnect(): void;
}

let defined = 0;

/**
 * A floating widget in the document, then upgraded by a fresh definition whose steps `wrap` may wrap.
 * Returns the element and what its steps did, in order: `read:first-view` and `read:all` for the
 * attributes read, `ahead:start`/`ahead:end` around the configuration ahead, `next task` when a task
 * posted at its end runs, `connect` for the connection's own.
 */
function upgradedWidget(wrap: (steps: Steps, element: () => HTMLElement) => void = () => undefined) {
  vi.spyOn(window, 'fetch').mockImplementation(fakeFetch(() => textReply('Hello')).fetch);
  const tag = `staged-assistant-${++defined}`;
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries({
    mode: 'floating',
    'webhook-url': TEST_WEBHOOK,
    'brand-name': 'Northwind',
    'primary-gradient': '#0a7f3f',
  }))
    element.setAttribute(name, value);
  document.body.append(element);
  const definition = createStoreAssistantElement();
  const steps = definition.prototype as unknown as Steps;
  const seen: string[] = [];
  const { readAttributes, configureAhead, configureOnConnect } = steps;
  steps.readAttributes = function (this: Steps, names) {
    seen.push(names ? 'read:first-view' : 'read:all');
    return readAttributes.call(this, names);
  };
  steps.configureAhead = function (this: Steps) {
    seen.push('ahead:start');
    configureAhead.call(this);
    seen.push('ahead:end');
    // Posted now, a task runs before any task the set-up posts after this step.
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      seen.push('next task');
    };
    channel.port2.postMessage(null);
  };
  steps.configureOnConnect = function (this: Steps) {
    seen.push('connect');
    configureOnConnect.call(this);
  };
  wrap(steps, () => element);
  customElements.define(tag, definition);
  return { element, seen, root: element.shadowRoot as ShadowRoot };
}

const launcherLabel = (root: ShadowRoot) => root.querySelector('[part~="launcher"]')?.getAttribute('aria-label');

describe('an element upgraded by a deferred script', () => {
  it('reads its attributes in full once, in a task before the connection’s, which does not parse them again', async () => {
    const { seen, root } = upgradedWidget();
    // Upgraded, it draws nothing in the script's own task.
    expect(root.childElementCount).toBe(0);
    await eventually(() => expect(seen).toContain('connect'));
    expect(seen).toEqual(['read:first-view', 'ahead:start', 'read:all', 'ahead:end', 'next task', 'connect']);
    expect(launcherLabel(root)).toBe('Open chat with Northwind');
  });

  it('configuring ahead does not run the connection inside it, though the theme it applies changes', async () => {
    // The primary gradient makes the configured theme differ from the store's first: the element applies
    // it from the store's change, which must not reach for the store through a path that connects.
    const { element, seen } = upgradedWidget();
    await eventually(() => expect(seen).toContain('connect'));
    expect(seen.indexOf('connect')).toBeGreaterThan(seen.indexOf('ahead:end'));
    expect(element.style.getPropertyValue('--sa-primary-gradient')).toContain('#0a7f3f');
  });

  it('an attribute changed after the configuration ahead is applied when it connects', async () => {
    const { seen, root } = upgradedWidget((steps, element) => {
      const { configureAhead } = steps;
      steps.configureAhead = function (this: Steps) {
        configureAhead.call(this);
        element().setAttribute('brand-name', 'Contoso');
      };
    });
    await eventually(() => expect(seen).toContain('connect'));
    expect(seen.filter((step) => step === 'read:all')).toHaveLength(2);
    await eventually(() => expect(launcherLabel(root)).toBe('Open chat with Contoso'));
  });

  it('removed after the configuration ahead and put back, it is configured again', async () => {
    const { element, seen, root } = upgradedWidget((steps, element) => {
      const { configureAhead } = steps;
      steps.configureAhead = function (this: Steps) {
        configureAhead.call(this);
        element().remove();
      };
    });
    await eventually(() => expect(seen).toContain('ahead:end'));
    expect(seen).not.toContain('connect');
    document.body.append(element);
    await eventually(() => expect(seen).toContain('connect'));
    expect(seen.filter((step) => step === 'read:all')).toHaveLength(2);
    await eventually(() => expect(launcherLabel(root)).toBe('Open chat with Northwind'));
  });
});
