// The agent desk shows the conversation's messages with their markdown: a small subset (paragraphs,
// line breaks, bullet and numbered lists, tables, **bold**, *italic*, `code` and links) turned into HTML
// only after every character of the message has been escaped. Nothing a visitor or a webhook wrote can
// become a tag or an attribute: HTML in a message shows as text, and links keep to http(s), mailto and tel.

const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `text` with every character HTML gives a meaning to escaped. */
export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (char) => ESCAPES[char]);
}

/** The link targets a message may point to; anything else (javascript:, data:) stays text. */
const SAFE_LINK = /^(https?:\/\/|mailto:|tel:)/i;

/** Inline markdown on text that is already escaped: code first, so its content is not formatted. */
function inline(escaped) {
  const codes = [];
  const withoutCode = escaped.replace(/`([^`]+)`/g, (_whole, code) => {
    codes.push(`<code>${code}</code>`);
    return `\u0000${codes.length - 1}\u0000`;
  });
  return withoutCode
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (whole, label, target) =>
      SAFE_LINK.test(target) ? `<a href="${target}" target="_blank" rel="noopener noreferrer">${label}</a>` : whole,
    )
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^*\w])\*([^*\s][^*]*)\*(?!\w)/g, '$1<em>$2</em>')
    .replace(/(^|[^\w])_([^_\s][^_]*)_(?!\w)/g, '$1<em>$2</em>')
    .replace(/\u0000(\d+)\u0000/g, (_whole, index) => codes[Number(index)]);
}

const BULLET = /^\s*[-*+]\s+/;
const NUMBERED = /^\s*\d+[.)]\s+/;
const TABLE_ROW = /^\s*\|.*\|\s*$/;
const TABLE_RULE = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/;

function cells(row) {
  return row
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => inline(cell.trim()));
}

/** A run of lines of one kind, as HTML. */
function block(kind, lines) {
  if (kind === 'ul' || kind === 'ol') {
    const marker = kind === 'ul' ? BULLET : NUMBERED;
    return `<${kind}>${lines.map((line) => `<li>${inline(line.replace(marker, ''))}</li>`).join('')}</${kind}>`;
  }
  if (kind === 'table') {
    const rows = lines.filter((line) => !TABLE_RULE.test(line)).map(cells);
    const [head = [], ...body] = rows;
    const row = (tag, values) => `<tr>${values.map((value) => `<${tag}>${value}</${tag}>`).join('')}</tr>`;
    return `<table><thead>${row('th', head)}</thead><tbody>${body.map((values) => row('td', values)).join('')}</tbody></table>`;
  }
  return `<p>${lines.map(inline).join('<br>')}</p>`;
}

function kindOf(line) {
  if (BULLET.test(line)) return 'ul';
  if (NUMBERED.test(line)) return 'ol';
  if (TABLE_ROW.test(line)) return 'table';
  return 'p';
}

/** A message's markdown as safe HTML: escaped first, then the subset above, block by block. */
export function deskMarkdown(text) {
  const html = [];
  let kind = null;
  let lines = [];
  const flush = () => {
    if (lines.length > 0) html.push(block(kind, lines));
    lines = [];
  };
  // NUL marks a code span while the rest is formatted: a message's own NULs are dropped first.
  for (const line of escapeHtml(String(text).replace(/\u0000/g, '')).split(/\r?\n/)) {
    if (!line.trim()) {
      flush();
      kind = null;
      continue;
    }
    const next = kindOf(line);
    if (next !== kind) flush();
    kind = next;
    lines.push(line);
  }
  flush();
  return html.join('');
}
