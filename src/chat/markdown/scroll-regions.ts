/** The accessible names of the regions, given what each one holds. */
export interface ScrollRegionNames {
  /** A table's name, from its column headings. */
  table(columns: string): string;
  /** A code block's name, from the start of its first line. */
  code(start: string): string;
}

/** How much of a code block's first line, or of a table's headings, a region's name quotes. */
const NAME_QUOTE_LENGTH = 40;

function quote(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > NAME_QUOTE_LENGTH ? `${flat.slice(0, NAME_QUOTE_LENGTH - 1)}…` : flat;
}

function columnsOf(table: Element): string {
  const headings = [...table.querySelectorAll('th')].map((cell) => cell.textContent ?? '');
  return quote(headings.join(', '));
}

function firstLineOf(block: Element): string {
  return quote((block.textContent ?? '').trimStart().split('\n')[0] ?? '');
}

/**
 * Puts each table and code block of rendered markdown in a region of its own that scrolls sideways: a
 * table or a line of code wider than the bubble scrolls inside it, the edge fades show there is more, and
 * the region takes keyboard focus (so arrow keys scroll it) and is announced by a name that says what it
 * holds. A name quotes the headings or the first line, so two regions of a conversation rarely share one.
 */
export function addScrollRegions(fragment: DocumentFragment, names: ScrollRegionNames): DocumentFragment {
  for (const block of fragment.querySelectorAll('table, pre')) {
    const region = block.ownerDocument.createElement('div');
    region.className = `scroll-region ${block.tagName === 'TABLE' ? 'table-region' : 'code-region'}`;
    region.setAttribute('role', 'region');
    region.setAttribute('tabindex', '0');
    region.setAttribute(
      'aria-label',
      block.tagName === 'TABLE' ? names.table(columnsOf(block)) : names.code(firstLineOf(block)),
    );
    block.replaceWith(region);
    region.append(block);
  }
  return fragment;
}
