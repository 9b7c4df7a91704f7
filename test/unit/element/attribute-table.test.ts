import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readContract } from '../../../build/public-api/contract';
import { customElementsManifest, vscodeHtmlData } from '../../../build/public-api/manifest';
import { defaultConfig } from '../../../src/app/config';
import { ATTRIBUTE_NAMES } from '../../../src/element/attribute-names';
import { ATTRIBUTES } from '../../../src/element/attributes';
import type { AnyAttributeDeclaration, AttributeName } from '../../../src/element/attributes';
import { defaultTheme } from '../../../src/theme/theme';
import { parseElementAttributes } from '../../support/attributes';

// The table of attributes (src/element/attributes.ts) is the one declaration of each attribute: what the
// docs say (its JSDoc, read by build/public-api) must be what parsing and the configuration do.
const PAGE = { baseUrl: 'https://shop.example/', origin: 'https://shop.example', host: 'shop.example' };
const contract = readContract(path.resolve(__dirname, '../../..'));
const declared = Object.entries(ATTRIBUTES) as [AttributeName, AnyAttributeDeclaration][];
const keywordAttributes = declared.filter(([, declaration]) => declaration.values);

const parse = (attributes: Partial<Record<AttributeName, string>>) => parseElementAttributes(attributes, PAGE);

describe('the attribute table', () => {
  it('declares exactly the names the element observes, in the same order', () => {
    // The names are listed apart (attribute-names.ts) so that defining the element evaluates no parsing;
    // the types hold both lists to the same names, and this to the same documentation order.
    expect(Object.keys(ATTRIBUTES)).toEqual([...ATTRIBUTE_NAMES]);
  });

  const literalDefaults = contract.attributes.filter((attribute) => attribute.literalDefault !== undefined);

  it('documents literal defaults for the keyword and number attributes', () => {
    expect(literalDefaults.map((attribute) => attribute.name)).toEqual(
      expect.arrayContaining(['mode', 'position', 'color-scheme', 'persist', 'voice-provider', 'typing-speed']),
    );
  });

  it.each(literalDefaults.map((attribute) => [attribute.name, attribute.literalDefault ?? ''] as const))(
    'documents the default of %s as the configuration has it (%s)',
    (name, literal) => {
      const { config: field } = ATTRIBUTES[name as AttributeName];
      const { config, warnings } = parse({ [name]: literal });
      expect(warnings).toEqual([]);
      if (field.startsWith('themeAttributes.')) {
        const key = field.slice('themeAttributes.'.length) as keyof ReturnType<typeof defaultTheme>;
        expect(config.themeAttributes[key]).toEqual(defaultTheme(PAGE.host)[key]);
      } else {
        expect(config).toEqual(parse({}).config);
      }
    },
  );

  const configured = declared.filter(([, declaration]) => !declaration.boolean);
  it.each(configured)('sets a field the configuration has: %s', (_name, { config: field }) => {
    const [key, nested] = field.split('.') as [string, string?];
    const config: Record<string, unknown> = { ...defaultConfig(PAGE.host) };
    expect(Object.keys(config)).toContain(key);
    if (nested !== undefined && key !== 'themeAttributes') {
      expect(Object.keys(config[key] as object)).toContain(nested);
    }
  });

  it.each(keywordAttributes)('accepts each value of %s, in any case', (name, { values }) => {
    for (const value of values ?? []) expect(parse({ [name]: ` ${value.toUpperCase()} ` }).warnings).toEqual([]);
    const { warnings } = parse({ [name]: 'no-such-value' });
    const message = `attribute ${name}="no-such-value" must be one of ${values?.join(', ')}; the default is used`;
    expect(warnings).toEqual([message]);
  });

  it.each(keywordAttributes)(
    "publishes every value of %s: VS Code's data, the manifest and the types",
    (name, { values }) => {
      const attribute = contract.attributes.find((entry) => entry.name === name);
      expect(attribute?.values).toEqual(values);
      const vscode = vscodeHtmlData(contract).tags[0]?.attributes.find((entry) => entry.name === name);
      expect(vscode?.values?.map((value) => value.name)).toEqual(values);
      const element = customElementsManifest(contract).modules[0]?.declarations?.[0];
      const attributes = element && 'attributes' in element ? element.attributes : undefined;
      const manifest = attributes?.find((entry) => entry.name === name);
      expect(manifest?.type?.text).toBe(values?.map((value) => `'${value}'`).join(' | '));
    },
  );

  it('has commerce among its keyword attributes, with every platform', () => {
    expect(ATTRIBUTES.commerce.values).toEqual(['shopify', 'woocommerce', 'custom', 'none']);
  });
});
