/** How the widget sits on the page: a card in the page flow, or a launcher that opens the card. */
export type DisplayMode = 'inline' | 'floating';
