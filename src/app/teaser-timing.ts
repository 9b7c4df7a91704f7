import type { DisplayMode } from '../common/display';
import type { Emit } from '../common/events';
import type { SafeStorage } from '../common/storage';
import type { SliceStore } from '../common/store';
import type { Timers } from '../common/timers';

/** Where the tab remembers that the teaser was shown, dismissed or made pointless by opening the chat. */
export const TEASER_STORAGE_KEY = 'store-assistant:teaser';
/** Default wait before the teaser shows, in seconds. */
export const DEFAULT_TEASER_DELAY_S = 8;

/** What the teaser reads and writes of the whole state. */
interface TeaserView {
  /** The teaser bubble is shown beside the launcher. */
  teaser: boolean;
  isOpen: boolean;
  config: { mode: DisplayMode; teaser: string | null; teaserDelay: number; persist: 'local' | 'session' | 'none' };
}

/** The side effects of the teaser. */
export interface TeaserDeps {
  timers: Timers;
  sessionStorage: SafeStorage;
  /** Remembers, with `persist="local"`, that the visitor opened the chat in an earlier visit. */
  localStorage: SafeStorage;
  emit: Emit<{ teaser: { text: string } }>;
}

/**
 * The launcher teaser (floating mode): a small bubble with the store's `teaser` text that shows once
 * per session, `teaser-delay` seconds after load, while the card is closed; never after the visitor
 * opened the chat or dismissed it: in this page (even where storage is blocked), this visit, or, with
 * `persist="local"`, an earlier visit.
 */
export function createTeaser(store: SliceStore<TeaserView, 'teaser'>, deps: TeaserDeps) {
  let timer: unknown = null;
  /** Shown, opened past or dismissed on this page: kept here too, since storage may refuse to remember it. */
  let ended = false;
  const remembered = () =>
    store.getState().config.persist === 'local' && deps.localStorage.get(TEASER_STORAGE_KEY) === 'opened';
  const settled = () => ended || deps.sessionStorage.get(TEASER_STORAGE_KEY) !== null || remembered();
  const cancel = () => {
    deps.timers.clearTimeout(timer);
    timer = null;
  };
  const end = (reason: 'opened' | 'dismissed') => {
    cancel();
    if (!settled() || store.getState().teaser) deps.sessionStorage.set(TEASER_STORAGE_KEY, reason);
    // Opening the chat is remembered across visits only where the store lets the widget remember.
    if (reason === 'opened' && store.getState().config.persist === 'local')
      deps.localStorage.set(TEASER_STORAGE_KEY, reason);
    ended = true;
    store.setState({ teaser: false });
  };
  const show = () => {
    timer = null;
    const { isOpen, config } = store.getState();
    if (isOpen || settled() || config.mode !== 'floating' || !config.teaser) return;
    deps.sessionStorage.set(TEASER_STORAGE_KEY, 'shown');
    ended = true;
    store.setState({ teaser: true });
    deps.emit('teaser', { text: config.teaser });
  };

  return {
    /** Arms the teaser for the current configuration (or disarms it when it no longer applies). */
    configure(): void {
      const { config, isOpen, teaser } = store.getState();
      const wanted = config.mode === 'floating' && Boolean(config.teaser) && !isOpen;
      if (!wanted) {
        cancel();
        if (teaser) store.setState({ teaser: false });
        return;
      }
      if (timer === null && !teaser && !settled()) timer = deps.timers.setTimeout(show, config.teaserDelay * 1000);
    },
    /** The card opened: the teaser has done its work (or is not needed) for this session. */
    opened: () => end('opened'),
    /** The visitor closed the teaser. */
    dismiss: () => end('dismissed'),
    dispose: cancel,
  };
}
