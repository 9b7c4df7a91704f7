/** The daily-js methods nothing in the widget can call, left out of the bundle. */
export const UNUSED_DAILY_METHODS: readonly string[];
/** Whether `code` names `name` as a whole word. */
export function namesWord(code: string, name: string): boolean;
/** daily-js's code without the methods `names` (by default UNUSED_DAILY_METHODS); throws when one is missing or still named. */
export function dropUnusedMethods(code: string, names?: readonly string[]): string;
