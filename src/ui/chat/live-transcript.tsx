import { useMemo } from 'react';
import type { Message } from '../../chat/message';
import type { CartProposal } from '../../commerce/commerce-state';
import { own } from '../../common/own';
import type { TranscriptEntry } from '../../transcript/merge';
import { useAssistantState, useStrings } from '../context';
import { CartProposals } from './cart-proposal-cards';
import { OrderCards } from './order-cards';
import { ProductCards } from './product-cards';

/** A line of the call, or cards the assistant showed during it, in the order they came. */
type CallItem =
  { at: number; entry: TranscriptEntry; cards?: undefined } | { at: number; cards: Message; entry?: undefined };

/**
 * The cards a call showed (`show_products`, what it added to the cart, or `lookup_order`'s orders):
 * messages said by voice, with cards, since the call connected. While the call runs they show among its
 * lines, not above them.
 */
export function callCards(messages: readonly Message[], startedAt: number | null): Message[] {
  if (startedAt === null) return [];
  return messages.filter(
    (message) =>
      message.source === 'voice' &&
      ((message.products?.length ?? 0) > 0 || (message.orders?.length ?? 0) > 0) &&
      message.timestamp >= startedAt,
  );
}

/**
 * What the call asked the visitor to confirm under one of its cards (an add beyond what a call may make
 * without a click): shown while the call runs, where the assistant says the visitor will find it.
 */
function CallProposals({ messageId }: { messageId: string }) {
  const proposals = useAssistantState(
    (state) => own(state.commerce.proposals, messageId) as CartProposal[] | undefined,
  );
  return proposals && proposals.length > 0 ? <CartProposals messageId={messageId} proposals={proposals} /> : null;
}

/** The running transcript of the call in progress, with the line being spoken shown live and the cards the assistant showed. */
export function LiveTranscript() {
  const t = useStrings();
  const transcript = useAssistantState((state) => state.voice.transcript);
  const partial = useAssistantState((state) => state.voice.partial);
  const startedAt = useAssistantState((state) => (state.voice.status === 'idle' ? null : state.voice.startedAt));
  const messages = useAssistantState((state) => state.messages);
  const items = useMemo(() => {
    const lines: CallItem[] = transcript.map((entry) => ({ at: entry.timestamp, entry }));
    const cards: CallItem[] = callCards(messages, startedAt).map((message) => ({
      at: message.timestamp,
      cards: message,
    }));
    // Stable: a line and cards of the same moment keep the line first.
    return [...lines, ...cards].sort((a, b) => a.at - b.at);
  }, [transcript, messages, startedAt]);
  if (items.length === 0 && !partial) return null;
  return (
    <section className="live-transcript" part="transcript" aria-label={t('transcript')}>
      {items.map((item, index) =>
        item.entry ? (
          <div key={`${item.at}-${index}`} className={`message ${item.entry.role === 'user' ? 'user' : 'bot'} voice`}>
            <span className="sr-only">{item.entry.role === 'user' ? t('you') : t('assistant')}: </span>
            <div className="bubble">{item.entry.text}</div>
          </div>
        ) : (
          <div key={item.cards.id} className="message bot voice">
            {(item.cards.products?.length ?? 0) > 0 && (
              <ProductCards products={item.cards.products ?? []} messageId={item.cards.id} t={t} />
            )}
            {item.cards.orders && item.cards.orders.length > 0 && <OrderCards orders={item.cards.orders} t={t} />}
            <CallProposals messageId={item.cards.id} />
          </div>
        ),
      )}
      {partial && (
        <div className={`message ${partial.role === 'user' ? 'user' : 'bot'} voice partial`} aria-hidden="true">
          <div className="bubble">{partial.text}</div>
        </div>
      )}
    </section>
  );
}
