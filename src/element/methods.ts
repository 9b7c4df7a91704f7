/**
 * The public methods of `<store-assistant>`, with what they do: the source of the README's method table.
 * Each one is implemented on the element class (store-assistant-element.tsx).
 */
export const METHODS = {
  'open()': 'Floating mode: opens the card (sets the `open` attribute).',
  'close()': 'Floating mode: closes the card (removes the `open` attribute).',
  'startChat(firstMessage?)': 'Opens the conversation; sends `firstMessage` at once when given.',
  'sendMessage(text)': 'Sends `text` as the visitor and shows the conversation. Returns false when the text is empty or a reply is awaited.',
  'newChat()': 'Starts a new conversation.',
  'clearConversations()': 'Deletes every conversation the widget saved (localStorage and sessionStorage, every webhook) and starts a new, empty one: for a consent tool or a "forget me" link.',
  'goHome()': 'Returns to the welcome view.',
  'startCall()': 'Opens the conversation and starts a voice call (asking for the microphone first). Ignored while a call is starting or running.',
  'stopCall()': 'Ends the voice call.',
  'setMuted(muted)': 'Mutes or unmutes the microphone during a call.',
  'saveTheme()': 'Saves the current theme to localStorage `chatbot-theme`. Returns false when the browser refuses storage.',
  'importTheme(json)': 'Applies a theme given as JSON text or an object, over the attributes; it replaces the theme imported before (`importTheme({})` removes it). Returns false (and logs why) when anything in it is invalid; the theme is then unchanged.',
  'exportTheme()': 'Returns the current theme as JSON, in the format `importTheme` accepts.',
} as const;
