import path from 'node:path';
import ts from 'typescript';
import { ATTRIBUTES, type AnyAttributeDeclaration } from '../../src/element/attributes';
import { CSS_PARTS } from '../../src/element/css-parts';
import { CSS_PROPERTIES, type CssPropertyDoc } from '../../src/element/css-properties';
import { EVENTS } from '../../src/element/element-events';
import {
  createTypePublisher,
  type PublishedAs,
  type SourceFiles,
  type SourceMember,
  type TypePublisher,
} from './type-publisher';

/**
 * Where the public contract is declared, relative to the project root. The type of each event's detail
 * is AssistantEvents as element-events.ts imports it, wherever that lives.
 */
export const CONTRACT_SOURCES = {
  attributes: 'src/element/attributes.ts',
  members: 'src/element/members.ts',
  events: 'src/element/element-events.ts',
  globals: 'src/element/globals.ts',
  entry: 'src/index.ts',
} as const;

/** Source types published under a name (or with a summary) of their own. */
const PUBLISHED_AS: Record<string, PublishedAs> = {
  AssistantEvents: {
    name: 'StoreAssistantEventDetails',
    doc: '/** The `detail` of each `store-assistant:*` event, by event name without the prefix. */',
  },
  StoreAssistantMembers: { doc: '/** The methods of `<store-assistant>`. */' },
  StoreAssistantGlobal: { doc: '/** `window.StoreAssistant`, set by the script. */' },
  Message: { doc: '/** A chat message, as `store-assistant:message` carries it. */' },
};

/** One attribute, ready for every output. */
export interface ContractAttribute {
  name: string;
  /** What it does (markdown, one line). */
  doc: string;
  /**
   * What applies without it (markdown). A value alone in backticks (`` `8` ``) is the attribute's literal
   * default; anything else describes one.
   */
  default: string;
  /** The values it accepts, when it is one of a few keywords. */
  values?: readonly string[];
  /** A boolean attribute: present or absent (every other attribute is a string). */
  boolean?: true;
  /** Its value's type, as TypeScript writes it. */
  type: string;
  /** The literal default, when `default` is one. */
  literalDefault?: string;
}

/** One public member of the element (TypeScript types already use the published names). */
export interface ContractMember {
  kind: 'method' | 'field';
  name: string;
  description: string;
  parameters: { name: string; type: string; optional: boolean; description: string }[];
  /** A method's return type, or a field's type. */
  type: string;
  readonly: boolean;
}

/** Everything public about `<store-assistant>`, read from its declarations. */
export interface Contract {
  tagName: string;
  attributes: ContractAttribute[];
  members: ContractMember[];
  events: { name: string; when: string; detail: string; detailType: string }[];
  cssParts: { name: string; description: string }[];
  cssProperties: (CssPropertyDoc & { name: string })[];
  /** The published names of the members interface, the event details and `window.StoreAssistant`. */
  typeNames: { members: string; eventDetails: string; global: string };
  /** The published data types, as declarations. */
  declarations: string[];
}

/** The literal inside a markdown value that is one code span (`` `8` `` gives `8`). */
export const literalOf = (markdown: string): string | undefined => /^`([^`]+)`$/.exec(markdown)?.[1];

/** A JSDoc text on one line. */
const oneLine = (text: string | undefined) => (text ?? '').replace(/\s*\n\s*/g, ' ').trim();

function readMember(publisher: TypePublisher, { file, node, name }: SourceMember): ContractMember {
  const jsDoc = ts.getJSDocCommentsAndTags(node).find(ts.isJSDoc);
  const description = oneLine(ts.getTextOfJSDocComment(jsDoc?.comment));
  if (!description) throw new Error(`${file}: document ${name}`);
  const tags: readonly ts.JSDocTag[] = jsDoc?.tags ?? [];
  const paramDocs = new Map(
    tags
      .filter(ts.isJSDocParameterTag)
      .map((tag) => [tag.name.getText(), oneLine(ts.getTextOfJSDocComment(tag.comment))]),
  );
  if (ts.isPropertySignature(node)) {
    const readonly = node.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ReadonlyKeyword) ?? false;
    return {
      kind: 'field',
      name,
      description,
      parameters: [],
      type: node.type ? publisher.print(file, node.type) : 'unknown',
      readonly,
    };
  }
  if (!ts.isMethodSignature(node) || !node.type)
    throw new Error(`${file}: ${name} must be a method or a property, with its type written`);
  const parameters = node.parameters.map((parameter) => {
    const parameterName = parameter.name.getText();
    if (!parameter.type) throw new Error(`${file}: write the type of ${name}(${parameterName})`);
    return {
      name: parameterName,
      type: publisher.print(file, parameter.type),
      optional: Boolean(parameter.questionToken),
      description: paramDocs.get(parameterName) ?? '',
    };
  });
  return { kind: 'method', name, description, parameters, type: publisher.print(file, node.type), readonly: false };
}

/** The JSDoc of each property of the `ATTRIBUTES` table in `file`: its text and its `@default`. */
function attributeDocs(publisher: TypePublisher, file: string): Map<string, { doc: string; default: string }> {
  const docs = new Map<string, { doc: string; default: string }>();
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && node.name.getText() === 'ATTRIBUTES' && node.initializer) {
      let table: ts.Expression = node.initializer;
      while (ts.isSatisfiesExpression(table) || ts.isAsExpression(table)) table = table.expression;
      if (!ts.isObjectLiteralExpression(table)) throw new Error(`${file}: ATTRIBUTES must be an object literal`);
      for (const property of table.properties) {
        const name =
          property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))
            ? property.name.text
            : undefined;
        if (name === undefined) throw new Error(`${file}: every attribute of ATTRIBUTES needs a plain name`);
        const jsDoc = ts.getJSDocCommentsAndTags(property).find(ts.isJSDoc);
        const fallback = jsDoc?.tags?.find((tag) => tag.tagName.text === 'default');
        const doc = oneLine(ts.getTextOfJSDocComment(jsDoc?.comment));
        const defaultText = oneLine(ts.getTextOfJSDocComment(fallback?.comment));
        if (!doc || !defaultText) throw new Error(`${file}: document attribute ${name}, with its @default`);
        docs.set(name, { doc, default: defaultText });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(publisher.sourceFile(file));
  return docs;
}

/**
 * The attributes: names, values and kinds from the `ATTRIBUTES` table itself, what each does and its
 * default from the table's JSDoc (which the script leaves out).
 */
function readAttributes(publisher: TypePublisher, file: string): ContractAttribute[] {
  const docs = attributeDocs(publisher, file);
  return Object.entries(ATTRIBUTES).map(([name, declared]: [string, AnyAttributeDeclaration]) => {
    const documented = docs.get(name);
    if (!documented) throw new Error(`${file}: no documentation for attribute ${name}`);
    const { values, boolean } = declared;
    const type = boolean ? 'boolean' : values ? values.map((value) => `'${value}'`).join(' | ') : 'string';
    const literalDefault = literalOf(documented.default);
    return {
      name,
      ...documented,
      ...(values ? { values } : {}),
      ...(boolean ? { boolean } : {}),
      type,
      ...(literalDefault === undefined ? {} : { literalDefault }),
    };
  });
}

/** The tag name the script defines (the `TAG_NAME` constant of the entry). */
function readTagName(publisher: TypePublisher, entry: string): string {
  for (const statement of publisher.sourceFile(entry).statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const declared = statement.declarationList.declarations.find(
      (declaration) => declaration.name.getText() === 'TAG_NAME',
    );
    if (declared?.initializer && ts.isStringLiteral(declared.initializer)) return declared.initializer.text;
  }
  throw new Error(`${entry}: no TAG_NAME string constant`);
}

/** Reads the public contract of `<store-assistant>` from the sources under `root`. */
export function readContract(root: string, files?: SourceFiles): Contract {
  const publisher = createTypePublisher(PUBLISHED_AS, files);
  const file = (relative: string) => path.join(root, relative);
  // The members and the event details first: the data types they reach follow them in the declarations.
  const typeNames = {
    members: publisher.publish(file(CONTRACT_SOURCES.members), 'StoreAssistantMembers'),
    eventDetails: publisher.publish(file(CONTRACT_SOURCES.events), 'AssistantEvents'),
    global: publisher.publish(file(CONTRACT_SOURCES.globals), 'StoreAssistantGlobal'),
  };
  const members = publisher
    .interfaceMembers(file(CONTRACT_SOURCES.members), 'StoreAssistantMembers')
    .map((member) => readMember(publisher, member));
  const detailTypes = new Map(
    publisher.interfaceMembers(file(CONTRACT_SOURCES.events), 'AssistantEvents').map((member) => {
      if (!ts.isPropertySignature(member.node) || !member.node.type)
        throw new Error(`${member.file}: event ${member.name} needs a detail type`);
      return [member.name, publisher.print(member.file, member.node.type)];
    }),
  );
  const events = Object.entries(EVENTS).map(([name, doc]) => {
    const detailType = detailTypes.get(name);
    if (detailType === undefined) throw new Error(`AssistantEvents has no event ${name}`);
    return { name: `store-assistant:${name}`, ...doc, detailType };
  });
  return {
    tagName: readTagName(publisher, file(CONTRACT_SOURCES.entry)),
    attributes: readAttributes(publisher, file(CONTRACT_SOURCES.attributes)),
    members,
    events,
    cssParts: Object.entries(CSS_PARTS).map(([name, description]) => ({ name, description })),
    cssProperties: Object.entries(CSS_PROPERTIES).map(([name, doc]) => ({ name, ...doc })),
    typeNames,
    declarations: publisher.declarations(),
  };
}
