import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readContract } from '../../../build/public-api/contract';
import { ATTRIBUTE_NAMES } from '../../../src/element/attributes';
import { createStoreAssistantElement } from '../../../src/element/store-assistant-element';

// `<store-assistant>` is an HTMLElement like any other to page code: its only public members of its own
// are the documented ones (members.ts), and every standard property (lang, hidden, title, id, dir...)
// reads and writes its attribute as on any element.
const TAG = 'standard-properties-assistant';
customElements.define(TAG, createStoreAssistantElement());
const documented = new Set(readContract(path.resolve(__dirname, '../../..')).members.map((member) => member.name));

const create = () => document.createElement(TAG) as HTMLElement;

describe('<store-assistant> as an HTMLElement', () => {
  it.each([
    ['lang', 'fr'],
    ['title', 'Our assistant'],
    ['id', 'assistant'],
    ['dir', 'rtl'],
  ] as const)('reflects the %s attribute in its standard property', (name, value) => {
    const element = create();
    element.setAttribute(name, value);
    expect(element[name]).toBe(value);
    element[name] = 'en';
    expect(element.getAttribute(name)).toBe('en');
  });

  it('reflects hidden', () => {
    const element = create();
    element.setAttribute('hidden', '');
    expect(element.hidden).toBe(true);
    element.hidden = false;
    expect(element.hasAttribute('hidden')).toBe(false);
  });

  it('shadows no property of HTMLElement but its documented members', () => {
    const element = create();
    const shadowing: string[] = [];
    const prototypeOf = (object: object) => Object.getPrototypeOf(object) as object;
    for (let object: object = element; object !== HTMLElement.prototype; object = prototypeOf(object)) {
      for (const name of Object.getOwnPropertyNames(object)) {
        if (name !== 'constructor' && name in HTMLElement.prototype && !documented.has(name)) shadowing.push(name);
      }
    }
    expect(shadowing).toEqual([]);
  });

  it('has no property named after an attribute (attributes are read from the element)', () => {
    const element = create();
    const camelCase = (name: string) => name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
    const own = ATTRIBUTE_NAMES.map(camelCase).filter(
      (name) => name in element && !(name in HTMLElement.prototype) && !documented.has(name),
    );
    expect(own).toEqual([]);
  });

  it('observes exactly its declared attributes', () => {
    const constructor = customElements.get(TAG) as unknown as { observedAttributes: readonly string[] };
    expect([...constructor.observedAttributes]).toEqual([...ATTRIBUTE_NAMES]);
  });
});
