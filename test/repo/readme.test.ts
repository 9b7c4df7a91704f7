import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readContract } from '../../build/public-api/contract';
import { REFERENCE_PAGE, referenceTables, signature, withReferenceTables } from '../../build/public-api/readme-tables';
import { ATTRIBUTE_NAMES } from '../../src/element/attributes';

// The reference tables of docs/api.md (the README links to them) are what store owners and developers
// read; they must say what the code does. They are generated from the declarations in src/element
// (`npm run docs`), which contract.test.ts and public-api.types.ts hold to the code.
const root = path.resolve(__dirname, '../..');
const reference = readFileSync(path.join(root, REFERENCE_PAGE), 'utf8');
const contract = readContract(root);
const cell = (text: string) => text.replace(/\|/g, '\\|');

describe('the reference tables of docs/api.md', () => {
  it('are the tables generated from the declarations (after changing them, run `npm run docs`)', () => {
    expect(reference).toBe(withReferenceTables(reference, referenceTables(contract)));
  });

  it('documents exactly the attributes the element has', () => {
    expect(contract.attributes.map((attribute) => attribute.name)).toEqual([...ATTRIBUTE_NAMES]);
  });

  it.each(contract.attributes)('documents attribute $name with its default', ({ name, doc, default: fallback }) => {
    expect(reference).toContain(`| \`${name}\` | ${cell(fallback)} | ${cell(doc)} |`);
  });

  it.each(contract.members)('documents method $name', (member) => {
    expect(reference).toContain(`| \`${signature(member)}\` | ${cell(member.description)} |`);
  });

  it.each(contract.events)('documents event $name', ({ name, when }) => {
    expect(reference).toContain(`| \`${name}\` | ${cell(when)} |`);
  });

  it.each(contract.cssProperties)('documents CSS custom property $name', ({ name, setFrom }) => {
    expect(reference).toContain(`| \`${name}\` | ${cell(setFrom)} |`);
  });

  it.each(contract.cssParts)('documents CSS part $name', ({ name, description }) => {
    expect(reference).toContain(`| \`${name}\` | ${cell(description)} |`);
  });
});

describe('element methods', () => {
  it('implements every declared method, and no other', async () => {
    await import('../../src/index');
    await customElements.whenDefined('store-assistant');
    const element = customElements.get('store-assistant') as CustomElementConstructor;
    const prototype = element.prototype as Record<string, unknown>;
    for (const { name } of contract.members) expect(typeof prototype[name], name).toBe('function');
    const own = Object.getOwnPropertyNames(prototype).filter((name) => name !== 'constructor');
    expect(own.sort()).toEqual(contract.members.map(({ name }) => name).sort());
  });
});
