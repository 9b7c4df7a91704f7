/**
 * The fields of the connection and behaviour attributes. Whether the element takes a value is asked of
 * the element itself (readAsElement); these fields add what to tell the store owner when it does not.
 */
import type { AttributeName } from '../../src/element/attributes';
import { isStringKey } from '../../src/i18n/strings';
import { controlById, type Control } from './dom';
import { readAsElement } from './element-rules';
import { field, isRefused, parseJson, readTrimmed, type Field, type Reading } from './field';

/** A text that goes to the element as typed when the element takes it. */
function checkedTextField(attribute: AttributeName, problem: string): Field {
  return field(
    attribute,
    readTrimmed((value) => (readAsElement(attribute, value).accepted ? { value } : { problem })),
  );
}

export const urlField = (attribute: AttributeName, label: string): Field =>
  checkedTextField(
    attribute,
    `${label} must be a web address starting with https:// (or a path on this site such as /api/chat).`,
  );

export const idField = (attribute: AttributeName, label: string): Field =>
  checkedTextField(attribute, `${label} may only hold letters, digits and - _ . : (copy it from your Vapi dashboard).`);

/** Every option of a select is valid, and a select always has one chosen. */
const readSelected = (control: Control): Reading => ({ value: control.value });

export const selectField = (attribute: AttributeName): Field => field(attribute, readSelected);

/** A select whose first, empty option means "leave the attribute out" (the element's default). */
export const optionalSelectField = (attribute: AttributeName): Field =>
  field(attribute, (control) => ({ value: control.value || null }));

/**
 * Without a webhook visitors only read that chat is not available: the reason is said here, to the
 * store owner, as the widget says it in the console.
 */
export function webhookField(): Field {
  const url = urlField('webhook-url', 'The chat webhook');
  return {
    ...url,
    read: () => {
      const reading = url.read();
      if (!isRefused(reading) && reading.value === null) {
        return {
          ...reading,
          warning: "Chat is not configured yet: without a webhook, visitors are told chat isn't available right now.",
        };
      }
      return reading;
    },
  };
}

export function voiceProviderField(): Field {
  const has = (name: AttributeName) => controlById(`field-${name}`).value.trim() !== '';
  return field('voice-provider', (control) => {
    const value = control.value;
    const configured =
      has('vapi-public-key') && (has('vapi-assistant-id') || has('vapi-squad-id') || has('vapi-workflow-id'));
    if (value !== 'vapi' || configured) return { value };
    return {
      value,
      warning:
        'Real calls need the Vapi public key and an assistant, squad or workflow id: until then the widget shows no call button.',
    };
  });
}

export function storeDomainField(): Field {
  return field(
    'store-domain',
    readTrimmed((trimmed) => {
      const value = trimmed.toLowerCase();
      if (readAsElement('store-domain', value).accepted) return { value };
      if (/^https?:/.test(value) || value.includes('/'))
        return { problem: 'Write the domain alone, such as your-store.com, without https:// or a path.' };
      return { problem: `"${value}" is not a domain name such as your-store.com.` };
    }),
  );
}

export function imageHostsField(): Field {
  return field('image-hosts', (control) => {
    const hosts = control.value
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((host) => host.toLowerCase());
    if (hosts.length === 0) return { value: null };
    const value = hosts.join(' ');
    const { imageHosts } = readAsElement('image-hosts', value).config;
    const refused = hosts.find((host) => !imageHosts.includes(host));
    if (refused)
      return { problem: `"${refused}" is not a host name such as cdn.your-store.com (no https:// or paths).` };
    return { value };
  });
}

export function typingSpeedField(): Field {
  const problem = 'Typing speed must be a number from 0 to 1000.';
  const readSpeed = readTrimmed((text) => {
    const { accepted, config } = readAsElement('typing-speed', text);
    return accepted ? { value: String(config.typingSpeed) } : { problem };
  });
  return field('typing-speed', (control) => {
    // A number input reports text it cannot read as a number as "" with badInput set.
    if ((control as HTMLInputElement).validity.badInput) return { problem };
    return readSpeed(control);
  });
}

/** "Card starts open": only meaningful, and only written, in floating mode. */
export function openField(): Field {
  const mode = controlById('field-mode');
  const read = (control: Control): Reading => ({
    value: (control as HTMLInputElement).checked && mode.value === 'floating' ? '' : null,
  });
  // The checkbox has no message element; naming its hint tells the form to leave it alone.
  return field('open', read, { messageId: 'hint-open' });
}

export function stringsField(): Field {
  return field(
    'strings',
    readTrimmed((text) => {
      const json = parseJson(text, 'Text overrides are not valid JSON');
      if ('problem' in json) return json;
      const { parsed } = json;
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
        return { problem: 'Text overrides must be one JSON object, such as {"askQuestion": "Ask us anything"}.' };
      }
      // The element drops a text it cannot use (and says so in the console); unknown keys it ignores.
      const { strings } = readAsElement('strings', text).config;
      const dropped = Object.keys(parsed).find((key) => isStringKey(key) && !Object.hasOwn(strings, key));
      if (dropped !== undefined)
        return { problem: `The text for "${dropped}" must be a text of at most 500 characters.` };
      return { value: JSON.stringify(parsed) };
    }),
  );
}
