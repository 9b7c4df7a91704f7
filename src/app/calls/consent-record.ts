import type { PersistMode } from '../../chat/chat-state';
import type { SafeStorage } from '../../common/storage';
import type { ConsentRecord } from '../../voice/voice-slice';

/** The key under which a visitor's agreement to a store's `voice-consent` is kept. */
export const consentKey = (storeDomain: string) => `store-assistant:voice-consent:${storeDomain}`;

/** A short, stable hash of a text (djb2), to tell one consent text from another. */
function textHash(text: string): string {
  let hash = 5381;
  for (let index = 0; index < text.length; index++) hash = ((hash << 5) + hash + text.charCodeAt(index)) | 0;
  return (hash >>> 0).toString(36);
}

/**
 * The visitor's agreement to the store's recording consent, kept where conversations are (`persist`):
 * for good with `local`, for the tab with `session`, and only for this page with `none`.
 */
export function createConsentRecord(
  read: () => { persist: PersistMode; storeDomain: string; consent: string | null | undefined },
  storage: { local: SafeStorage; session: SafeStorage },
): ConsentRecord {
  const inMemory = new Set<string>();
  const where = () => {
    const { persist, storeDomain, consent } = read();
    // Agreement is to a text: a store that changes its consent text asks again.
    const key = `${consentKey(storeDomain)}:${textHash(consent ?? '')}`;
    return { key, storage: persist === 'local' ? storage.local : persist === 'session' ? storage.session : null };
  };
  return {
    given() {
      const { key, storage: store } = where();
      return inMemory.has(key) || store?.get(key) === 'agreed';
    },
    remember() {
      const { key, storage: store } = where();
      if (store) store.set(key, 'agreed');
      inMemory.add(key);
    },
    forget() {
      const { key, storage: store } = where();
      store?.remove(key);
      inMemory.delete(key);
    },
  };
}
