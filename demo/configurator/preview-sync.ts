/**
 * Applies the form to the preview through attributes only. A value a field refuses gets a message next
 * to it and does not reach the element, so the preview keeps the last valid value.
 */
import type { StoreAssistantElement } from '../../src/element/store-assistant-element';
import type { Theme as StoreAssistantTheme } from '../../src/theme/theme';
import { byId, setStatus } from './dom';
import { isRefused, type Field, type Reading } from './field';
import { isThemeAttribute, THEME_KEYS } from './theme-fields';

/** Field problems found by the last apply, by attribute. */
export type Problems = ReadonlyMap<string, string>;

/** The form kept in step with the preview. */
export interface PreviewSync {
  /** Input events come one per keystroke: the preview is updated once per task. */
  scheduleApply(): void;
  /** Sets or removes every attribute of the preview from the form, then reports through `applied`. */
  apply(): Promise<void>;
  /** Fills the theme fields from the theme the preview shows, then applies the form. */
  loadPreviewThemeIntoForm(): Promise<void>;
  /** Called once the preview holds its first theme: until then the theme fields are empty, not chosen. */
  startWithPreviewTheme(): Promise<void>;
  /** The theme layer imported into the preview changed from outside (a theme import or a reset). */
  importedLayerChanged(layer: Record<string, unknown> | null): void;
}

/** The preview's theme, which the snippet and the export reproduce. */
export const previewTheme = (preview: StoreAssistantElement): StoreAssistantTheme =>
  JSON.parse(preview.exportTheme()) as StoreAssistantTheme;

/** Shows a field's problem or warning next to it, and marks its controls invalid on a problem. */
function showMessage(field: Field, message: { level: 'error' | 'warning'; text: string } | null): void {
  if (field.messageId.startsWith('hint-')) return;
  setStatus(byId(field.messageId), message?.level ?? null, message?.text ?? '');
  for (const id of field.controlIds) {
    if (message?.level === 'error') byId(id).setAttribute('aria-invalid', 'true');
    else byId(id).removeAttribute('aria-invalid');
  }
}

function setAttribute(element: HTMLElement, name: string, value: string | null): void {
  if (value === null) element.removeAttribute(name);
  else if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

/**
 * Keeps `preview` in step with the fields `buildFields` makes (it receives `scheduleApply` for the
 * controls that change the form without an input event). `applied` runs after every complete apply.
 */
export function createPreviewSync(
  preview: StoreAssistantElement,
  buildFields: (changed: () => void) => Field[],
  applied: (problems: Problems) => void,
): PreviewSync {
  let themeFieldsLoaded = false;
  /** The theme layer last imported into the preview, as JSON; null when unknown. */
  let importedLayer: string | null = null;
  const problems = new Map<string, string>();
  let applyScheduled = false;
  let applyRun = 0;

  const scheduleApply = () => {
    if (applyScheduled) return;
    applyScheduled = true;
    queueMicrotask(() => {
      applyScheduled = false;
      void apply();
    });
  };
  const fields = buildFields(scheduleApply);
  const fieldFor = (attribute: string) => fields.find((candidate) => candidate.attribute === attribute);

  /** Reads every field, shows its message and sets the attributes of the valid ones. */
  function readFields(): Map<Field, Reading> {
    problems.clear();
    const readings = new Map<Field, Reading>();
    for (const field of fields) {
      const reading = field.read();
      readings.set(field, reading);
      if (isRefused(reading)) {
        problems.set(field.attribute, reading.problem);
        showMessage(field, { level: 'error', text: `${reading.problem} The preview keeps the last valid value.` });
        continue;
      }
      showMessage(field, reading.warning ? { level: 'warning', text: reading.warning } : null);
      if (isThemeAttribute(field.attribute) && !themeFieldsLoaded) continue;
      setAttribute(preview, field.attribute, reading.value);
    }
    return readings;
  }

  /**
   * An empty logo or badge list cannot be said with attributes (an empty attribute means "default",
   * which may be a saved theme's logo), so those two are imported into the preview instead. The
   * imported layer outranks attributes, so it must hold nothing else, or later edits would not show.
   */
  function importEmptiedFields(readings: Map<Field, Reading>): void {
    const isEmptied = (attribute: string) => {
      const reading = readings.get(fieldFor(attribute) as Field);
      return reading !== undefined && !isRefused(reading) && reading.value === null;
    };
    const emptied: Partial<StoreAssistantTheme> = {};
    if (isEmptied('logo-url')) emptied.logoUrl = '';
    if (isEmptied('badge-images')) emptied.badgeImages = [];
    const layer = JSON.stringify(emptied);
    if (layer !== importedLayer && preview.importTheme(emptied)) importedLayer = layer;
  }

  /**
   * The backstop for the fields' checks: a theme value the preview does not show was refused by the
   * element, which says why only in the developer console.
   */
  function checkPreviewTheme(readings: Map<Field, Reading>): void {
    const theme = previewTheme(preview);
    for (const [attribute, key] of Object.entries(THEME_KEYS)) {
      const field = fieldFor(attribute);
      const reading = field && readings.get(field);
      if (!field || !reading || isRefused(reading) || reading.expected === undefined) continue;
      if (JSON.stringify(theme[key]) !== JSON.stringify(reading.expected)) {
        const problem = 'The assistant did not accept this value; check it for typing mistakes.';
        problems.set(attribute, problem);
        showMessage(field, { level: 'error', text: problem });
      }
    }
  }

  async function apply(): Promise<void> {
    const run = ++applyRun;
    const readings = readFields();
    byId('preview-stage').dataset.mode = preview.getAttribute('mode') === 'floating' ? 'floating' : 'inline';
    if (!themeFieldsLoaded) return;
    importEmptiedFields(readings);
    // The element reads its attributes in a microtask queued by the changes above: wait for it.
    await Promise.resolve();
    if (run !== applyRun) return;
    checkPreviewTheme(readings);
    applied(problems);
  }

  async function loadPreviewThemeIntoForm(): Promise<void> {
    const theme = previewTheme(preview);
    for (const [attribute, key] of Object.entries(THEME_KEYS)) {
      const value = theme[key];
      if (value !== undefined) fieldFor(attribute)?.fill?.(value);
    }
    await apply();
  }

  return {
    scheduleApply,
    apply,
    loadPreviewThemeIntoForm,
    async startWithPreviewTheme() {
      themeFieldsLoaded = true;
      await loadPreviewThemeIntoForm();
    },
    importedLayerChanged(layer) {
      importedLayer = layer === null ? null : JSON.stringify(layer);
    },
  };
}
