import type { ErrorSource } from './events';

/** A notice shown above the input: something the visitor should know that is not a message. */
export interface Notice {
  source: ErrorSource;
  text: string;
}
