import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readContract } from '../../build/public-api/contract';
import { customElementsManifest, vscodeHtmlData } from '../../build/public-api/manifest';
import { withReferenceTables } from '../../build/public-api/readme-tables';
import { createTypePublisher } from '../../build/public-api/type-publisher';
import { ATTRIBUTE_NAMES } from '../../src/element/attributes';
import { CSS_PARTS } from '../../src/element/css-parts';
import { CSS_PROPERTIES } from '../../src/element/css-properties';
import { EVENTS } from '../../src/element/element-events';

const root = path.resolve(__dirname, '../..');

/** A publisher over files held in memory, named under /src. */
function publisherOver(files: Record<string, string>) {
  const full = Object.fromEntries(Object.entries(files).map(([name, text]) => [path.join('/src', name), text]));
  return createTypePublisher(
    { Events: { name: 'StoreAssistantEventDetails' } },
    { read: (file) => full[file] ?? '', exists: (file) => file in full },
  );
}

describe('the type publisher', () => {
  it('copies a source type with its JSDoc, renamed, with the types it reaches and the interfaces it extends flattened', () => {
    const publisher = publisherOver({
      'message.ts':
        "/** Who wrote it. */\nexport type Sender = 'user' | 'bot';\n/** A message. */\nexport interface Message {\n  /** Its text. */\n  text: string;\n  sender: Sender;\n}\n",
      'base.ts':
        "import type { Message } from './message';\nexport interface BaseEvents {\n  message: Message;\n  error: string;\n}\n",
      'events.ts':
        "import type { BaseEvents } from './base';\n/** Events. */\nexport interface Events extends BaseEvents {\n  error: { message: string };\n  ready: Record<string, never>;\n}\n",
    });
    expect(publisher.publish('/src/events.ts', 'Events')).toBe('StoreAssistantEventDetails');
    expect(publisher.declarations()).toEqual([
      '/** Events. */\nexport interface StoreAssistantEventDetails {\n  message: StoreAssistantMessage;\n  error: { message: string };\n  ready: Record<string, never>;\n}',
      '/** A message. */\nexport interface StoreAssistantMessage {\n  /** Its text. */\n  text: string;\n  sender: StoreAssistantSender;\n}',
      "/** Who wrote it. */\nexport type StoreAssistantSender = 'user' | 'bot';",
    ]);
  });

  it('keeps the names of global types and publishes each source type once', () => {
    const publisher = publisherOver({
      'a.ts':
        'export interface Item {\n  at: Date;\n  tags: Array<Tag>;\n  next?: Item;\n}\nexport type Tag = string;\n',
    });
    publisher.publish('/src/a.ts', 'Item');
    publisher.publish('/src/a.ts', 'Tag');
    expect(publisher.declarations()).toEqual([
      'export interface StoreAssistantItem {\n  at: Date;\n  tags: Array<StoreAssistantTag>;\n  next?: StoreAssistantItem;\n}',
      'export type StoreAssistantTag = string;',
    ]);
  });

  it.each([
    ['a generic type', 'export interface Box<T> {\n  value: T;\n}\n', /is generic/],
    [
      'a type of another package',
      "import type { ReactNode } from 'react';\nexport interface Box {\n  value: ReactNode;\n}\n",
      /may not come from the package "react"/,
    ],
    [
      'the type of a source value',
      "import { limits } from './limits';\nexport interface Box {\n  value: typeof limits;\n}\n",
      /cannot publish `typeof limits`/,
    ],
    ['an import type', "export interface Box {\n  value: import('./limits').Limit;\n}\n", /cannot publish/],
    ['a class', 'export class Limit {}\nexport interface Box {\n  value: Limit;\n}\n', /is a class or an enum/],
    [
      'a missing module',
      "import type { Limit } from './nowhere';\nexport interface Box {\n  value: Limit;\n}\n",
      /cannot find the module ".\/nowhere"/,
    ],
  ])('refuses %s rather than publish it wrong', (_case, source, error) => {
    const publisher = publisherOver({
      'box.ts': source,
      'limits.ts': 'export const limits = 1;\nexport type Limit = number;\n',
    });
    expect(() => publisher.publish('/src/box.ts', 'Box')).toThrow(error);
  });
});

describe('custom-elements.json', () => {
  const manifest = customElementsManifest(readContract(root));
  const element = manifest.modules[0]?.declarations?.[0];

  it('describes the element the script defines', () => {
    expect(manifest.schemaVersion).toMatch(/^2\./);
    expect(element).toMatchObject({
      kind: 'class',
      customElement: true,
      tagName: 'store-assistant',
      name: 'StoreAssistantElement',
    });
    expect(manifest.modules[0]?.exports).toEqual([
      {
        kind: 'custom-element-definition',
        name: 'store-assistant',
        declaration: { name: 'StoreAssistantElement', module: 'dist/store-assistant.js' },
      },
    ]);
  });

  it('lists every attribute, method, event, part and custom property, with types', () => {
    if (!element || !('attributes' in element)) throw new Error('no custom element declaration');
    expect(element.attributes?.map((attribute) => attribute.name)).toEqual([...ATTRIBUTE_NAMES]);
    expect(element.attributes?.find((attribute) => attribute.name === 'mode')).toMatchObject({
      type: { text: "'inline' | 'floating'" },
      default: 'inline',
    });
    expect(element.members?.find((member) => member.name === 'importTheme')).toMatchObject({
      kind: 'method',
      parameters: [{ name: 'json', type: { text: 'string | Partial<StoreAssistantTheme>' } }],
      return: { type: { text: 'boolean' } },
    });
    expect(element.events?.map((event) => event.name)).toEqual(
      Object.keys(EVENTS).map((name) => `store-assistant:${name}`),
    );
    expect(element.events?.find((event) => event.name === 'store-assistant:message')?.type?.text).toBe(
      'CustomEvent<StoreAssistantMessage>',
    );
    expect(element.cssParts?.map((part) => part.name)).toEqual(Object.keys(CSS_PARTS));
    expect(element.cssProperties?.map((property) => property.name)).toEqual(Object.keys(CSS_PROPERTIES));
  });

  it('gives VS Code the attributes and their values', () => {
    const [tag] = vscodeHtmlData(readContract(root)).tags;
    expect(tag?.attributes.find((attribute) => attribute.name === 'persist')?.values).toEqual([
      { name: 'local' },
      { name: 'session' },
      { name: 'none' },
    ]);
  });
});

describe('the reference tables', () => {
  it('need their markers: a table without them would silently go stale', () => {
    expect(() => withReferenceTables('# Title\n', { methods: '| a |' })).toThrow(/docs\/api.md needs the lines/);
  });
});
