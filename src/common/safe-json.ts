/**
 * JSON serialisation that a hostile page cannot bend. `JSON.stringify` calls any `toJSON` it finds, so a
 * page that sets `Array.prototype.toJSON` or `Object.prototype.toJSON` would change (or break) every
 * request body. This walks own enumerable properties itself and only lets `JSON.stringify` format
 * primitives, which never consult `toJSON`.
 */
export function safeStringify(value: unknown, indent = '', depth = 0): string {
  if (depth > 32) return 'null';
  if (value === null || value === undefined) return 'null';
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : 'null';
    case 'object':
      break;
    default:
      return 'null';
  }
  // With an indent, each level goes on lines of its own, as JSON.stringify(value, null, indent) writes it.
  const wrap = (open: string, items: string[], close: string) => {
    if (items.length === 0) return `${open}${close}`;
    if (!indent) return `${open}${items.join(',')}${close}`;
    const inner = `\n${indent.repeat(depth + 1)}`;
    return `${open}${inner}${items.join(`,${inner}`)}\n${indent.repeat(depth)}${close}`;
  };
  if (Array.isArray(value)) {
    const items: string[] = [];
    for (let index = 0; index < value.length; index++) items.push(safeStringify(value[index], indent, depth + 1));
    return wrap('[', items, ']');
  }
  const entries: string[] = [];
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key];
    if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
    entries.push(`${JSON.stringify(key)}:${indent ? ' ' : ''}${safeStringify(item, indent, depth + 1)}`);
  }
  return wrap('{', entries, '}');
}
