/**
 * The FAQ editor: rows for store owners and a JSON box for anyone pasting a list; each writes the
 * other, and both end up in one list of entries that the `faq` field reads.
 */
import type { FaqEntry } from '../../src/app/config';
import { byId, controlById, labelled } from './dom';
import { cleanText, readAsElement } from './element-rules';
import { field, parseJson, type Field, type Reading } from './field';

/**
 * The element's limits for a question and an answer, and how many entries it shows: for the messages
 * only, since whether it takes a list is asked of the element itself.
 */
const MAX_QUESTION_LENGTH = 300;
const MAX_ANSWER_LENGTH = 4000;
const MAX_SHOWN = 50;

/** The two boxes of a FAQ row, which differ only in these. */
const ROW_BOXES = [
  { key: 'q', label: 'Question', tag: 'input', attributes: { type: 'text' } },
  { key: 'a', label: 'Answer', tag: 'textarea', attributes: { rows: '2' } },
] as const;

/** The entries written in the JSON box, or why they cannot be read. */
function parseFaqJson(text: string): { entries: FaqEntry[] } | { problem: string } {
  if (!text.trim()) return { entries: [] };
  const json = parseJson(text, 'The FAQ JSON is not valid');
  if ('problem' in json) return json;
  const { parsed } = json;
  if (!Array.isArray(parsed)) return { problem: 'The FAQ JSON must be a list: [{ "q": "question", "a": "answer" }].' };
  const entries: FaqEntry[] = [];
  for (const [index, item] of parsed.entries()) {
    const { q, a } = (typeof item === 'object' && item !== null ? item : {}) as Partial<Record<'q' | 'a', unknown>>;
    if (typeof q !== 'string' || typeof a !== 'string')
      return { problem: `FAQ entry ${index + 1} needs a "q" and an "a", both texts.` };
    entries.push({ q, a });
  }
  return { entries };
}

/** What the rows hold, as the element would take it. */
function readEntries(rows: readonly FaqEntry[]): Reading {
  const entries: FaqEntry[] = [];
  for (const [index, entry] of rows.entries()) {
    const q = cleanText(entry.q);
    const a = cleanText(entry.a);
    if (!q && !a) continue;
    if (!q || !a) return { problem: `Question ${index + 1} needs both a question and an answer.` };
    if (q.length > MAX_QUESTION_LENGTH)
      return { problem: `Question ${index + 1} is longer than ${MAX_QUESTION_LENGTH} characters.` };
    if (a.length > MAX_ANSWER_LENGTH)
      return { problem: `Answer ${index + 1} is longer than ${MAX_ANSWER_LENGTH} characters.` };
    entries.push({ q, a });
  }
  if (entries.length === 0) return { value: null };
  const value = JSON.stringify(entries);
  if (!readAsElement('faq', value).accepted)
    return { problem: 'The assistant did not accept this value; check it for typing mistakes.' };
  return {
    value,
    warning: entries.length > MAX_SHOWN ? `Only the first ${MAX_SHOWN} questions are shown.` : undefined,
  };
}

/** Builds the FAQ editor from the page's markup; `changed` is called after every edit. */
export function createFaqEditor(changed: () => void): Field {
  const rowsElement = byId('faq-rows');
  const json = controlById('field-faq');
  const initial = parseFaqJson(json.value);
  let entries: FaqEntry[] = 'entries' in initial ? initial.entries : [];
  /** Why the JSON box cannot be read, while it cannot. */
  let jsonProblem: string | null = null;

  const writeJson = () => {
    json.value =
      entries.length === 0 ? '' : `[\n${entries.map((entry) => `  ${JSON.stringify(entry)}`).join(',\n')}\n]`;
    jsonProblem = null;
  };
  /** A row was added or removed: the rows, the JSON and the preview follow. */
  const listChanged = () => {
    renderRows();
    writeJson();
    changed();
  };
  const renderRow = (entry: FaqEntry, index: number) => {
    const row = document.createElement('div');
    row.className = 'faq-row';
    const number = index + 1;
    for (const { key, label, tag, attributes } of ROW_BOXES) {
      const { wrapper, control } = labelled(tag, `faq-${key}-${number}`, `${label} ${number}`, attributes);
      control.value = entry[key];
      control.addEventListener('input', () => {
        entry[key] = control.value;
        writeJson();
        changed();
      });
      row.append(wrapper);
    }
    const remove = document.createElement('button');
    remove.type = 'button';
    remove.className = 'button secondary small';
    remove.textContent = `Remove question ${number}`;
    remove.addEventListener('click', () => {
      entries.splice(index, 1);
      listChanged();
      byId('faq-add').focus();
    });
    row.append(remove);
    return row;
  };
  const renderRows = () => rowsElement.replaceChildren(...entries.map(renderRow));

  json.addEventListener('input', () => {
    const parsed = parseFaqJson(json.value);
    if ('problem' in parsed) jsonProblem = parsed.problem;
    else {
      jsonProblem = null;
      entries = parsed.entries;
      renderRows();
    }
    changed();
  });
  byId('faq-add').addEventListener('click', () => {
    entries.push({ q: '', a: '' });
    listChanged();
    rowsElement.lastElementChild?.querySelector('input')?.focus();
  });
  renderRows();

  // The JSON box is the control marked invalid, whichever of the two the problem came from.
  return field('faq', () => (jsonProblem ? { problem: jsonProblem } : readEntries(entries)));
}
