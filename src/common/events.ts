/** Which part of the widget an error came from. */
export type ErrorSource = 'chat' | 'voice' | 'theme';

/** The detail of `store-assistant:error`. */
export interface ErrorDetail {
  source: ErrorSource;
  message: string;
}

/**
 * Announces an event of the map `Events` (dispatched as `store-assistant:<name>` by the element). Each
 * feature declares the events it may emit; an emitter of a larger map serves them all.
 */
export type Emit<Events> = (...event: { [K in keyof Events]: [name: K, detail: Events[K]] }[keyof Events]) => void;

/** Writes a message for the store owner to the console. */
export type Warn = (message: string) => void;
