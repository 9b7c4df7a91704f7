import type { Contract, ContractMember } from './contract';

/** A table cell: a `|` inside would end the cell. */
const cell = (text: string) => text.replace(/\|/g, '\\|');

function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => line(row.map(cell)))].join('\n');
}

/** How the reference names a method: `startChat(firstMessage?)`. */
export const signature = (member: ContractMember) =>
  member.kind === 'method'
    ? `${member.name}(${member.parameters.map((parameter) => `${parameter.name}${parameter.optional ? '?' : ''}`).join(', ')})`
    : member.name;

const code = (text: string) => `\`${text}\``;

/** The page that holds the reference tables: the README links to it, `npm run docs` writes it. */
export const REFERENCE_PAGE = 'docs/api.md';

/** Each reference table generated from the contract, by the name of its markers. */
export function referenceTables(contract: Contract): Record<string, string> {
  const properties = (setBy: readonly string[]) =>
    contract.cssProperties
      .filter((property) => setBy.includes(property.setBy))
      .map((property) => [code(property.name), property.setFrom, property.default]);
  return {
    attributes: table(
      ['attribute', 'default', 'what it does'],
      contract.attributes.map((attribute) => [code(attribute.name), attribute.default, attribute.doc]),
    ),
    methods: table(
      ['method', 'what it does'],
      contract.members.map((member) => [code(signature(member)), member.description]),
    ),
    events: table(
      ['event', 'when', '`detail`'],
      contract.events.map((event) => [code(event.name), event.when, event.detail]),
    ),
    'css-properties': table(['property', 'set from', 'default'], properties(['theme', 'page'])),
    'css-properties-derived': table(['property', 'set from', 'default'], properties(['widget'])),
    'css-parts': table(
      ['part', 'what it is'],
      contract.cssParts.map((part) => [code(part.name), part.description]),
    ),
  };
}

const START = (name: string) =>
  `<!-- public-api:${name} (generated from src/element by \`npm run docs\`: do not edit) -->`;
const END = (name: string) => `<!-- /public-api:${name} -->`;

/**
 * `page` with the text between each pair of markers replaced by its generated table. A marker that is
 * missing, or in the wrong order, throws: a table would silently go stale.
 */
export function withReferenceTables(page: string, tables: Record<string, string>): string {
  let text = page;
  for (const [name, content] of Object.entries(tables)) {
    const start = text.indexOf(START(name));
    const end = text.indexOf(END(name));
    if (start < 0 || end < start)
      throw new Error(`${REFERENCE_PAGE} needs the lines ${START(name)} and ${END(name)} around the ${name} table`);
    text = `${text.slice(0, start + START(name).length)}\n${content}\n${text.slice(end)}`;
  }
  return text;
}
