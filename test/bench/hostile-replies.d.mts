/** The longest reply text the widget shows. */
export declare const REPLY_LIMIT: number;
/** Hostile replies by name, each as long as the widget shows. */
export declare const HOSTILE_REPLIES: Readonly<Record<string, string>>;
