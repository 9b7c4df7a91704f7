/**
 * The CSS parts of `<store-assistant>`, declared once: each name is a `part="..."` inside the shadow
 * root, which page CSS styles with `store-assistant::part(name)`. From this table come the README's
 * part table and the cssParts of custom-elements.json; test/unit/element/css-contract.test.ts fails when a `part`
 * in src/ is missing here, or when one declared here is in no component. Documentation only: the script
 * does not include it.
 */
export const CSS_PARTS = {
  root: 'The box around everything inside the shadow root.',
  card: 'The card: the 600px-high widget inline, or the panel the launcher opens in floating mode.',
  view: 'The welcome, Chats or FAQ view inside the card.',
  hero: 'The coloured welcome header of the home view.',
  logo: 'The logo image, or the brand initial shown without one.',
  navigation: 'The bottom bar: Home, Chats and FAQ.',
  chat: 'The conversation view.',
  header: 'The conversation header: back button, brand and new-chat button.',
  messages: 'The scrolling list of messages.',
  message: "Any message bubble, the visitor's or the bot's.",
  'user-message': 'A visitor message bubble.',
  'bot-message': 'A bot message bubble (markdown).',
  chip: 'A quick-action suggestion in an empty conversation.',
  'typing-indicator': 'The dots shown while a reply is awaited.',
  notice: 'A dismissible notice above the text box (voice not configured, a refused file).',
  'call-bar': 'The strip of a voice call: connecting, then live with its duration, mute and end buttons.',
  transcript: 'The running transcript during a call.',
  composer: 'The bottom of the conversation: attachment preview and input bar.',
  'attachment-preview': 'The attached image waiting to be sent.',
  'character-count':
    'The character count over the text box near the message length limit, and why sending is off past it.',
  'input-bar': 'The row holding the text box and its buttons.',
  input: 'The text box.',
  retry: 'The Retry button under a failed reply.',
  feedback: 'The thumbs up and down under a complete bot reply.',
  'feedback-button': 'One of the two feedback buttons (pressed when chosen).',
  suggestions: "The row of the bot's suggested replies under the latest reply.",
  suggestion: 'One suggested reply (also part `chip`).',
  'cart-button':
    'The "Add to cart" button on a product card (with `commerce`), showing progress, "Added" or "Sold out".',
  'cart-proposal': 'A cart change a reply proposed, waiting for the visitor to confirm it.',
  'cart-strip': 'The cart summary in the chat: item count, total, "View cart" and "Checkout".',
  'undo-button':
    'The "Undo" beside "Added" on the card of something the voice assistant added to the cart during a call.',
  teaser: 'Floating mode: the speech bubble beside the closed launcher.',
  invite: "Floating mode: the invitation beside the closed launcher, with questions about the page's product.",
  'invite-question': 'One question of the invitation: a tap opens the chat and asks it.',
  'voice-consent': 'The recording consent shown before the first call.',
  'consent-agree': 'The "Agree and call" button of the recording consent.',
  'product-cards': 'The list of product cards under a bot message.',
  'product-card': 'One product card.',
  'order-card': 'One order under a bot message: its number, status track, lines, tracking and links.',
  'order-list': 'The list of several orders under a bot message.',
  'order-lookup': 'The form asking a guest for an order\'s number and email (`order-tracking="chat"`).',
  launcher: 'Floating mode: the round button that opens and closes the card.',
  'launcher-badge': 'The count of replies that arrived while the floating card was closed.',
  'person-preview':
    "Floating mode: a person's last unread message beside the closed launcher, in the teaser's place, during a takeover.",
  'close-button': 'Floating mode: the close button in the card.',
  takeover: 'During a takeover by a person: the bar saying where it stands, with Cancel or the email form.',
  'agent-byline': "The name and picture over a person's message during a takeover.",
} as const satisfies Record<string, string>;

/** A CSS part name of `<store-assistant>`. */
export type CssPartName = keyof typeof CSS_PARTS;
