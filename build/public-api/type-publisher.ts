import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** A type declared in the sources: an interface or a type alias, and the file it is in. */
interface SourceType {
  file: string;
  node: ts.InterfaceDeclaration | ts.TypeAliasDeclaration;
}

/** A member of an interface, with the file it is declared in (a base interface's may be elsewhere). */
export interface SourceMember {
  file: string;
  node: ts.TypeElement;
  name: string;
}

/** Reads source files: from the disk, or from memory in tests. */
export interface SourceFiles {
  read(file: string): string;
  exists(file: string): boolean;
}

const DISK: SourceFiles = { read: (file) => readFileSync(file, 'utf8'), exists: existsSync };

/** How a source type is published: its public name and, where the source's summary is for developers, another. */
export interface PublishedAs {
  name?: string;
  doc?: string;
}

/**
 * Publishes the project's own types as standalone declarations (the data types of the public d.ts):
 * each source type reached from a root is copied with its JSDoc, renamed `StoreAssistant<Name>` (or as
 * `publishedAs` says), interfaces are flattened over the interfaces they extend, and every reference to
 * another source type publishes that one too. Only the syntax is read, no type checking, so this takes
 * milliseconds; what it cannot copy faithfully (generics, classes, enums, `typeof` of a source value,
 * types of other packages) throws with the file and name, rather than publishing something wrong.
 */
export class TypePublisher {
  private readonly parsed = new Map<string, ts.SourceFile>();
  private readonly published = new Map<string, { name: string; text: string }>();

  constructor(
    private readonly publishedAs: Record<string, PublishedAs> = {},
    private readonly files: SourceFiles = DISK,
  ) {}

  /** `file`, parsed once (with parent pointers, so JSDoc can be read). */
  sourceFile(file: string): ts.SourceFile {
    let source = this.parsed.get(file);
    if (!source) {
      const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
      source = ts.createSourceFile(file, this.files.read(file), ts.ScriptTarget.Latest, true, kind);
      this.parsed.set(file, source);
    }
    return source;
  }

  private resolveModule(from: string, specifier: string): string {
    if (!specifier.startsWith('.'))
      throw new Error(`${from}: a published type may not come from the package "${specifier}"`);
    const base = path.resolve(path.dirname(from), specifier);
    const found = [`${base}.ts`, `${base}.tsx`, `${base}.d.ts`, path.join(base, 'index.ts')].find((candidate) =>
      this.files.exists(candidate),
    );
    if (!found) throw new Error(`${from}: cannot find the module "${specifier}"`);
    return found;
  }

  /** Where `name` is declared, as seen inside `file` (`exported`: as another module importing it from `file` sees it). */
  private lookup(file: string, name: string, exported = false): SourceType | null {
    for (const statement of this.sourceFile(file).statements) {
      if (
        (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) &&
        statement.name.text === name
      ) {
        return { file, node: statement };
      }
      if ((ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement)) && statement.name?.text === name) {
        throw new Error(`${file}: ${name} is a class or an enum, which cannot be published as a type`);
      }
      const bindings =
        ts.isImportDeclaration(statement) && !exported ? statement.importClause?.namedBindings : undefined;
      const reexports = ts.isExportDeclaration(statement) && exported ? statement.exportClause : undefined;
      const specifiers =
        bindings && ts.isNamedImports(bindings)
          ? bindings.elements
          : reexports && ts.isNamedExports(reexports)
            ? reexports.elements
            : [];
      const specifier = specifiers.find((element) => element.name.text === name);
      const from = (statement as ts.ImportDeclaration | ts.ExportDeclaration).moduleSpecifier;
      if (specifier && from && ts.isStringLiteral(from)) {
        const target = this.resolveModule(file, from.text);
        const declared = this.lookup(target, specifier.propertyName?.text ?? name, true);
        if (!declared) throw new Error(`${target}: no exported type ${name}`);
        return declared;
      }
    }
    return null;
  }

  /** The JSDoc right before `node`, as written, or ''. */
  private leadingDoc(source: ts.SourceFile, node: ts.Node): string {
    const comments = ts.getLeadingCommentRanges(source.text, node.getFullStart()) ?? [];
    const doc = comments.filter((range) => source.text.startsWith('/**', range.pos)).at(-1);
    return doc ? source.text.slice(doc.pos, doc.end) : '';
  }

  /** The text of `node` with every reference to a source type replaced by its public name (publishing it). */
  print(file: string, node: ts.Node): string {
    const source = this.sourceFile(file);
    const edits: { start: number; end: number; text: string }[] = [];
    const visit = (child: ts.Node): void => {
      if (ts.isTypeReferenceNode(child) && ts.isIdentifier(child.typeName)) {
        const name = this.publish(file, child.typeName.text);
        if (name !== child.typeName.text)
          edits.push({ start: child.typeName.getStart(source), end: child.typeName.getEnd(), text: name });
      } else if (ts.isTypeReferenceNode(child) || ts.isTypeQueryNode(child) || ts.isImportTypeNode(child)) {
        // `Intl.Locale` or `typeof fetch` name globals; `typeof someSourceValue` or `import('...')` would drag code along.
        const written = child.getText(source);
        const first = written.replace(/^typeof\s+/, '').split('.')[0] ?? '';
        if (ts.isImportTypeNode(child) || this.declaresValue(file, first) || this.lookup(file, first)) {
          throw new Error(`${file}: cannot publish \`${written}\`: refer to a type of this project by its plain name`);
        }
      }
      ts.forEachChild(child, visit);
    };
    visit(node);
    let text = source.text.slice(node.getStart(source), node.getEnd());
    for (const edit of edits.sort((a, b) => b.start - a.start)) {
      const start = edit.start - node.getStart(source);
      text = text.slice(0, start) + edit.text + text.slice(start + edit.end - edit.start);
    }
    return text;
  }

  /** Whether `file` imports or declares a value called `name`. */
  private declaresValue(file: string, name: string): boolean {
    return this.sourceFile(file).statements.some((statement) => {
      if (ts.isImportDeclaration(statement)) {
        const clause = statement.importClause;
        const bindings = clause?.namedBindings;
        if (clause?.name?.text === name) return true;
        if (!bindings) return false;
        return ts.isNamespaceImport(bindings)
          ? bindings.name.text === name
          : bindings.elements.some((element) => element.name.text === name);
      }
      if (ts.isVariableStatement(statement)) {
        return statement.declarationList.declarations.some(
          (declared) => ts.isIdentifier(declared.name) && declared.name.text === name,
        );
      }
      return (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name?.text === name;
    });
  }

  /** The members of interface `name` in `file`, its bases' first; a member it redeclares replaces the base's. */
  interfaceMembers(file: string, name: string): SourceMember[] {
    const declared = this.lookup(file, name);
    if (!declared || !ts.isInterfaceDeclaration(declared.node)) throw new Error(`${file}: no interface ${name}`);
    const members = new Map<string, SourceMember>();
    for (const clause of declared.node.heritageClauses ?? []) {
      for (const base of clause.types) {
        if (!ts.isIdentifier(base.expression) || base.typeArguments)
          throw new Error(`${declared.file}: ${name} may only extend plain interfaces`);
        for (const member of this.interfaceMembers(declared.file, base.expression.text))
          members.set(member.name, member);
      }
    }
    for (const node of declared.node.members) {
      const memberName =
        node.name && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) ? node.name.text : undefined;
      if (memberName === undefined) throw new Error(`${declared.file}: ${name} has a member without a plain name`);
      members.delete(memberName);
      members.set(memberName, { file: declared.file, node, name: memberName });
    }
    return [...members.values()];
  }

  /** The declaration of `type` under `name`, with its JSDoc. */
  private declaration(type: SourceType, name: string): string {
    const source = this.sourceFile(type.file);
    if (type.node.typeParameters)
      throw new Error(`${type.file}: ${type.node.name.text} is generic, which is not published`);
    const doc = this.publishedAs[type.node.name.text]?.doc ?? this.leadingDoc(source, type.node);
    const head = doc ? `${doc}\n` : '';
    if (ts.isTypeAliasDeclaration(type.node))
      return `${head}export type ${name} = ${this.print(type.file, type.node.type)};`;
    const members = this.interfaceMembers(type.file, type.node.name.text).map((member) => {
      const memberDoc = this.leadingDoc(this.sourceFile(member.file), member.node);
      return `${memberDoc ? `  ${memberDoc}\n` : ''}  ${this.print(member.file, member.node)}`;
    });
    return `${head}export interface ${name} {\n${members.join('\n')}\n}`;
  }

  /** The public name of the type `name` as seen from `file`: a source type is published on first use; any other (a global) keeps its name. */
  publish(file: string, name: string): string {
    const type = this.lookup(file, name);
    if (!type) return name;
    const sourceName = type.node.name.text;
    const key = `${type.file}#${sourceName}`;
    const known = this.published.get(key);
    if (known) return known.name;
    const publicName =
      this.publishedAs[sourceName]?.name ??
      (sourceName.startsWith('StoreAssistant') ? sourceName : `StoreAssistant${sourceName}`);
    const clash = [...this.published].find(([, entry]) => entry.name === publicName);
    if (clash) throw new Error(`${key} and ${clash[0]} would both be published as ${publicName}`);
    const entry = { name: publicName, text: '' };
    this.published.set(key, entry);
    entry.text = this.declaration(type, publicName);
    return publicName;
  }

  /** Every declaration published so far, in the order their types were first reached. */
  declarations(): string[] {
    return [...this.published.values()].map((entry) => entry.text);
  }
}

/** A {@link TypePublisher}: `publishedAs` names source types, `files` reads them (the disk by default). */
export function createTypePublisher(
  publishedAs: Record<string, PublishedAs> = {},
  files: SourceFiles = DISK,
): TypePublisher {
  return new TypePublisher(publishedAs, files);
}
