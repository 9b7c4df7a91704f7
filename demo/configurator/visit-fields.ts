/**
 * The fields of how long a visitor waits for a person (the takeover), of product invitations and of the
 * signed-in shopper. As for every field, whether the element takes a value is asked of the element itself
 * (readAsElement); the warnings say when a value is taken but does nothing with the other settings as they
 * are.
 */
import type { AttributeName } from '../../src/element/attributes';
import { optionalSelectField } from './attribute-fields';
import { controlById, type Control } from './dom';
import { readAsElement } from './element-rules';
import { field, isRefused, parseJson, readTrimmed, type Field, type Reading } from './field';

/** Adds `warning` to an accepted reading with a value when `applies()` says the value does nothing. */
function warnUnless(base: Field, applies: () => boolean, warning: string): Field {
  return {
    ...base,
    read: () => {
      const reading = base.read();
      return isRefused(reading) || reading.value === null || applies() ? reading : { ...reading, warning };
    },
  };
}

const filled = (attribute: AttributeName) => controlById(`field-${attribute}`).value.trim() !== '';
const floating = () => controlById('field-mode').value === 'floating';

/** A text the element takes as typed, or `problem`. */
const checkedText = (attribute: AttributeName, problem: string): Field =>
  field(
    attribute,
    readTrimmed((value) => (readAsElement(attribute, value).accepted ? { value } : { problem })),
  );

/** A number input: text it cannot read as a number, or a number the element refuses, is `problem`. */
function numberField(attribute: AttributeName, problem: string, shown: (text: string) => string): Field {
  const read = readTrimmed((text) => (readAsElement(attribute, text).accepted ? { value: shown(text) } : { problem }));
  // A number input reports text it cannot read as a number as "" with badInput set.
  return field(attribute, (control: Control) =>
    (control as HTMLInputElement).validity.badInput ? { problem } : read(control),
  );
}

/** Seconds to wait for a person: only a takeover waits, and only a stream (or n8n's chat socket) brings one. */
export function handoffTimeoutField(): Field {
  const timeout = numberField(
    'handoff-timeout',
    'The wait for a person must be a number of seconds from 10 to 3600.',
    (text) => String(readAsElement('handoff-timeout', text).config.handoffTimeout),
  );
  const canTakeOver = () => filled('events-url') || controlById('field-protocol').value === 'n8n-chat';
  return warnUnless(
    timeout,
    canTakeOver,
    "Nobody can take over yet, so nobody is waited for: set the pushed messages stream (or use n8n's Chat Trigger).",
  );
}

export function inviteField(): Field {
  const triggers = checkedText(
    'invite',
    'Write when to invite as time:SECONDS, scroll:PERCENT, exit, add-to-cart or returning, separated by spaces.',
  );
  return warnUnless(
    triggers,
    floating,
    'Invitations show only beside the launcher: choose "Floating" as the display mode.',
  );
}

export function inviteQuestionsField(): Field {
  const questions = field(
    'invite-questions',
    readTrimmed((text) => {
      const json = parseJson(text, 'The questions are not valid JSON');
      if ('problem' in json) return json;
      if (!readAsElement('invite-questions', text).accepted)
        return {
          problem:
            'The questions must be a JSON list of texts, such as ["Is {product} in stock?"], or an object of such lists by product type ("*" for the rest).',
        };
      return { value: JSON.stringify(json.parsed) };
    }),
  );
  return warnUnless(questions, () => filled('invite'), 'Without "When to invite" no invitation asks these questions.');
}

export const inviteLimitField = (): Field =>
  numberField('invite-limit', 'Invitations per visit must be a number from 0 to 20.', (text) =>
    String(readAsElement('invite-limit', text).config.inviteLimit),
  );

export const inviteSnoozeField = (): Field =>
  checkedText('invite-snooze', 'Write days (7 or 7d) or hours (12h), at most a year.');

/** Invitations on cart and checkout pages: off (the element's default, attribute left out) or on. */
export const inviteOnCheckoutField = (): Field => optionalSelectField('invite-on-checkout');

/** The shopper's id: sent only with its signature, which the store's server makes. */
export function customerIdField(): Field {
  const id = checkedText('customer-id', "The shopper's id may be at most 200 characters.");
  return warnUnless(
    id,
    () => filled('customer-signature'),
    "Without the signature the id is not sent: the store's server signs it (see Customers and orders).",
  );
}

export const customerEmailField = (): Field =>
  checkedText('customer-email', "The shopper's email must be an email address, such as ada@your-store.com.");

export const customerNameField = (): Field =>
  checkedText('customer-name', "The shopper's name may be at most 120 characters.");

export const customerSignatureField = (): Field =>
  checkedText('customer-signature', 'The signature must be hex, base64 or a JWT, as the store server makes it.');

/** "The page names the shopper later" (identify()): a flag, written only when ticked. */
export function customerPendingField(): Field {
  const read = (control: Control): Reading => ({ value: (control as HTMLInputElement).checked ? '' : null });
  // The checkbox has no message element; naming its hint tells the form to leave it alone.
  return field('customer-pending', read, { messageId: 'hint-customer-pending' });
}
