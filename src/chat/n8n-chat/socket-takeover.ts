/** The takeover as the chat reaches it, passed in by the assistant: the chat imports no other feature. */
export interface SocketTakeover {
  /** Where the takeover stands. */
  phase(): 'none' | 'connecting' | 'joined' | 'missed';
  /** The execution whose socket carries the takeover, saved with it (a reload, another tab). */
  execution(): string | null;
  /** A message of `execution`; true when the takeover took its text as the person's. */
  receive(message: { id: string; text: string; handoff: unknown }, execution: string): boolean;
  /** `execution` ended: nobody answers through it any more. */
  ended(execution: string): void;
}
