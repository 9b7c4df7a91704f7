/**
 * What every field of the form shares. A field reads its control(s) and says what its attribute should
 * be: a `value` (null removes the attribute, so the element's default applies), or a `problem` (the
 * attribute is left as it is, so the preview keeps the last valid value). Theme fields also say what
 * the preview's theme must then hold (`expected`), which catches anything the element refuses that the
 * checks missed.
 */
import type { AttributeName } from '../../src/element/attributes';
import { controlById, type Control } from './dom';

/** A value the attribute takes, with an optional warning shown next to the field. */
export interface Accepted {
  value: string | null;
  warning?: string | undefined;
  /** Theme fields: what the preview's exported theme holds for this field once the value applies. */
  expected?: unknown;
}

/** Why the field's text cannot be used. */
export interface Refused {
  problem: string;
}

/** What a field says about its attribute. */
export type Reading = Accepted | Refused;

/** True when the reading holds a problem. */
export const isRefused = (reading: Reading): reading is Refused => 'problem' in reading;

/** One attribute of the element and the control(s) that set it. */
export interface Field {
  attribute: AttributeName;
  /** The element that shows the field's problem or warning; a hint's id means there is none. */
  messageId: string;
  controlIds: string[];
  read(): Reading;
  /** Theme fields: writes a value from a theme, in the export format, into the control. */
  fill?(value: unknown): void;
}

/** Options of {@link field}. */
export interface FieldOptions {
  fill?: (control: Control, value: unknown) => void;
  messageId?: string;
}

/**
 * A field whose attribute `x` is read from the control `field-x`, and what is wrong with it is shown
 * in `message-x`.
 */
export function field(
  attribute: AttributeName,
  readControl: (control: Control) => Reading,
  { fill, messageId = `message-${attribute}` }: FieldOptions = {},
): Field {
  const control = controlById(`field-${attribute}`);
  return {
    attribute,
    messageId,
    controlIds: [control.id],
    read: () => readControl(control),
    ...(fill ? { fill: (value: unknown) => fill(control, value) } : {}),
  };
}

/**
 * Reads a control that holds one text: empty (after trimming) removes the attribute, so the element's
 * default applies; any other text is for `check` to accept or refuse. `whenEmpty` adds to an empty reading.
 */
export function readTrimmed(
  check: (value: string) => Reading,
  whenEmpty: Partial<Accepted> = {},
): (control: Control) => Reading {
  return (control) => {
    const value = control.value.trim();
    return value ? check(value) : { value: null, ...whenEmpty };
  };
}

/** Writes a text value from a theme into its control. */
export function fillText(control: Control, value: unknown): void {
  control.value = String(value);
}

/** Theme lists (quick actions, badges) are edited one item per line. */
export function fillLines(control: Control, list: unknown): void {
  control.value = Array.isArray(list) ? list.join('\n') : '';
}

/** Lines of a text, trimmed, without empty ones. */
export const lines = (value: string): string[] =>
  value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** Parses JSON, or says why it is not JSON, starting with `notJson`. */
export function parseJson(text: string, notJson: string): { parsed: unknown } | { problem: string } {
  try {
    return { parsed: JSON.parse(text) };
  } catch (error) {
    return { problem: `${notJson}: ${(error as Error).message}` };
  }
}
