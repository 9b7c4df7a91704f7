/** The theme buttons: save, reset, download, import (pasted or from a file), and the logo file. */
import type { AssistantEvents as StoreAssistantEvents } from '../../src/app/deps';
import type { StoreAssistantElement } from '../../src/element/store-assistant-element';
import { MAX_IMAGE_URL_LENGTH } from '../../src/theme/validate';
import { byId, controlById, inputById, setStatus } from './dom';
import { isBuiltInImage } from './element-rules';
import type { PreviewSync } from './preview-sync';
import { THEME_KEYS } from './theme-fields';

/**
 * Imports a theme into the preview. On success the fields take its values and the attributes are set
 * from them, so the snippet carries it; on failure the element's reason is shown and nothing changes.
 */
async function importTheme(preview: StoreAssistantElement, sync: PreviewSync, json: string): Promise<void> {
  const status = byId('import-status');
  if (!json.trim()) {
    setStatus(status, 'error', 'Paste a theme or choose a theme file first.');
    return;
  }
  let reason = 'the theme is not valid';
  const listen = (event: Event) => {
    const { detail } = event as CustomEvent<StoreAssistantEvents['error']>;
    if (detail?.source === 'theme') reason = detail.message.replace(/^importTheme\(\):\s*/, '');
  };
  preview.addEventListener('store-assistant:error', listen);
  let imported: boolean;
  try {
    imported = preview.importTheme(json);
  } finally {
    preview.removeEventListener('store-assistant:error', listen);
  }
  if (!imported) {
    setStatus(status, 'error', `Not imported, nothing was changed: ${reason}.`);
    return;
  }
  sync.importedLayerChanged(null);
  await sync.loadPreviewThemeIntoForm();
  setStatus(status, 'ok', 'Theme imported: the form and the preview show it.');
}

/** Offers the preview's theme as a theme.json download. */
function downloadTheme(preview: StoreAssistantElement): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([preview.exportTheme()], { type: 'application/json' }));
  link.download = 'theme.json';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by the time this runs; the address is only needed until then.
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}

/** Wires the theme buttons and the theme file input. */
export function wireThemeActions(preview: StoreAssistantElement, sync: PreviewSync): void {
  const themeStatus = byId('theme-status');
  byId('save-theme').addEventListener('click', () => {
    if (preview.saveTheme()) {
      setStatus(
        themeStatus,
        'ok',
        'Theme saved in this browser. This page opens with it next time; your store gets it from the snippet.',
      );
    } else {
      setStatus(
        themeStatus,
        'error',
        'The browser refused to save the theme (storage is blocked or full). Download theme.json to keep it.',
      );
    }
  });
  byId('reset-theme').addEventListener('click', async () => {
    for (const attribute of Object.keys(THEME_KEYS)) preview.removeAttribute(attribute);
    preview.importTheme({});
    sync.importedLayerChanged({});
    await Promise.resolve();
    await sync.loadPreviewThemeIntoForm();
    setStatus(
      themeStatus,
      'ok',
      'Theme reset to the theme saved in this browser, or to the defaults when none is saved.',
    );
  });
  byId('download-theme').addEventListener('click', () => downloadTheme(preview));
  const pasted = controlById('theme-import');
  byId('import-theme').addEventListener('click', () => void importTheme(preview, sync, pasted.value));
  const themeFile = inputById('theme-file');
  themeFile.addEventListener('change', async () => {
    const file = themeFile.files?.[0];
    if (!file) return;
    const text = await file.text();
    themeFile.value = '';
    pasted.value = text;
    await importTheme(preview, sync, text);
  });
}

/** A small logo file becomes a data: address, which works on any store without hosting. */
export function wireLogoFile(sync: PreviewSync): void {
  const logoFile = inputById('logo-file');
  const message = byId('message-logo-file');
  logoFile.addEventListener('change', () => {
    const file = logoFile.files?.[0];
    if (!file) return;
    const reader = new FileReader();
    reader.addEventListener('load', () => {
      const url = String(reader.result);
      logoFile.value = '';
      if (!isBuiltInImage(url)) {
        setStatus(
          message,
          'error',
          url.length > MAX_IMAGE_URL_LENGTH
            ? `${file.name} is too large to build in (${Math.round(file.size / 1024)} KB; about 48 KB fit). Use a smaller file, or put it on your site and paste its https: address.`
            : `${file.name} is not a PNG, JPEG, GIF, WebP, AVIF or SVG image.`,
        );
        return;
      }
      setStatus(message, 'ok', `${file.name} is built into the snippet.`);
      controlById('field-logo-url').value = url;
      sync.scheduleApply();
    });
    reader.readAsDataURL(file);
  });
}
