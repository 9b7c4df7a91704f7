import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { CSS_PARTS } from '../../../src/element/css-parts';
import { CSS_PROPERTIES } from '../../../src/element/css-properties';
import { THEME_CSS_VARIABLES } from '../../../src/theme/css-variables';
import { joinedStylesheet } from '../../../build/stylesheets.mjs';

// The declarations of the public contract (src/element: css-parts.ts, css-properties.ts) against the code:
// a part or custom property the code uses and the table lacks fails here, and so does one the table
// declares that the code no longer has. (Attributes, members and events are held by the types: see
// public-api.types.ts.)
const root = path.resolve(__dirname, '../../..');
const src = path.join(root, 'src');

function sourceFiles(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full, pattern);
    return pattern.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The literal values an expression given to `part={...}` can take. */
function literalValues(node: ts.Node, where: string): string[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
    return node.text.split(/\s+/).filter(Boolean);
  if (ts.isJsxExpression(node)) return node.expression ? literalValues(node.expression, where) : [];
  if (ts.isParenthesizedExpression(node)) return literalValues(node.expression, where);
  if (ts.isConditionalExpression(node))
    return [...literalValues(node.whenTrue, where), ...literalValues(node.whenFalse, where)];
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken)
    return literalValues(node.right, where);
  // `undefined`, or a component's own `part` prop passed on: the names are the literals where it is used.
  if (ts.isIdentifier(node)) return [];
  throw new Error(`${where}: write part names as literals, not \`${node.getText()}\``);
}

/** The part names a component file gives: `part="a b"`, and each literal of a `part={...}` expression. */
function partsIn(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const parts: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isJsxAttribute(node) && node.name.getText(source) === 'part' && node.initializer) {
      parts.push(
        ...literalValues(
          node.initializer,
          `${path.relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`,
        ),
      );
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return parts;
}

/** The `--sa-*` names written as strings in a source file (custom properties the code sets). */
function propertiesSetIn(file: string, text: string): string[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && /^--sa-[a-z-]+$/.test(node.text))
      found.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

describe('the part scanner', () => {
  it.each([
    ['<div part="card" />', ['card']],
    ['<div part="message user-message" />', ['message', 'user-message']],
    ["<span part={className === 'logo' ? 'logo' : undefined} />", ['logo']],
    ["<span part={open && 'badge'} />", ['badge']],
    ['<button part={part} />', []],
    ['<IconButton part="close-button" />', ['close-button']],
    ['<div className="part" />', []],
  ])('reads %s', (jsx, parts) => {
    expect(partsIn('example.tsx', `const element = ${jsx};`)).toEqual(parts);
  });

  it('refuses a part name it cannot read', () => {
    expect(() => partsIn('example.tsx', 'const element = <div part={`message-${sender}`} />;')).toThrow(
      /write part names as literals/,
    );
  });
});

describe('CSS parts', () => {
  const used = sorted(sourceFiles(src, /\.tsx$/).flatMap((file) => partsIn(file, readFileSync(file, 'utf8'))));

  it('declares every part a component has', () => {
    expect(used.filter((part) => !(part in CSS_PARTS))).toEqual([]);
  });

  it('declares no part that no component has', () => {
    expect(Object.keys(CSS_PARTS).filter((part) => !used.includes(part))).toEqual([]);
  });
});

// The stylesheets as the element adopts them: the first view's (first-view.css: the host, the tokens, the
// icons and the launcher), then the rest (styles.css), each the parts its list names, joined.
const stylesheet = [
  (await joinedStylesheet(path.join(root, 'src/ui/first-view.css'))).css,
  (await joinedStylesheet(path.join(root, 'src/ui/styles.css'))).css,
].join('\n');

describe('CSS custom properties', () => {
  const css = stylesheet;
  const definedInCss = new Set([...css.matchAll(/(--sa-[a-z-]+)\s*:/g)].map((match) => match[1]));
  const readFromPage = sorted(
    [...css.matchAll(/var\((--sa-[a-z-]+)/g)]
      .map((match) => match[1] as string)
      .filter((name) => !definedInCss.has(name)),
  );
  const declarations = path.join(src, 'element/css-properties.ts');
  const setByCode = sorted(
    sourceFiles(src, /\.tsx?$/)
      .filter((file) => file !== declarations)
      .flatMap((file) => propertiesSetIn(file, readFileSync(file, 'utf8'))),
  );
  const declared = Object.entries(CSS_PROPERTIES);

  it('declares every property the stylesheet reads from the element or the code sets on it, and no other', () => {
    expect(sorted(Object.keys(CSS_PROPERTIES))).toEqual(sorted([...readFromPage, ...setByCode]));
  });

  it('says who sets each one: the theme, the page or the widget', () => {
    const themed: string[] = Object.values(THEME_CSS_VARIABLES);
    for (const [name, { setBy }] of declared) {
      const actual = themed.includes(name) ? 'theme' : setByCode.includes(name) ? 'widget' : 'page';
      expect(setBy, name).toBe(actual);
    }
  });
});
