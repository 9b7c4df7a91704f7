/** Every attribute of the element with the field that sets it. */
import { ATTRIBUTE_NAMES, type AttributeName } from '../../src/element/attributes';
import { MAX_BRAND_NAME_LENGTH, MAX_WELCOME_MESSAGE_LENGTH } from '../../src/theme/validate';
import {
  idField,
  imageHostsField,
  optionalSelectField,
  openField,
  selectField,
  storeDomainField,
  stringsField,
  typingSpeedField,
  urlField,
  voiceProviderField,
  webhookField,
} from './attribute-fields';
import { createFaqEditor } from './faq-editor';
import type { Field } from './field';
import {
  analyticsContentField,
  analyticsField,
  feedbackField,
  feedbackUrlField,
  teaserDelayField,
  teaserField,
} from './guided-fields';
import { badgesField, colourField, logoField, quickActionsField, textField } from './theme-fields';
import * as visit from './visit-fields';

/**
 * Builds the form's fields, one per attribute, in the element's documentation order: the snippet
 * writes its attributes in this order. The type asks for every attribute, so a new one is either given
 * a field or listed as not offered (null). `changed` is called when a control changes the form without
 * an input event of the form's own (colour pickers, FAQ rows).
 */
export function createFields(changed: () => void): Field[] {
  const factories: Record<AttributeName, (() => Field) | null> = {
    'webhook-url': webhookField,
    protocol: () => selectField('protocol'),
    'vapi-public-key': () => idField('vapi-public-key', 'The public key'),
    'vapi-assistant-id': () => idField('vapi-assistant-id', 'The assistant id'),
    'vapi-squad-id': () => idField('vapi-squad-id', 'The squad id'),
    'vapi-workflow-id': () => idField('vapi-workflow-id', 'The workflow id'),
    'vapi-api-url': () => urlField('vapi-api-url', 'The Vapi API address'),
    'voice-provider': voiceProviderField,
    'vapi-assistant-overrides': null,
    'voice-consent': null,
    'store-url': () => urlField('store-url', 'The store page'),
    'store-domain': storeDomainField,
    'agent-url': () => urlField('agent-url', 'The human agent page'),
    'events-url': () => urlField('events-url', 'The stream of pushed messages (a person taking over)'),
    'handoff-timeout': visit.handoffTimeoutField,
    'order-tracking': () => selectField('order-tracking'),
    // The shopper is the store template's to fill in on each page, signed by its server: tried out here.
    'customer-id': visit.customerIdField,
    'customer-email': visit.customerEmailField,
    'customer-name': visit.customerNameField,
    'customer-signature': visit.customerSignatureField,
    'customer-pending': visit.customerPendingField,
    'primary-gradient': () => colourField('primary-gradient', 'The main colour', 'background', changed),
    'secondary-gradient': () => colourField('secondary-gradient', 'The background colour', 'background', changed),
    'accent-color': () => colourField('accent-color', 'The accent colour', 'colour', changed),
    'logo-url': logoField,
    'brand-name': () => textField('brand-name', 'The brand name', MAX_BRAND_NAME_LENGTH),
    'welcome-message': () => textField('welcome-message', 'The welcome message', MAX_WELCOME_MESSAGE_LENGTH),
    'quick-actions': quickActionsField,
    'badge-images': badgesField,
    mode: () => selectField('mode'),
    position: () => selectField('position'),
    open: openField,
    'color-scheme': () => selectField('color-scheme'),
    'typing-speed': typingSpeedField,
    persist: () => selectField('persist'),
    faq: () => createFaqEditor(changed),
    'image-hosts': imageHostsField,
    'geo-url': () => urlField('geo-url', 'The visitor location service'),
    feedback: feedbackField,
    'feedback-url': feedbackUrlField,
    teaser: teaserField,
    'teaser-delay': teaserDelayField,
    invite: visit.inviteField,
    'invite-questions': visit.inviteQuestionsField,
    'invite-limit': visit.inviteLimitField,
    'invite-snooze': visit.inviteSnoozeField,
    'invite-on-checkout': visit.inviteOnCheckoutField,
    analytics: analyticsField,
    'analytics-content': analyticsContentField,
    commerce: () => optionalSelectField('commerce'),
    // Not offered here yet (the page has no controls for them): the snippet leaves them out, so the
    // element's defaults apply.
    'page-context': null,
    'cart-base-url': null,
    'cart-url': null,
    'checkout-url': null,
    lang: () => selectField('lang'),
    strings: stringsField,
  };
  return ATTRIBUTE_NAMES.flatMap((name) => factories[name]?.() ?? []);
}
