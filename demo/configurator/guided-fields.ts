/**
 * The fields of reply feedback, the launcher teaser and analytics. As for every field, whether the
 * element takes a value is asked of the element itself (readAsElement); the warnings say when a value
 * is taken but does nothing with the other settings as they are.
 */
import { MAX_TEASER_LENGTH } from '../../src/element/attributes';
import { urlField, optionalSelectField } from './attribute-fields';
import { controlById } from './dom';
import { readAsElement } from './element-rules';
import { field, isRefused, readTrimmed, type Field, type Reading } from './field';

/** Adds `warning` to an accepted reading with a value when `applies()` says the value does nothing. */
function warnUnless(read: () => Reading, applies: () => boolean, warning: string): () => Reading {
  return () => {
    const reading = read();
    return isRefused(reading) || reading.value === null || applies() ? reading : { ...reading, warning };
  };
}

const floating = () => controlById('field-mode').value === 'floating';
const teaserSet = () => controlById('field-teaser').value.trim() !== '';

/** Thumbs up and down: shown (the element's default, attribute left out) or hidden. */
export const feedbackField = (): Field => optionalSelectField('feedback');

export function feedbackUrlField(): Field {
  const url = urlField('feedback-url', 'The feedback address');
  const on = () => controlById('field-feedback').value !== 'off';
  return { ...url, read: warnUnless(url.read, on, 'Feedback is hidden, so nothing is sent to this address.') };
}

export function teaserField(): Field {
  const text = field(
    'teaser',
    readTrimmed((value) => {
      const folded = value.replace(/\s+/g, ' ');
      if (readAsElement('teaser', folded).accepted) return { value: folded };
      return { problem: `The teaser can be at most ${MAX_TEASER_LENGTH} characters long (it is ${folded.length}).` };
    }),
  );
  return {
    ...text,
    read: warnUnless(
      text.read,
      floating,
      'The teaser shows only in floating mode: choose "Floating" as the display mode.',
    ),
  };
}

export function teaserDelayField(): Field {
  const problem = 'The teaser delay must be a number of seconds from 0 to 600.';
  const readDelay = readTrimmed((text) => {
    const { accepted, config } = readAsElement('teaser-delay', text);
    return accepted ? { value: String(config.teaserDelay) } : { problem };
  });
  const delay = field('teaser-delay', (control) => {
    // A number input reports text it cannot read as a number as "" with badInput set.
    if ((control as HTMLInputElement).validity.badInput) return { problem };
    return readDelay(control);
  });
  return {
    ...delay,
    read: warnUnless(delay.read, teaserSet, 'Without a teaser text there is nothing to show after this delay.'),
  };
}

/** Where events go: nowhere (attribute left out) or Google Tag Manager's dataLayer. */
export const analyticsField = (): Field => optionalSelectField('analytics');

export function analyticsContentField(): Field {
  const content = optionalSelectField('analytics-content');
  const on = () => controlById('field-analytics').value !== '';
  return {
    ...content,
    read: warnUnless(
      content.read,
      on,
      'Texts go only where events go: choose Google Tag Manager under Analytics first.',
    ),
  };
}
