/** The keys that two or more of `Parts` have; never when each key comes from one part only. */
export type SharedKeys<Parts extends readonly object[], Seen extends PropertyKey = never> = Parts extends readonly [
  infer First extends object,
  ...infer Rest extends readonly object[],
]
  ? (keyof First & Seen) | SharedKeys<Rest, Seen | keyof First>
  : never;

/** Every member of `Parts`, in one type. */
type Merged<Parts extends readonly object[]> = Parts extends readonly [
  infer First,
  ...infer Rest extends readonly object[],
]
  ? First & Merged<Rest>
  : unknown;

/** What a call that names one action twice is asked for instead: the type error names the key. */
interface NamedTwice<Key> {
  'each action is given by one part only; given twice:': Key;
}

/**
 * Joins groups of actions into one object. Unlike an object spread, where a later key silently replaces
 * an earlier one, a key that two groups share is a type error (naming the key) and, should a cast hide
 * it, an error when the actions are joined. An action that takes the place of a feature's own is
 * composed in app/replacing-actions.ts, and the feature no longer offers its own under the same name.
 */
export function mergeActions<Parts extends readonly object[]>(
  ...parts: Parts & ([SharedKeys<Parts>] extends [never] ? unknown : NamedTwice<SharedKeys<Parts>>)
): Merged<Parts> {
  const merged: Record<string, unknown> = {};
  for (const part of parts as readonly object[]) {
    for (const [key, action] of Object.entries(part)) {
      if (Object.hasOwn(merged, key)) throw new Error(`mergeActions: the action "${key}" is given twice`);
      merged[key] = action;
    }
  }
  return merged as Merged<Parts>;
}
