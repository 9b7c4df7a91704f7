import { N8N_SESSION_KEY_PREFIX } from '../chat/n8n-chat/earlier-session';
import type { SafeStorage } from '../common/storage';
import { KEPT_CALL_KEY } from '../voice/kept-call';
import { consentKey } from './calls/consent-record';

/**
 * What the widget keeps of the person using it, besides the conversations and takeovers (which their
 * features erase): the n8n session to load back, a call kept for the next page, and the agreement to
 * a call's recording. Each key starts with one of these. Clearing the conversations, and so signing
 * out, erases them all, in both storages, for every webhook and store.
 */
export const PERSONAL_KEY_PREFIXES = [N8N_SESSION_KEY_PREFIX, KEPT_CALL_KEY, consentKey('')] as const;

/** Erases every key of {@link PERSONAL_KEY_PREFIXES} from each storage. */
export function erasePersonalKeys(...storages: SafeStorage[]): void {
  for (const storage of storages)
    for (const key of storage.keys())
      if (PERSONAL_KEY_PREFIXES.some((prefix) => key.startsWith(prefix))) storage.remove(key);
}
