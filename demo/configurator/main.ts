// The configurator page (/configurator): a form for every attribute of <store-assistant>, one live
// preview that follows it, theme export, import and save, and an embed snippet that reproduces the
// preview on any other page. Built by build.mjs into one script; no inline script or style anywhere,
// so the page runs under a strict Content-Security-Policy.
//
// How the pieces fit: fields.ts holds one field per attribute (their checks are the element's own, see
// element-rules.ts); preview-sync.ts applies them to the preview; snippet.ts and the theme export
// follow the preview; theme-actions.ts and copy-snippet.ts wire the buttons; store-connect.ts is the
// Connect your store step (the filled workflow file, and a check of the store's webhook).
import type { StoreAssistantElement } from '../../src/element/store-assistant-element';
import { wireCopySnippet } from './copy-snippet';
import { byId, controlById, inputById } from './dom';
import { createFields } from './fields';
import { ORDER_TRACKING_HINTS, wireOptionHint } from './option-hints';
import { createPreviewSync, type Problems } from './preview-sync';
import { wirePreviewControls } from './preview-controls';
import { buildSnippet } from './snippet';
import { wireStoreConnect } from './store-connect';
import { wireLogoFile, wireThemeActions } from './theme-actions';

const page = byId('configurator');
const preview = byId<StoreAssistantElement>('preview');

/** The theme export, the snippet and the count of problems follow the preview. */
function refreshOutputs(problems: Problems): void {
  const themeExport = controlById('theme-export');
  const exported = preview.exportTheme();
  if (themeExport.value !== exported) themeExport.value = exported;
  const snippet = byId('snippet');
  const code = buildSnippet(preview);
  if (snippet.textContent !== code) snippet.textContent = code;
  // The Connect your store step shows the same snippet, with the webhook it carries into the form.
  const connectSnippet = byId('connect-snippet');
  if (connectSnippet.textContent !== code) connectSnippet.textContent = code;
  const count = problems.size;
  byId('snippet-problems').textContent =
    count === 0
      ? ''
      : `${count === 1 ? 'One setting has a problem' : `${count} settings have problems`} (marked above): the snippet keeps the last valid value${count === 1 ? '' : 's'}, as the preview does.`;
  page.dataset.problems = String(count);
}

const sync = createPreviewSync(preview, createFields, refreshOutputs);
wireThemeActions(preview, sync);
wireLogoFile(sync);
wireCopySnippet();
wireOptionHint(byId<HTMLSelectElement>('field-order-tracking'), byId('hint-order-tracking'), ORDER_TRACKING_HINTS);
wirePreviewControls(preview);
wireStoreConnect();

const settings = byId('settings');
settings.addEventListener('submit', (event) => event.preventDefault());
settings.addEventListener('input', (event) => {
  // The FAQ and the pickers handle their own input; the logo file reports through its change event.
  const target = event.target as HTMLInputElement;
  if (target.closest('.faq') || target.type === 'color' || target.id === 'logo-file') return;
  sync.scheduleApply();
});
settings.addEventListener('change', (event) => {
  const target = event.target as HTMLInputElement;
  if (target.tagName === 'SELECT' || target.type === 'checkbox') sync.scheduleApply();
});

// The card opened or closed in the preview (its launcher, its close button): the snippet follows.
const openControl = inputById('field-open');
for (const [event, open] of [
  ['store-assistant:open', true],
  ['store-assistant:close', false],
] as const) {
  preview.addEventListener(event, () => {
    openControl.checked = open;
    sync.scheduleApply();
  });
}

// Connection and behaviour attributes go on before the element starts, so it starts with them.
void sync.apply();

// A script that never loads would otherwise leave an empty preview with no word why.
setTimeout(() => {
  if (!customElements.get('store-assistant')) byId('preview-error').hidden = false;
}, 10_000);

const rendered = new Promise((resolve) => preview.addEventListener('store-assistant:ready', resolve, { once: true }));
void customElements.whenDefined('store-assistant').then(async () => {
  // The preview now holds its theme: defaults for the store domain, under any theme saved in this
  // browser. The form starts from it, so a saved theme shows up here.
  await Promise.resolve();
  await sync.startWithPreviewTheme();
  await rendered;
  page.dataset.state = 'ready';
});
