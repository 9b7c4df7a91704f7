import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import type { AssistantActions } from '../app/actions';
import type { AssistantView } from '../app/assistant';
import type { AssistantState } from '../app/state';
import type { StringKey } from '../i18n/strings';
import { translate, type StringValues } from '../i18n/translate';

/** The assistant of the element being rendered, as far as the UI may use it: state, actions, device facts. */
export const AssistantContext = createContext<AssistantView | null>(null);

/** The assistant of the surrounding element; components call its actions. */
export function useAssistant(): AssistantView {
  const assistant = useContext(AssistantContext);
  if (!assistant) throw new Error('store-assistant: a component was rendered outside its element');
  return assistant;
}

/** The assistant's actions. */
export function useActions(): AssistantActions {
  return useAssistant().actions;
}

/**
 * A slice of the store's state; the component re-renders only when the slice changes. `select` must
 * return a value from the state (or a primitive), not a new object, or every store change re-renders.
 */
export function useAssistantState<T>(select: (state: AssistantState) => T): T {
  const { subscribe, getState } = useAssistant();
  return useSyncExternalStore(
    subscribe,
    () => select(getState()),
    () => select(getState()),
  );
}

/**
 * The translate function: the text for `key` in the visitor's language, a counted entry in the form its
 * number asks for, numbers written as the language writes them, `{placeholders}` filled (i18n/translate.ts).
 */
export function useStrings(): (key: StringKey, values?: StringValues) => string {
  const strings = useAssistantState((state) => state.strings);
  const locale = useAssistantState((state) => state.locale);
  return useCallback((key, values) => translate(strings, locale, key, values), [strings, locale]);
}
