/** The Copy button of the snippet. */
import { byId, setStatus } from './dom';

/** The fallback for browsers without the asynchronous clipboard (or without permission to use it). */
function copyBySelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.readOnly = true;
  area.className = 'visually-hidden';
  document.body.append(area);
  area.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  area.remove();
  return copied;
}

/** Wires the Copy button: the clipboard, else the selection, else the snippet selected for Ctrl+C. */
export function wireCopySnippet(): void {
  const button = byId('copy-snippet');
  const status = byId('copy-status');
  const snippet = byId('snippet');
  let resetTimer = 0;
  button.addEventListener('click', async () => {
    const text = snippet.textContent ?? '';
    let copied = false;
    try {
      await navigator.clipboard.writeText(text);
      copied = true;
    } catch {
      copied = copyBySelection(text);
    }
    clearTimeout(resetTimer);
    if (copied) {
      button.textContent = 'Copied';
      setStatus(status, 'ok', 'The snippet is on the clipboard.');
      resetTimer = window.setTimeout(() => {
        button.textContent = 'Copy';
        status.textContent = '';
      }, 2500);
    } else {
      // Select it, so Ctrl+C (or Cmd+C) copies it.
      getSelection()?.selectAllChildren(snippet);
      setStatus(status, 'error', 'The browser would not copy it: the snippet is selected, press Ctrl+C (or Cmd+C).');
    }
  });
}
