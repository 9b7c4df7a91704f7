/**
 * Every string the widget shows or announces, in one table. The English entries are the defaults and
 * carry the exact wording of the product specification; later languages and the `strings` attribute
 * override single entries by key.
 *
 * Placeholders are written `{name}` and filled by {@link formatString}.
 */
export const englishStrings = {
  // Welcome (home) view
  welcomeTitle: 'Welcome to {brandName}',
  welcomeSubtitle: 'How can we help you today?',
  askQuestion: 'Ask a question',
  trackOrder: 'Track my order',
  newArrivals: 'New arrivals',
  recentConversation: 'Recent Conversation',
  noConversationYet: 'No messages yet. Say hello!',
  startLiveCall: 'Start a live call',
  talkToHuman: 'Talk to a human agent',
  logoAlt: '{brandName} logo',
  badgeAlt: 'Badge {index}',

  // First messages sent by the welcome view's quick starts
  askQuestionMessage: 'Hi',
  newArrivalsMessage: 'Shop new arrivals',
  trackOrderMessage: 'Track my order',
  humanAgentMessage: "I'd like to talk to a human agent",

  // Takeover by a person (the push channel)
  handoffConnecting: 'Connecting you to a person…',
  handoffCancel: 'Cancel',
  handoffChattingWith: "You're chatting with {name}",
  handoffEnd: 'Back to the assistant',
  handoffLeft: '{name} left the conversation. The assistant is answering again.',
  handoffJoined: '{name} joined the conversation.',
  handoffCancelled: 'The assistant is answering again.',
  handoffTimeout: 'Nobody is free to answer right now.',
  handoffUnavailable: 'Our team is away right now.',
  handoffEmailPrompt: "Leave your email address and we'll reply there.",
  handoffEmailLabel: 'Email address',
  handoffEmailSend: 'Send',
  handoffEmailInvalid: 'Please enter a valid email address.',
  handoffEmailSent: "Thanks! We'll reply to you by email.",
  handoffEmailFailed: 'It could not be sent. Please try again.',
  handoffWaiting: 'Waiting for a person',
  handoffPerson: 'Support team',
  handoffTyping: '{name} is typing…',
  handoffVoiceOff: 'Calls are off while you chat with a person.',
  handoffEmailSendLabel: 'Send email address',
  // Orders: the order cards and a guest's order lookup
  orders: 'Your orders',
  orderTitle: 'Order {number}',
  orderPlaced: 'Placed {date}',
  orderStatusPlaced: 'Placed',
  orderStatusPaid: 'Paid',
  orderStatusShipped: 'Shipped',
  orderStatusOutForDelivery: 'Out for delivery',
  orderStatusDelivered: 'Delivered',
  orderStatusCancelled: 'Cancelled',
  orderStatusRefunded: 'Refunded',
  orderStatusReturned: 'Returned',
  orderProgress: 'Order {number}: {status}, step {step} of {steps}.',
  orderEnded: 'Order {number}: {status}.',
  orderItems: 'Items in order {number}',
  orderQuantity: '× {quantity}',
  orderMoreItems: { one: '+ {count} more', other: '+ {count} more' },
  orderTotal: 'Total {total}',
  orderTrackingNumber: 'Tracking number {number}',
  trackPackage: 'Track package',
  viewOrder: 'View order',
  orderExpected: 'Expected {date}',
  returnOrder: 'Return items',
  cancelOrder: 'Cancel order',
  orderLookupPrompt: 'Enter your order number and the email you ordered with.',
  orderLookupNumber: 'Order number',
  orderLookupEmail: 'Email',
  orderLookupSubmit: 'Find my order',
  orderLookupNumberInvalid: 'Enter the order number from your confirmation email.',
  orderLookupEmailInvalid: 'Enter a valid email address.',
  orderLookupNotFound: "We couldn't find an order with that number and email. Check both and try again.",
  orderLookupMessage: 'Where is order {number}?',
  closeOrderLookup: 'Close the order form',

  // Bottom navigation
  navigation: 'Assistant sections',
  navHome: 'Home',
  navChats: 'Chats',
  navFaq: 'FAQ',

  // Chats (history) view
  chatsTitle: 'Chats',
  chatsEmpty: 'Your conversations will appear here.',
  chatsList: 'Saved conversations',
  messageCount: { one: '{count} message', other: '{count} messages' },
  startNewChat: 'Start a new chat',
  deleteConversation: 'Delete conversation',

  // FAQ view
  faqTitle: 'Frequently asked questions',
  faqEmpty: 'No questions have been added yet.',
  faqAskAssistant: 'Ask the assistant',

  // Chat view
  back: 'Back',
  online: 'Online',
  newChat: 'New chat',
  emptyChat: 'Start a conversation by typing a message below',
  messagePlaceholder: 'Your message…',
  messageLabel: 'Message',
  send: 'Send',
  attachImage: 'Attach image',
  startCall: 'Start call',
  endCall: 'End call',
  quickActions: 'Suggestions',
  retry: 'Retry',
  removeImage: 'Remove image',
  attachedImage: 'Attached image',
  imageNotSaved: 'Image not kept: it was too large to save',
  products: 'Products',
  viewProduct: 'View product',
  replyShortened: 'This reply was shortened.',
  revealMessage: 'Show the whole message',
  scrollTable: 'Table: {columns}. Scrolls sideways',
  scrollCode: 'Code: {start}. Scrolls sideways',
  messages: 'Messages',
  you: 'You',
  assistant: 'Assistant',
  typing: '{brandName} is typing',
  typingStatus: 'Typing…',
  offline: 'Offline',

  // Floating mode
  openChat: 'Open chat with {brandName}',
  /** The launcher's name when nothing names the store: the unnamed store's name reads wrong inside a sentence. */
  openChatUnnamed: 'Open chat',
  closeChat: 'Close chat',
  openChatUnread: { one: 'Open chat with {brandName}, {count} new', other: 'Open chat with {brandName}, {count} new' },
  openChatUnreadUnnamed: { one: 'Open chat, {count} new', other: 'Open chat, {count} new' },

  // Voice calls
  voiceNotConfigured: 'Voice is not configured',
  connecting: 'Connecting…',
  endingCall: 'Ending call…',
  liveCall: 'Live call',
  demoCall: 'Demo call',
  callDuration: 'Call duration',
  assistantSpeaking: 'Speaking…',
  listening: 'Listening…',
  mute: 'Mute microphone',
  voiceLevel: 'Assistant voice level',
  micLevel: 'Your microphone level',
  onCall: 'On a call · {duration}',
  callEnded: 'Call ended · {duration}',
  transcript: 'Call transcript',
  voiceMessage: 'Said during a call',
  microphoneDenied:
    "Microphone access is blocked. Allow the microphone for this site (the icon in your browser's address bar, or Settings > Site permissions on a phone), then start the call again.",
  microphoneMissing: 'No microphone was found. Connect one, then start the call again.',
  microphoneUnavailable: 'Voice calls need a secure (https) page and a browser that supports them.',
  callFailed: 'The call could not be connected. Please try again in a moment.',
  callElsewhere: 'A call is already running in another assistant on this page.',
  callDropped: 'The call was cut off. You can start a new one.',
  reconnectingCall: 'Reconnecting…',
  callRejoinFailed: 'The call could not be resumed on this page. You can start a new one.',

  // Errors and notices
  renderError: 'Unexpected Application Error!',
  renderErrorRetry: 'Reload assistant',
  replyFailed: 'Oops! Something went wrong. Try again later.',
  replyNotUnderstood: "Sorry, I couldn't understand that.",
  replyInterrupted: 'The reply was interrupted.',
  imageOnly: 'Only images can be attached (for example JPEG, PNG or WebP).',
  imageUnreadable: 'That image could not be read. Try another one.',
  imageTooLarge: 'That image is too large. Try a smaller one.',
  chatUnavailable: "Chat isn't available right now.",
  messageTooLong: {
    one: 'Messages can be up to {max} character. Shorten yours to send it.',
    other: 'Messages can be up to {max} characters. Shorten yours to send it.',
  },
  characterCount: { one: '{count} of {max} character', other: '{count} of {max} characters' },
  storageFull:
    "This conversation couldn't be saved: the browser's storage is full. It stays here until you leave the page.",
  dismiss: 'Dismiss',

  // Guided replies, the teaser and calls
  suggestedReplies: 'Suggested replies',
  helpful: 'Helpful',
  notHelpful: 'Not helpful',
  feedbackThanks: 'Thanks for your feedback',
  offlineComposer: "You're offline. Messages wait here and are sent when you're back online.",
  notDelivered: "Not delivered: you're offline. It will be sent when you're back online.",
  replyQueued: "We're busy right now: your message is queued and will be answered shortly.",
  teaserClose: 'Close the invitation',
  voiceConsentTitle: 'Before we call',
  agreeAndCall: 'Agree and call',
  notNow: 'Not now',
  callInputPlaceholder: 'Type during the call…',
  // Shopping (the commerce attribute)
  addToCart: 'Add to cart',
  addingToCart: 'Adding…',
  addedToCart: 'Added',
  addedToCartCount: { one: '{count} added', other: '{count} added' },
  addAnother: 'Add another',
  soldOut: 'Sold out',
  cartFailed: "Couldn't add this to your cart. Please try again.",
  cartUnavailable: 'Adding to the cart is not available on this page.',
  cart: 'Cart',
  cartCount: { one: '{count} in your cart', other: '{count} in your cart' },
  viewCart: 'View cart',
  checkout: 'Checkout',
  cartProposals: 'Suggested for your cart',
  proposedItem: '{quantity} × {item}',
  proposalAdded: 'Added to your cart',
  declineAddToCart: 'No thanks',
  undoAddToCart: 'Undo',
  undoingAddToCart: 'Undoing…',
  undoneAddToCart: 'Removed from your cart',
  undoFailed: "Couldn't undo this. Please try again.",
  undoAlreadyRemoved: 'Already removed from your cart',
  declinedAddToCart: 'Not added',

  // Theme defaults for stores that set none
  defaultBrandName: '{storeName} store',
  /** The brand name when the store's domain names nothing (no `store-url`, no domain). */
  defaultBrandNameUnnamed: 'Our store',
  defaultWelcomeMessage: 'Welcome to {storeDomain}. How can we assist you today?',
  /**
   * The welcome view's title and the chat's greeting when the store's domain names nothing: whole
   * sentences in each language's grammar, not the unnamed brand name put inside another sentence.
   */
  welcomeTitleUnnamed: 'Welcome to our store',
  defaultWelcomeMessageUnnamed: 'Welcome to our store. How can we assist you today?',
  defaultQuickActions: 'New Course|Track my order|Size guide|Contact support',
  // Invitations beside the launcher (the invite attribute)
  inviteTitle: 'Questions about {product}?',
  inviteTitleGeneric: 'Questions about this product?',
  inviteClose: 'Close the questions',
} as const;

/** A key of the string table. */
export type StringKey = keyof typeof englishStrings;

/**
 * The entries that count something, each with the placeholder that holds the number: their wording
 * depends on the number (one message, two messages; Polish and Russian have four forms, Arabic six), so
 * each is a {@link PluralForms} picked by `Intl.PluralRules` of the language (translate.ts).
 */
export const PLURAL_KEYS = {
  messageCount: 'count',
  openChatUnread: 'count',
  openChatUnreadUnnamed: 'count',
  addedToCartCount: 'count',
  cartCount: 'count',
  orderMoreItems: 'count',
  messageTooLong: 'max',
  characterCount: 'max',
} as const satisfies Partial<Record<StringKey, string>>;

/** A key whose entry has a form per plural category. */
export type PluralKey = keyof typeof PLURAL_KEYS;

/** A key whose entry is one text. */
export type TextKey = Exclude<StringKey, PluralKey>;

/** A plural category of `Intl.PluralRules`. */
export type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

/**
 * An entry's forms by plural category: exactly the categories `Intl.PluralRules` gives for the language
 * (a unit test holds every file to it); `other` is every language's, and the form for a category missing.
 */
export type PluralForms = { other: string } & Partial<Record<Exclude<PluralCategory, 'other'>, string>>;

/** A complete string table: one entry for every key, counted entries with their plural forms. */
export type StringTable = { [K in StringKey]: K extends PluralKey ? PluralForms : string };

/** A store's overrides: single entries; a counted one as its forms, or one text for every form. */
export type StringOverrides = { [K in StringKey]?: K extends PluralKey ? PluralForms | string : string };

/** Is `key` one of the counted entries? */
export function isPluralKey(key: string): key is PluralKey {
  return Object.prototype.hasOwnProperty.call(PLURAL_KEYS, key);
}

/** Fills `{name}` placeholders; unknown placeholders are left as written so a missing value is visible. */
export function formatString(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole,
  );
}

/** Is `key` a key of the string table? Used to narrow keys read from untrusted JSON. */
export function isStringKey(key: string): key is StringKey {
  return Object.prototype.hasOwnProperty.call(englishStrings, key);
}
