import { isJsonObject } from '../../common/own';

/**
 * JSON Patch (RFC 6902), as AG-UI's STATE_DELTA carries it: `add`, `remove`, `replace`, `move`, `copy`
 * and `test` on a copy of the document. The patch applies whole or not at all: any operation that
 * fails (a missing path, a failed test, a key that would reach a prototype) leaves the document as it was.
 */

/** Keys no path may name: an agent's patch never reaches an object's prototype. */
const FORBIDDEN = /^(?:__proto__|constructor|prototype)$/;

/** A JSON pointer's tokens (RFC 6901), `~1` and `~0` decoded. */
function tokens(pointer: unknown): string[] {
  if (typeof pointer !== 'string' || (pointer !== '' && !pointer.startsWith('/'))) throw new Error('bad path');
  const list = pointer === '' ? [] : pointer.slice(1).split('/');
  return list.map((token) => {
    const key = token.replace(/~1/g, '/').replace(/~0/g, '~');
    if (FORBIDDEN.test(key)) throw new Error('forbidden key');
    return key;
  });
}

type Container = Record<string, unknown> | unknown[];

/** The container a path's last token is in, and that token; for an array, `-` or an index. */
function parentOf(document: unknown, path: string[]): [Container, string] {
  let node = document;
  for (const key of path.slice(0, -1)) node = childOf(node, key);
  if (!isJsonObject(node) && !Array.isArray(node)) throw new Error('no such parent');
  return [node, path[path.length - 1] as string];
}

function childOf(node: unknown, key: string): unknown {
  if (Array.isArray(node) && /^(?:0|[1-9]\d*)$/.test(key) && Number(key) < node.length) return node[Number(key)];
  if (isJsonObject(node) && Object.prototype.hasOwnProperty.call(node, key)) return node[key];
  throw new Error('no such path');
}

function add(document: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [parent, key] = parentOf(document, path);
  if (!Array.isArray(parent)) parent[key] = value;
  else if (key === '-') parent.push(value);
  else if (/^(?:0|[1-9]\d*)$/.test(key) && Number(key) <= parent.length) parent.splice(Number(key), 0, value);
  else throw new Error('bad index');
  return document;
}

function remove(document: unknown, path: string[]): unknown {
  if (path.length === 0) return null;
  const [parent, key] = parentOf(document, path);
  childOf(parent, key);
  if (Array.isArray(parent)) parent.splice(Number(key), 1);
  else delete parent[key];
  return document;
}

/** One operation on `document` (changed in place, or replaced: the result is the document). */
function applyOperation(document: unknown, operation: unknown): unknown {
  if (!isJsonObject(operation)) throw new Error('bad operation');
  const path = tokens(operation.path);
  const value = operation.value;
  switch (operation.op) {
    case 'add':
      return add(document, path, structuredClone(value));
    case 'remove':
      return remove(document, path);
    case 'replace':
      return add(remove(document, path), path, structuredClone(value));
    case 'move':
    case 'copy': {
      const from = tokens(operation.from);
      const moved = structuredClone(from.length === 0 ? document : childOf(parentOf(document, from)[0], from.at(-1)!));
      return add(operation.op === 'move' ? remove(document, from) : document, path, moved);
    }
    case 'test':
      if (JSON.stringify(path.length === 0 ? document : childOf(...parentOf(document, path))) !== JSON.stringify(value))
        throw new Error('test failed');
      return document;
    default:
      throw new Error('unknown operation');
  }
}

/** `document` with `patch` applied; the document unchanged when the patch is not a list or any operation fails. */
export function applyPatch(document: unknown, patch: unknown): unknown {
  if (!Array.isArray(patch)) return document;
  try {
    return patch.reduce(applyOperation, structuredClone(document));
  } catch {
    return document;
  }
}
