/** The preview's own controls: its size (desktop or phone) and, in floating mode, a sample conversation. */
import type { StoreAssistantElement } from '../../src/element/store-assistant-element';
import { byId } from './dom';

/** A question the demo's pretend store answers with a few product cards: a conversation worth looking at. */
const SAMPLE_QUESTION = "What's new this season?";

/** Desktop shows the card as on a wide page; Phone shows it in a 390 px screen, filling it. */
function wireDeviceSwitch(): void {
  const stage = byId('preview-stage');
  const buttons = [...document.querySelectorAll<HTMLButtonElement>('.device-button')];
  for (const button of buttons) {
    button.addEventListener('click', () => {
      stage.dataset.device = button.dataset.device ?? 'desktop';
      for (const other of buttons) other.setAttribute('aria-pressed', String(other === button));
    });
  }
}

/**
 * Floating mode hides the card behind its button: this opens it and asks the webhook a question, so the
 * card is seen with a real conversation in it, answer, cards and all.
 */
function wireSampleConversation(preview: StoreAssistantElement): void {
  byId('sample-conversation').addEventListener('click', () => {
    preview.setAttribute('open', '');
    preview.startChat(SAMPLE_QUESTION);
  });
}

export function wirePreviewControls(preview: StoreAssistantElement): void {
  wireDeviceSwitch();
  wireSampleConversation(preview);
}
