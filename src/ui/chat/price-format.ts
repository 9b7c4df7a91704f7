import { useCallback } from 'react';
import { displayPrice, formatMoney } from '../../chat/replies/price';
import { useAssistantState } from '../context';

/**
 * The one price format of the chat (cards, proposals, a call's cards): a written price in the visitor's
 * language, its "$" read as the cart's currency when the cart says which (see displayPrice).
 */
export function usePriceFormat(): (price: string) => string {
  const lang = useAssistantState((state) => state.config.lang);
  const currency = useAssistantState((state) => state.commerce.cart?.currency);
  return useCallback((price: string) => displayPrice(price, lang, currency), [lang, currency]);
}

/** An amount of the cart in the visitor's language, as the cards write their prices; null without a currency. */
export function useMoneyFormat(): (amount: number | undefined, currency: string | undefined) => string | null {
  const lang = useAssistantState((state) => state.config.lang);
  return useCallback(
    (amount: number | undefined, currency: string | undefined) =>
      amount === undefined || !currency ? null : formatMoney(amount, currency, lang),
    [lang],
  );
}
