import { useId, useState, type FormEvent } from 'react';
import type { OrderLookupProblems } from '../../customer/order-lookup';
import { useActions, useAssistantState, useStrings } from '../context';
import { Icon } from '../icon';

/**
 * A guest's order lookup (`order-tracking="chat"`): the order number and the email it was placed with,
 * checked before anything is sent. A field in error says why, next to it and to a screen reader, and
 * takes the focus; a reply without the order shows the form again with the reason above it.
 */
export function OrderLookupForm() {
  const t = useStrings();
  const { lookupOrder, closeOrderLookup } = useActions();
  const step = useAssistantState((state) => state.customer.orderLookup);
  const loading = useAssistantState((state) => state.loading);
  const [problems, setProblems] = useState<OrderLookupProblems>({});
  const id = useId();
  // Kept while the reply is awaited, so a wrong pair is corrected without typing both again.
  if (step === 'hidden') return null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const field = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? '';
    const found = lookupOrder(field('number'), field('email')) ?? {};
    setProblems(found);
    const wrong = found.number ? 'number' : found.email ? 'email' : null;
    if (wrong) (form.elements.namedItem(wrong) as HTMLInputElement | null)?.focus();
  };

  const input = (name: 'number' | 'email', label: string, error: string) => (
    <div className="order-lookup-field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        name={name}
        type={name === 'email' ? 'email' : 'text'}
        autoComplete={name === 'email' ? 'email' : 'off'}
        inputMode={name === 'email' ? 'email' : 'text'}
        required
        aria-invalid={problems[name] ? true : undefined}
        aria-describedby={problems[name] ? `${id}-${name}-error` : undefined}
      />
      {problems[name] && (
        <p className="order-lookup-error" id={`${id}-${name}-error`}>
          {error}
        </p>
      )}
    </div>
  );

  return (
    <form className="order-lookup" part="order-lookup" aria-labelledby={`${id}-title`} noValidate onSubmit={submit}>
      <div className="order-lookup-head">
        <p id={`${id}-title`} className="order-lookup-title">
          {t('orderLookupPrompt')}
        </p>
        <button
          type="button"
          className="icon-button"
          aria-label={t('closeOrderLookup')}
          onClick={() => closeOrderLookup()}
        >
          <Icon name="close" small />
        </button>
      </div>
      {step === 'not-found' && (
        <p className="order-lookup-error" role="alert">
          {t('orderLookupNotFound')}
        </p>
      )}
      {input('number', t('orderLookupNumber'), t('orderLookupNumberInvalid'))}
      {input('email', t('orderLookupEmail'), t('orderLookupEmailInvalid'))}
      <button type="submit" className="pill-button" disabled={loading}>
        {t('orderLookupSubmit')}
      </button>
    </form>
  );
}
