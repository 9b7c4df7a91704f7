import { englishStrings, type StringTable } from '../i18n/strings';
import { defaultTheme, type Theme, type ThemePatch } from '../theme/theme';
import { defaultConfig, type AssistantConfig } from './config';

/** The widget's screens: three sections in the bottom bar, plus the conversation itself. */
export type View = 'home' | 'chats' | 'faq' | 'chat';

/** Who wrote a message. */
export type Sender = 'user' | 'bot';

/** One chat message (SPEC §3). `content` is markdown for bot messages and plain text for the visitor's. */
export interface Message {
  /** Unique within the conversation; built from the timestamp. */
  id: string;
  content: string;
  sender: Sender;
  /** Milliseconds since the epoch. */
  timestamp: number;
}

/** A notice shown above the input: something the visitor should know that is not a message. */
export interface Notice {
  source: 'chat' | 'voice' | 'theme';
  text: string;
}

/** The theme layers above the defaults, kept so a change to one layer re-resolves the rest. */
export interface ThemeLayers {
  saved: ThemePatch;
  imported: ThemePatch;
}

/** Everything the widget shows. UI components render it; only actions change it. */
export interface AssistantState {
  config: AssistantConfig;
  strings: StringTable;
  theme: Theme;
  themeLayers: ThemeLayers;
  view: View;
  /** Floating mode: whether the card is shown. */
  isOpen: boolean;
  messages: Message[];
  /** A reply is awaited: the input is disabled and the typing dots show. */
  loading: boolean;
  /** The visitor's unsent text. It lives here so it survives re-renders, moves and failed sends. */
  draft: string;
  notice: Notice | null;
}

/** The state of a new widget on a page at `pageHost`. */
export function initialState(pageHost: string): AssistantState {
  const config = defaultConfig(pageHost);
  return {
    config,
    strings: englishStrings,
    theme: defaultTheme(config.storeDomain),
    themeLayers: { saved: {}, imported: {} },
    view: 'home',
    isOpen: false,
    messages: [],
    loading: false,
    draft: '',
    notice: null,
  };
}
