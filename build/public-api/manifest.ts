import type { Attribute, ClassMember, CssCustomProperty, Package } from 'custom-elements-manifest/schema';
import { literalOf, type Contract, type ContractMember } from './contract';

/** The script the manifest describes, as the package ships it. */
export const BUNDLE_PATH = 'dist/store-assistant.js';

/** The element's class, by the name its type has in store-assistant.d.ts. */
const CLASS_NAME = 'StoreAssistantElement';

function member(entry: ContractMember): ClassMember {
  if (entry.kind === 'field') {
    return {
      kind: 'field',
      name: entry.name,
      description: entry.description,
      type: { text: entry.type },
      ...(entry.readonly ? { readonly: true } : {}),
    };
  }
  return {
    kind: 'method',
    name: entry.name,
    description: entry.description,
    parameters: entry.parameters.map(({ name, type, optional, description }) => ({
      name,
      type: { text: type },
      ...(optional ? { optional: true } : {}),
      ...(description ? { description } : {}),
    })),
    return: { type: { text: entry.type } },
  };
}

/** A description that says the default in words when it is not a literal value (the schema's `default` is a value). */
const withDefault = (description: string, fallback: string) =>
  literalOf(fallback) === undefined ? `${description} Default: ${fallback}.` : description;

const SET_BY: Record<Contract['cssProperties'][number]['setBy'], string> = {
  theme: 'Set by the widget from the theme',
  page: 'Not set by the widget: page CSS may set it on the element',
  widget: 'Set by the widget; page CSS should not set it',
};

/**
 * custom-elements.json (Custom Elements Manifest, schema 2.1): what editors, linters and catalogues read
 * to know the element's attributes, members, events, CSS parts and custom properties.
 */
export function customElementsManifest(contract: Contract): Package {
  const attributes: Attribute[] = contract.attributes.map((attribute) => ({
    name: attribute.name,
    description: withDefault(attribute.doc, attribute.default),
    type: { text: attribute.type },
    ...(attribute.literalDefault === undefined ? {} : { default: attribute.literalDefault }),
  }));
  const cssProperties: CssCustomProperty[] = contract.cssProperties.map((property) => {
    const literal = literalOf(property.default);
    return {
      name: property.name,
      description: withDefault(`${SET_BY[property.setBy]}: ${property.setFrom}.`, property.default),
      ...(literal === undefined ? {} : { default: literal }),
    };
  });
  return {
    schemaVersion: '2.1.0',
    readme: 'README.md',
    modules: [
      {
        kind: 'javascript-module',
        path: BUNDLE_PATH,
        description: `The script: defines \`<${contract.tagName}>\` and sets \`window.StoreAssistant\`. It has no exports.`,
        declarations: [
          {
            kind: 'class',
            customElement: true,
            name: CLASS_NAME,
            tagName: contract.tagName,
            description: `An assistant for online stores: chat with the store's workflow webhook and voice calls. Attributes configure it, methods drive it and \`${contract.tagName}:*\` events report what happened.`,
            superclass: { name: 'HTMLElement', package: 'global:' },
            attributes,
            members: contract.members.map(member),
            events: contract.events.map((event) => ({
              name: event.name,
              type: { text: `CustomEvent<${event.detailType}>` },
              description: `${event.when} Detail: ${event.detail}.`,
            })),
            cssParts: contract.cssParts,
            cssProperties,
          },
        ],
        exports: [
          {
            kind: 'custom-element-definition',
            name: contract.tagName,
            declaration: { name: CLASS_NAME, module: BUNDLE_PATH },
          },
        ],
      },
    ],
  };
}

/**
 * VS Code's HTML custom data (`html.customData` in a workspace's settings): the tag and its attributes,
 * with their values, complete and explained in HTML files.
 */
export function vscodeHtmlData(contract: Contract) {
  return {
    version: 1.1,
    tags: [
      {
        name: contract.tagName,
        description: `An assistant for online stores (chat and voice). Events: ${contract.events.map((event) => event.name).join(', ')}.`,
        attributes: contract.attributes.map((attribute) => ({
          name: attribute.name,
          description: `${attribute.doc} Default: ${attribute.default}.`,
          ...(attribute.values ? { values: attribute.values.map((name) => ({ name })) } : {}),
          ...(attribute.boolean ? { valueSet: 'v' } : {}),
        })),
      },
    ],
  };
}
