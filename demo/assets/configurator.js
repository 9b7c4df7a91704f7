// The configurator page (/configurator): a form for every attribute of <store-assistant>, one live
// preview that follows it, theme export, import and save, and an embed snippet that reproduces the
// preview on any other page. No inline script or style anywhere, so the page runs under a strict CSP.
//
// How the pieces fit:
// - The form drives the preview through attributes only. A value the page finds invalid gets a message
//   next to its field and does not reach the element, so the preview keeps the last valid value.
// - The preview's own theme (exportTheme) is the truth for the theme part of the snippet, so the snippet
//   holds exactly the colours, texts and images the preview shows; the other attributes are copied from
//   the preview element itself.
'use strict';

(() => {
  /** @param {string} id */
  const byId = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
  /** @param {string} id */
  const inputById = (id) => /** @type {HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement} */ (document.getElementById(id));

  const page = byId('configurator');
  /** @type {HTMLElement & { exportTheme(): string, importTheme(json: unknown): boolean, saveTheme(): boolean }} */
  const preview = /** @type {any} */ (byId('preview'));
  const previewStage = byId('preview-stage');

  /** Theme attribute to theme field, as the element maps them. */
  const THEME_FIELDS = {
    'primary-gradient': 'primaryGradient',
    'secondary-gradient': 'secondaryGradient',
    'accent-color': 'accentColor',
    'logo-url': 'logoUrl',
    'brand-name': 'brandName',
    'welcome-message': 'welcomeMessage',
    'quick-actions': 'quickActions',
    'badge-images': 'badgeImages',
  };

  /** Attributes holding an address: the snippet writes them absolute, as a store page on another site needs them. */
  const URL_ATTRIBUTES = new Set(['webhook-url', 'vapi-api-url', 'store-url', 'agent-url', 'geo-url']);

  /** The element's defaults that never depend on the page: left out of the snippet, which behaves the same without them. */
  const SAME_EVERYWHERE_DEFAULTS = { 'voice-provider': 'vapi', position: 'bottom-right', 'typing-speed': '8', persist: 'local', lang: 'en' };

  // ---------------------------------------------------------------------------------------------------
  // Checks. They follow the element's own rules (src/theme/validate.ts, src/element/attributes.ts) so a
  // store owner reads why a value is refused next to the field instead of in the developer console.

  const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
  /** @param {string} value */
  const cleanText = (value) => value.replace(CONTROL_CHARACTERS, '').trim();
  /** @param {string} value */
  const lines = (value) => value.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);

  /**
   * @param {string} text @param {string} notJson how the problem starts when the text is not JSON
   * @returns {{ parsed: any } | { problem: string }}
   */
  function parseJson(text, notJson) {
    try {
      return { parsed: JSON.parse(text) };
    } catch (error) {
      return { problem: `${notJson}: ${/** @type {Error} */ (error).message}` };
    }
  }

  const FORBIDDEN_CSS = [';', '{', '}', '\\', 'url(', 'var(', 'image-set(', 'expression(', 'env(', 'attr(', 'element(', 'paint(', 'cross-fade(', '@', '<', '>', '"', "'", '/*'];
  const CSS_FUNCTIONS = new Set([
    'linear-gradient', 'radial-gradient', 'conic-gradient', 'repeating-linear-gradient', 'repeating-radial-gradient', 'repeating-conic-gradient',
    'rgb', 'rgba', 'hsl', 'hsla', 'hwb', 'lab', 'lch', 'oklab', 'oklch', 'color', 'color-mix', 'calc',
  ]);
  const CSS_VALUE_CHARACTERS = /^[a-z0-9#%.,()/+\- ]+$/i;

  /** @param {string} value @returns {string | null} why a colour or gradient is refused */
  function cssShapeProblem(value) {
    if (value.length > 300) return 'is longer than 300 characters';
    const lower = value.toLowerCase();
    const token = FORBIDDEN_CSS.find((forbidden) => lower.includes(forbidden));
    if (token) return `may not contain ${token}`;
    if (!CSS_VALUE_CHARACTERS.test(value)) return 'may only use letters, digits, spaces and # % . , ( ) / + -';
    let depth = 0;
    for (const character of value) {
      depth += character === '(' ? 1 : character === ')' ? -1 : 0;
      if (depth < 0) return 'has a ) without its (';
    }
    if (depth !== 0) return 'has a ( without its )';
    for (const match of lower.matchAll(/([a-z-]+)\(/g)) {
      if (!CSS_FUNCTIONS.has(match[1])) return `uses ${match[1]}(), which is not a colour`;
    }
    return null;
  }

  /** @param {string} value */
  function isSingleCall(value) {
    let depth = 0;
    for (let index = 0; index < value.length; index++) {
      if (value[index] === '(') depth += 1;
      else if (value[index] === ')' && --depth === 0) return index === value.length - 1;
    }
    return false;
  }

  /** @param {string} value @returns {string | null} */
  function colourProblem(value) {
    const shape = cssShapeProblem(value);
    if (shape) return shape;
    if (/gradient\(/i.test(value) || !CSS.supports('color', value)) return 'is not a colour';
    return null;
  }

  /** @param {string} value @returns {string | null} */
  function backgroundProblem(value) {
    const shape = cssShapeProblem(value);
    if (shape) return shape;
    if (!/gradient\(/i.test(value)) return colourProblem(value) && 'is neither a colour nor a gradient';
    if (!/^(?:repeating-)?(?:linear|radial|conic)-gradient\(/i.test(value) || !isSingleCall(value)) return 'is not one gradient';
    return CSS.supports('background-image', value) ? null : 'is not a gradient the browser understands';
  }

  const DATA_IMAGE_URL = /^data:image\/(?:png|jpe?g|gif|webp|avif|svg\+xml)(?:;[a-z0-9=.+-]+)*(?:;base64)?,[a-z0-9+/=%._~!$&'()*,;:@-]*$/i;
  const MAX_IMAGE_URL_LENGTH = 64 * 1024;

  /**
   * An image address as the element accepts it: https:, data:image/ or this site. The element resolves
   * relative addresses against the page's origin, so this does too.
   * @param {string} value
   * @returns {{ url: string, warning?: string } | { problem: string }}
   */
  function checkImage(value) {
    if (value.length > MAX_IMAGE_URL_LENGTH) return { problem: 'is longer than 64 KB: use a smaller image or an https: address' };
    if (/^data:/i.test(value)) {
      return DATA_IMAGE_URL.test(value) ? { url: value } : { problem: 'is a data: address the assistant cannot show (it must be a base64 PNG, JPEG, GIF, WebP, AVIF or SVG image)' };
    }
    let url;
    try {
      url = new URL(value, location.origin);
    } catch {
      return { problem: 'is not a web address' };
    }
    if (url.protocol === 'https:') return { url: url.href };
    if (url.origin === location.origin) {
      return {
        url: url.href,
        warning: `${url.href} is on this site over plain http: it shows here, but a store on another site refuses it. Use an https: address there.`,
      };
    }
    return { problem: 'must start with https: (or be a data:image or a path on this site)' };
  }

  /** @param {string} value @returns {string | null} an absolute http(s) address, as the element resolves it */
  function httpUrl(value) {
    try {
      const url = new URL(value, document.baseURI);
      return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
    } catch {
      return null;
    }
  }

  const HOST_PATTERN = /^(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::\d{1,5})?$/i;
  const ID_PATTERN = /^[\w.:-]{1,200}$/;

  /** Normalises any CSS colour the browser knows to #rrggbb (null for others), for the colour pickers. */
  const colourCanvas = document.createElement('canvas').getContext('2d');
  /** @param {string} colour */
  function toHex(colour) {
    if (!colourCanvas) return null;
    colourCanvas.fillStyle = '#010203';
    colourCanvas.fillStyle = colour;
    const value = String(colourCanvas.fillStyle);
    if (value === '#010203' && colour.trim().toLowerCase() !== '#010203') return null;
    return /^#[0-9a-f]{6}$/i.test(value) ? value : null;
  }

  /** @param {string} value the colours of a colour or gradient, in order, as #rrggbb */
  function coloursOf(value) {
    const inside = value.replace(/^\s*(?:repeating-)?(?:linear|radial|conic)-gradient\(/i, '').replace(/\)\s*$/, '');
    return (inside.match(/#[0-9a-f]{3,8}\b|[a-z-]+\([^()]*\)|\b[a-z]{3,20}\b/gi) ?? []).map(toHex).filter(Boolean);
  }

  // ---------------------------------------------------------------------------------------------------
  // Fields. Each reads its control(s) and says what the attribute should be: `value` (null removes the
  // attribute, so the element's default applies), or a `problem` (the attribute is left as it is). Theme
  // fields also say what the preview's theme must then hold (`expected`), which catches anything the
  // element refuses that these checks missed.

  /**
   * @typedef {HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement} Control
   * @typedef {{ value?: string | null, problem?: string, warning?: string, expected?: unknown }} Reading
   * @typedef {{ attribute: string, messageId: string, controlIds: string[], read(): Reading, fill?(value: any): void }} Field
   */

  /**
   * What every field shares: attribute `x` is read from the control `field-x`, and what is wrong with
   * it is shown in `message-x`.
   * @param {string} attribute
   * @param {(control: Control) => Reading} readControl
   * @param {{ fill?: (control: Control, value: any) => void, messageId?: string }} [options]
   *   `fill` (theme fields only) writes a value from a theme, in the export format, into the control.
   * @returns {Field}
   */
  function field(attribute, readControl, { fill, messageId = `message-${attribute}` } = {}) {
    const control = inputById(`field-${attribute}`);
    return {
      attribute,
      messageId,
      controlIds: [control.id],
      read: () => readControl(control),
      fill: fill && ((value) => fill(control, value)),
    };
  }

  /**
   * Reads a control that holds one text: empty (after trimming) removes the attribute, so the element's
   * default applies; any other text is for `check` to accept or refuse.
   * @param {(value: string) => Reading} check
   * @param {Reading} [whenEmpty] more to say about an empty control
   * @returns {(control: Control) => Reading}
   */
  function readTrimmed(check, whenEmpty = {}) {
    return (control) => {
      const value = control.value.trim();
      return value ? check(value) : { value: null, ...whenEmpty };
    };
  }

  /** @param {Control} control @param {string} text */
  function fillText(control, text) {
    control.value = text;
  }

  /** Theme lists (quick actions, badges) are edited one item per line. @param {Control} control @param {string[]} list */
  function fillLines(control, list) {
    control.value = list.join('\n');
  }

  /** @param {string} attribute @param {string} label @param {number} max @returns {Field} */
  function textField(attribute, label, max) {
    return field(attribute, (control) => {
      const text = cleanText(control.value);
      if (!text) return { value: null };
      if (text.length > max) return { problem: `${label} can be at most ${max} characters long (it is ${text.length}).` };
      return { value: text, expected: text };
    }, { fill: fillText });
  }

  /** How the two kinds of colour field differ: what they accept, the example their messages give, their pickers. */
  const COLOUR_KINDS = {
    colour: {
      problemOf: colourProblem,
      example: '#4f46e5, rgb(79 70 229) or teal',
      pickerIdSuffixes: [''],
    },
    background: {
      problemOf: backgroundProblem,
      example: '#4f46e5 or linear-gradient(135deg, #4f46e5 0%, #7c3aed 100%)',
      pickerIdSuffixes: ['-start', '-end'],
    },
  };

  /**
   * A colour or gradient in a text field, with colour pickers that write it. Pickers follow the text
   * where the browser can read its colours.
   * @param {string} attribute @param {string} label @param {'colour' | 'background'} kind
   * @returns {Field}
   */
  function colourField(attribute, label, kind) {
    const { problemOf, example, pickerIdSuffixes } = COLOUR_KINDS[kind];
    const control = inputById(`field-${attribute}`);
    const pickers = pickerIdSuffixes.map((suffix) => inputById(`picker-${attribute}${suffix}`));
    const syncPickers = () => {
      const colours = coloursOf(control.value.trim());
      if (colours.length === 0) return;
      pickers[0].value = colours[0];
      if (pickers[1]) pickers[1].value = colours[colours.length - 1];
    };
    const defaultAngle = attribute === 'primary-gradient' ? '135deg' : '180deg';
    for (const picker of pickers) {
      picker.addEventListener('input', () => {
        if (kind === 'colour') control.value = picker.value;
        else {
          // Keep the direction the store already chose; only the two colours change.
          const angle = /^\s*linear-gradient\(\s*((?:-?[\d.]+(?:deg|turn|rad|grad))|(?:to [a-z ]+?))\s*,/i.exec(control.value)?.[1] ?? defaultAngle;
          control.value = `linear-gradient(${angle}, ${pickers[0].value} 0%, ${pickers[1].value} 100%)`;
        }
        scheduleApply();
      });
    }
    control.addEventListener('input', syncPickers);
    const read = readTrimmed((value) => {
      const problem = problemOf(value);
      if (problem) return { problem: `${label} ${problem}. Use something like ${example}.` };
      return { value, expected: value };
    });
    // Filling the text from a theme fires no input event, so the pickers are moved here.
    const fill = (/** @type {Control} */ textControl, /** @type {string} */ value) => {
      fillText(textControl, value);
      syncPickers();
    };
    return field(attribute, read, { fill });
  }

  /** @returns {Field} */
  function logoField() {
    // An empty logo is expected as '' in the preview's theme (the brand's first letter, not a default logo).
    const read = readTrimmed((value) => {
      const checked = checkImage(value);
      if ('problem' in checked) return { problem: `The logo address ${checked.problem}.` };
      return { value, expected: checked.url, warning: checked.warning };
    }, { expected: '' });
    return field('logo-url', read, { fill: fillText });
  }

  /** @returns {Field} */
  function badgesField() {
    return field('badge-images', (control) => {
      const items = control.value.split(/\s+/).filter(Boolean);
      if (items.length === 0) return { value: null, expected: [] };
      if (items.length > 10) return { problem: `Up to 10 badge images are allowed (there are ${items.length}).` };
      const urls = [];
      const warnings = [];
      for (const item of items) {
        const checked = checkImage(item);
        if ('problem' in checked) return { problem: `The badge address ${item.length > 60 ? `${item.slice(0, 60)}…` : item} ${checked.problem}.` };
        urls.push(checked.url);
        if (checked.warning) warnings.push(checked.warning);
      }
      return { value: items.join(' '), expected: urls, warning: warnings[0] };
    }, { fill: fillLines });
  }

  /** A list as the quick-actions attribute takes it: `|`-separated when that reads back the same, else JSON. */
  /** @param {string[]} items */
  function quickActionsAttribute(items) {
    const joined = items.join('|');
    return items.length > 0 && !joined.includes('||') && items.every((item) => !item.includes('|')) && !joined.trim().startsWith('[')
      ? joined
      : JSON.stringify(items);
  }

  /** @returns {Field} */
  function quickActionsField() {
    return field('quick-actions', (control) => {
      const items = lines(control.value).map(cleanText).filter(Boolean);
      if (items.length > 8) return { problem: `Up to 8 quick actions are allowed (there are ${items.length}).` };
      const long = items.find((item) => item.length > 60);
      if (long) return { problem: `"${long.slice(0, 40)}…" is longer than 60 characters.` };
      // An empty list is written out ("[]"): an absent attribute would bring back the default suggestions.
      return { value: quickActionsAttribute(items), expected: items };
    }, { fill: fillLines });
  }

  /**
   * A text that goes to the element as typed when `isValid` accepts it.
   * @param {string} attribute @param {(value: string) => boolean} isValid @param {string} problem
   * @returns {Field}
   */
  function checkedTextField(attribute, isValid, problem) {
    return field(attribute, readTrimmed((value) => (isValid(value) ? { value } : { problem })));
  }

  /** @param {string} attribute @param {string} label */
  const urlField = (attribute, label) => checkedTextField(
    attribute,
    (value) => httpUrl(value) !== null,
    `${label} must be a web address starting with https:// (or a path on this site such as /api/chat).`,
  );

  /** @param {string} attribute @param {string} label */
  const idField = (attribute, label) => checkedTextField(
    attribute,
    (value) => ID_PATTERN.test(value),
    `${label} may only hold letters, digits and - _ . : (copy it from your Vapi dashboard).`,
  );

  /** Every option of a select is valid, and a select always has one chosen. @param {Control} control @returns {Reading} */
  const readSelected = (control) => ({ value: control.value });

  /** @param {string} attribute */
  const selectField = (attribute) => field(attribute, readSelected);

  /**
   * Without a webhook visitors only read that chat is not available: the reason is said here, to the
   * store owner, as the widget says it in the console.
   * @returns {Field}
   */
  function webhookField() {
    const url = urlField('webhook-url', 'The chat webhook');
    return {
      ...url,
      read: () => {
        const reading = url.read();
        if (reading.value === null && !reading.problem) reading.warning = 'Chat is not configured yet: without a webhook, visitors are told chat isn\'t available right now.';
        return reading;
      },
    };
  }

  /** @returns {Field} */
  function voiceProviderField() {
    const has = (/** @type {string} */ name) => inputById(`field-${name}`).value.trim() !== '';
    return field('voice-provider', (control) => {
      const reading = readSelected(control);
      if (reading.value === 'vapi' && !(has('vapi-public-key') && (has('vapi-assistant-id') || has('vapi-squad-id') || has('vapi-workflow-id')))) {
        reading.warning = 'Real calls need the Vapi public key and an assistant, squad or workflow id: until then the widget shows no call button.';
      }
      return reading;
    });
  }

  /** @returns {Field} */
  function storeDomainField() {
    return field('store-domain', readTrimmed((trimmed) => {
      const value = trimmed.toLowerCase();
      if (/^https?:/.test(value) || value.includes('/')) return { problem: 'Write the domain alone, such as your-store.com, without https:// or a path.' };
      if (!HOST_PATTERN.test(value) || value.startsWith('*')) return { problem: `"${value}" is not a domain name such as your-store.com.` };
      return { value };
    }));
  }

  /** @returns {Field} */
  function imageHostsField() {
    return field('image-hosts', (control) => {
      const hosts = control.value.split(/[\s,]+/).filter(Boolean).map((host) => host.toLowerCase());
      if (hosts.length === 0) return { value: null };
      const bad = hosts.find((host) => !HOST_PATTERN.test(host));
      if (bad) return { problem: `"${bad}" is not a host name such as cdn.your-store.com (no https:// or paths).` };
      return { value: hosts.join(' ') };
    });
  }

  /** @returns {Field} */
  function typingSpeedField() {
    const problem = 'Typing speed must be a number from 0 to 1000.';
    const readSpeed = readTrimmed((text) => {
      const speed = Number(text);
      if (!Number.isFinite(speed) || speed < 0 || speed > 1000) return { problem };
      return { value: String(speed) };
    });
    return field('typing-speed', (control) => {
      // A number input reports text it cannot read as a number as "" with badInput set.
      if (/** @type {HTMLInputElement} */ (control).validity.badInput) return { problem };
      return readSpeed(control);
    });
  }

  /** @returns {Field} */
  function openField() {
    const read = (/** @type {Control} */ control) => ({ value: /** @type {HTMLInputElement} */ (control).checked && modeControl.value === 'floating' ? '' : null });
    // The checkbox has no message element; naming its hint tells showMessage to leave it alone.
    return field('open', read, { messageId: 'hint-open' });
  }

  /** @returns {Field} */
  function stringsField() {
    return field('strings', readTrimmed((text) => {
      const json = parseJson(text, 'Text overrides are not valid JSON');
      if ('problem' in json) return json;
      const { parsed } = json;
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { problem: 'Text overrides must be one JSON object, such as {"askQuestion": "Ask us anything"}.' };
      for (const [key, value] of Object.entries(parsed)) {
        if (typeof value !== 'string' || value.length > 500) return { problem: `The text for "${key}" must be a text of at most 500 characters.` };
      }
      return { value: JSON.stringify(parsed) };
    }));
  }

  // The FAQ: rows for store owners, JSON for anyone pasting a list; each writes the other.
  const faqRows = byId('faq-rows');
  const faqJson = inputById('field-faq');
  /** @type {{ q: string, a: string }[]} */
  let faqEntries = [];
  /** Why the JSON box cannot be read, while it cannot. */
  let faqJsonProblem = /** @type {string | null} */ (null);

  /** @param {string} text @returns {{ entries: { q: string, a: string }[] } | { problem: string }} */
  function parseFaqJson(text) {
    if (!text.trim()) return { entries: [] };
    const json = parseJson(text, 'The FAQ JSON is not valid');
    if ('problem' in json) return json;
    const { parsed } = json;
    if (!Array.isArray(parsed)) return { problem: 'The FAQ JSON must be a list: [{ "q": "question", "a": "answer" }].' };
    const entries = [];
    for (const [index, item] of parsed.entries()) {
      if (typeof item !== 'object' || item === null || typeof item.q !== 'string' || typeof item.a !== 'string') {
        return { problem: `FAQ entry ${index + 1} needs a "q" and an "a", both texts.` };
      }
      entries.push({ q: item.q, a: item.a });
    }
    return { entries };
  }

  /**
   * The two boxes of a FAQ row, which differ only in these.
   * @type {{ key: 'q' | 'a', label: string, tag: 'input' | 'textarea', attributes: Record<string, string> }[]}
   */
  const FAQ_ROW_BOXES = [
    { key: 'q', label: 'Question', tag: 'input', attributes: { type: 'text' } },
    { key: 'a', label: 'Answer', tag: 'textarea', attributes: { rows: '2' } },
  ];

  function renderFaqRows() {
    faqRows.replaceChildren(
      ...faqEntries.map((entry, index) => {
        const row = document.createElement('div');
        row.className = 'faq-row';
        const number = index + 1;
        for (const { key, label, tag, attributes } of FAQ_ROW_BOXES) {
          const { wrapper, control } = labelled(tag, `faq-${key}-${number}`, `${label} ${number}`, attributes);
          control.value = entry[key];
          control.addEventListener('input', () => {
            entry[key] = control.value;
            writeFaqJson();
            scheduleApply();
          });
          row.append(wrapper);
        }
        const remove = document.createElement('button');
        remove.type = 'button';
        remove.className = 'button secondary small';
        remove.textContent = `Remove question ${number}`;
        remove.addEventListener('click', () => {
          faqEntries.splice(index, 1);
          faqListChanged();
          byId('faq-add').focus();
        });
        row.append(remove);
        return row;
      }),
    );
  }

  /**
   * A form control with its label, in a `.field` wrapper.
   * @param {'input' | 'textarea'} tag @param {string} id @param {string} text @param {Record<string, string>} attributes
   */
  function labelled(tag, id, text, attributes) {
    const wrapper = document.createElement('div');
    wrapper.className = 'field';
    const label = document.createElement('label');
    label.htmlFor = id;
    label.textContent = text;
    const control = /** @type {HTMLInputElement | HTMLTextAreaElement} */ (document.createElement(tag));
    control.id = id;
    for (const [name, value] of Object.entries(attributes)) control.setAttribute(name, value);
    wrapper.append(label, control);
    return { wrapper, control };
  }

  function writeFaqJson() {
    faqJson.value = faqEntries.length === 0 ? '' : `[\n${faqEntries.map((entry) => `  ${JSON.stringify(entry)}`).join(',\n')}\n]`;
    faqJsonProblem = null;
  }

  /** A row was added or removed: the rows, the JSON and the preview follow. */
  function faqListChanged() {
    renderFaqRows();
    writeFaqJson();
    scheduleApply();
  }

  faqJson.addEventListener('input', () => {
    const parsed = parseFaqJson(faqJson.value);
    if ('problem' in parsed) faqJsonProblem = parsed.problem;
    else {
      faqJsonProblem = null;
      faqEntries = parsed.entries;
      renderFaqRows();
    }
    scheduleApply();
  });
  byId('faq-add').addEventListener('click', () => {
    faqEntries.push({ q: '', a: '' });
    faqListChanged();
    /** @type {HTMLElement} */ (faqRows.lastElementChild?.querySelector('input'))?.focus();
  });

  /** @returns {Field} */
  function faqField() {
    // The rows and the JSON box both end up in faqEntries; the JSON box is the control marked invalid.
    return field('faq', () => {
      if (faqJsonProblem) return { problem: faqJsonProblem };
      const entries = [];
      for (const [index, entry] of faqEntries.entries()) {
        const q = cleanText(entry.q);
        const a = cleanText(entry.a);
        if (!q && !a) continue;
        if (!q || !a) return { problem: `Question ${index + 1} needs both a question and an answer.` };
        if (q.length > 300) return { problem: `Question ${index + 1} is longer than 300 characters.` };
        if (a.length > 4000) return { problem: `Answer ${index + 1} is longer than 4000 characters.` };
        entries.push({ q, a });
      }
      if (entries.length === 0) return { value: null };
      return {
        value: JSON.stringify(entries),
        warning: entries.length > 50 ? 'Only the first 50 questions are shown.' : undefined,
      };
    });
  }

  const modeControl = inputById('field-mode');

  /**
   * Every attribute of the element, with the field that sets it, in the element's documentation order:
   * the snippet writes its attributes in this order.
   */
  const FIELDS = [
    webhookField(),
    idField('vapi-public-key', 'The public key'),
    idField('vapi-assistant-id', 'The assistant id'),
    idField('vapi-squad-id', 'The squad id'),
    idField('vapi-workflow-id', 'The workflow id'),
    urlField('vapi-api-url', 'The Vapi API address'),
    voiceProviderField(),
    urlField('store-url', 'The store page'),
    storeDomainField(),
    urlField('agent-url', 'The human agent page'),
    colourField('primary-gradient', 'The main colour', 'background'),
    colourField('secondary-gradient', 'The background colour', 'background'),
    colourField('accent-color', 'The accent colour', 'colour'),
    logoField(),
    textField('brand-name', 'The brand name', 60),
    textField('welcome-message', 'The welcome message', 500),
    quickActionsField(),
    badgesField(),
    selectField('mode'),
    selectField('position'),
    openField(),
    selectField('color-scheme'),
    typingSpeedField(),
    selectField('persist'),
    faqField(),
    imageHostsField(),
    urlField('geo-url', 'The visitor location service'),
    selectField('lang'),
    stringsField(),
  ];

  // ---------------------------------------------------------------------------------------------------
  // Applying the form to the preview.

  /** False until the theme fields hold the preview's own theme: before that they are empty, not chosen. */
  let themeFieldsLoaded = false;
  /** The theme layer last imported into the preview, as JSON; null when unknown. */
  let importedLayer = /** @type {string | null} */ (null);
  /** Field problems found by the last apply, by attribute. */
  const problems = new Map();

  /**
   * @param {Field} field
   * @param {{ level: 'error' | 'warning', text: string } | null} message
   */
  function showMessage(field, message) {
    if (field.messageId.startsWith('hint-')) return;
    const element = byId(field.messageId);
    const text = message?.text ?? '';
    if (element.textContent !== text) element.textContent = text;
    if (message) element.dataset.level = message.level;
    else delete element.dataset.level;
    for (const id of field.controlIds) {
      const control = byId(id);
      if (message?.level === 'error') control.setAttribute('aria-invalid', 'true');
      else control.removeAttribute('aria-invalid');
    }
  }

  /** @param {string} name @param {string | null} value */
  function setPreviewAttribute(name, value) {
    if (value === null) preview.removeAttribute(name);
    else if (preview.getAttribute(name) !== value) preview.setAttribute(name, value);
  }

  let applyScheduled = false;
  /** Input events come one per keystroke; the preview is updated once per task. */
  function scheduleApply() {
    if (applyScheduled) return;
    applyScheduled = true;
    queueMicrotask(() => {
      applyScheduled = false;
      void apply();
    });
  }

  let applyRun = 0;

  /** Sets or removes every attribute of the preview from the form, then refreshes the messages, the export and the snippet. */
  async function apply() {
    const run = ++applyRun;
    problems.clear();
    /** @type {Map<Field, Reading>} */
    const readings = new Map();
    for (const field of FIELDS) {
      const reading = field.read();
      readings.set(field, reading);
      if (reading.problem) {
        problems.set(field.attribute, reading.problem);
        showMessage(field, { level: 'error', text: `${reading.problem} The preview keeps the last valid value.` });
        continue;
      }
      showMessage(field, reading.warning ? { level: 'warning', text: reading.warning } : null);
      const isTheme = field.attribute in THEME_FIELDS;
      if (isTheme && !themeFieldsLoaded) continue;
      setPreviewAttribute(field.attribute, reading.value ?? null);
    }
    previewStage.dataset.mode = preview.getAttribute('mode') === 'floating' ? 'floating' : 'inline';
    if (!themeFieldsLoaded) return;

    // An empty logo or badge list cannot be said with attributes (an empty attribute means "default",
    // which may be a saved theme's logo), so those two are imported into the preview instead. The
    // imported layer outranks attributes, so it must hold nothing else, or later edits would not show.
    /** @type {Record<string, unknown>} */
    const emptied = {};
    if (readings.get(fieldFor('logo-url'))?.value === null) emptied.logoUrl = '';
    if (readings.get(fieldFor('badge-images'))?.value === null) emptied.badgeImages = [];
    const layer = JSON.stringify(emptied);
    if (layer !== importedLayer && preview.importTheme(emptied)) importedLayer = layer;

    // The element reads its attributes in a microtask queued by the changes above: wait for it.
    await Promise.resolve();
    if (run !== applyRun) return;
    checkPreviewTheme(readings);
    refreshOutputs();
  }

  /** @param {string} attribute */
  function fieldFor(attribute) {
    return /** @type {Field} */ (FIELDS.find((field) => field.attribute === attribute));
  }

  /** @returns {Record<string, any>} */
  function previewTheme() {
    return JSON.parse(preview.exportTheme());
  }

  /**
   * The backstop for the checks above: a theme value the preview does not show was refused by the
   * element, which says why only in the developer console.
   * @param {Map<Field, Reading>} readings
   */
  function checkPreviewTheme(readings) {
    const theme = previewTheme();
    for (const [attribute, key] of Object.entries(THEME_FIELDS)) {
      const field = fieldFor(attribute);
      const reading = readings.get(field);
      if (!reading || reading.problem || reading.expected === undefined) continue;
      if (JSON.stringify(theme[key]) !== JSON.stringify(reading.expected)) {
        const problem = 'The assistant did not accept this value; check it for typing mistakes.';
        problems.set(attribute, problem);
        showMessage(field, { level: 'error', text: problem });
      }
    }
  }

  /**
   * Fills the theme fields from the theme the preview shows, then applies the form, so the messages,
   * the export and the snippet follow.
   */
  async function loadPreviewThemeIntoForm() {
    const theme = previewTheme();
    for (const [attribute, key] of Object.entries(THEME_FIELDS)) {
      const value = theme[key];
      if (value !== undefined) fieldFor(attribute).fill?.(value);
    }
    await apply();
  }

  // ---------------------------------------------------------------------------------------------------
  // Outputs: the theme export and the snippet.

  const themeExport = inputById('theme-export');
  const snippetCode = byId('snippet');
  const snippetProblems = byId('snippet-problems');

  function refreshOutputs() {
    const exported = preview.exportTheme();
    if (themeExport.value !== exported) themeExport.value = exported;
    const snippet = buildSnippet();
    if (snippetCode.textContent !== snippet) snippetCode.textContent = snippet;
    const count = problems.size;
    snippetProblems.textContent = count === 0
      ? ''
      : `${count === 1 ? 'One setting has a problem' : `${count} settings have problems`} (marked above): the snippet keeps the last valid value${count === 1 ? '' : 's'}, as the preview does.`;
    page.dataset.problems = String(count);
  }

  /**
   * An attribute as HTML: quoted with whichever quote mark the value holds fewer of, with `&`, `<`, `>`,
   * that quote mark and line breaks escaped, so the value reads back exactly and stays on one line.
   * @param {string} name @param {string} value
   */
  function htmlAttribute(name, value) {
    const doubles = value.split('"').length;
    const singles = value.split("'").length;
    const quote = singles < doubles ? "'" : '"';
    const escaped = value
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/\r/g, '&#13;')
      .replace(/\n/g, '&#10;')
      .replace(quote === '"' ? /"/g : /'/g, quote === '"' ? '&quot;' : '&#39;');
    return `${name}=${quote}${escaped}${quote}`;
  }

  /** The value a theme field is written with in the snippet. @param {string} key @param {any} value */
  function themeAttributeValue(key, value) {
    if (key === 'quickActions') return quickActionsAttribute(value);
    if (key === 'badgeImages') return value.join(' ');
    return value;
  }

  /**
   * The embed snippet: the script, then one element with every theme field written out (so neither a
   * theme saved on the store nor defaults taken from the store's domain can change it) and every
   * other attribute the preview has, addresses made absolute.
   */
  function buildSnippet() {
    const theme = previewTheme();
    const bundle = /** @type {HTMLScriptElement | null} */ (document.querySelector('script[src$="/store-assistant.js"]'));
    const scriptUrl = bundle?.src ?? new URL('/store-assistant.js', location.origin).href;
    const attributes = [];
    for (const { attribute: name } of FIELDS) {
      const key = /** @type {Record<string, string>} */ (THEME_FIELDS)[name];
      if (key) {
        attributes.push(htmlAttribute(name, themeAttributeValue(key, theme[key])));
        continue;
      }
      let value = preview.getAttribute(name);
      if (value === null) continue;
      if (name === 'open') {
        if (preview.getAttribute('mode') === 'floating') attributes.push('open');
        continue;
      }
      if (name !== 'mode' && /** @type {Record<string, string>} */ (SAME_EVERYWHERE_DEFAULTS)[name] === value) continue;
      if (URL_ATTRIBUTES.has(name)) value = httpUrl(value) ?? value;
      attributes.push(htmlAttribute(name, value));
    }
    return `<script src="${scriptUrl}" defer></script>\n<store-assistant\n${attributes.map((attribute) => `  ${attribute}`).join('\n')}\n></store-assistant>`;
  }

  // ---------------------------------------------------------------------------------------------------
  // Theme: save, reset, export download, import.

  const themeStatus = byId('theme-status');
  const importStatus = byId('import-status');

  /**
   * Writes a status or message text and its level, which colours it. A null level (with an empty text)
   * clears both.
   * @param {HTMLElement} element @param {'ok' | 'error' | null} level @param {string} text
   */
  function setStatus(element, level, text) {
    if (level) element.dataset.level = level;
    else delete element.dataset.level;
    element.textContent = text;
  }

  byId('save-theme').addEventListener('click', () => {
    if (preview.saveTheme()) {
      setStatus(themeStatus, 'ok', 'Theme saved in this browser. This page opens with it next time; your store gets it from the snippet.');
    } else {
      setStatus(themeStatus, 'error', 'The browser refused to save the theme (storage is blocked or full). Download theme.json to keep it.');
    }
  });

  byId('reset-theme').addEventListener('click', async () => {
    for (const attribute of Object.keys(THEME_FIELDS)) preview.removeAttribute(attribute);
    preview.importTheme({});
    importedLayer = '{}';
    await Promise.resolve();
    await loadPreviewThemeIntoForm();
    setStatus(themeStatus, 'ok', 'Theme reset to the theme saved in this browser, or to the defaults when none is saved.');
  });

  byId('download-theme').addEventListener('click', () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([preview.exportTheme()], { type: 'application/json' }));
    link.download = 'theme.json';
    document.body.append(link);
    link.click();
    link.remove();
    // The download has started by the time this runs; the address is only needed until then.
    setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
  });

  /**
   * Imports a theme into the preview. On success the fields take its values and the attributes are set
   * from them, so the snippet carries it; on failure the element's reason is shown and nothing changes.
   * @param {string} json
   */
  async function importTheme(json) {
    if (!json.trim()) {
      setStatus(importStatus, 'error', 'Paste a theme or choose a theme file first.');
      return;
    }
    let reason = 'the theme is not valid';
    const listen = (/** @type {Event} */ event) => {
      const detail = /** @type {CustomEvent<{ source: string, message: string }>} */ (event).detail;
      if (detail?.source === 'theme') reason = detail.message.replace(/^importTheme\(\):\s*/, '');
    };
    preview.addEventListener('store-assistant:error', listen);
    let imported;
    try {
      imported = preview.importTheme(json);
    } finally {
      preview.removeEventListener('store-assistant:error', listen);
    }
    if (!imported) {
      setStatus(importStatus, 'error', `Not imported, nothing was changed: ${reason}.`);
      return;
    }
    importedLayer = null;
    await loadPreviewThemeIntoForm();
    setStatus(importStatus, 'ok', 'Theme imported: the form and the preview show it.');
  }

  byId('import-theme').addEventListener('click', () => void importTheme(inputById('theme-import').value));

  const themeFile = /** @type {HTMLInputElement} */ (inputById('theme-file'));
  themeFile.addEventListener('change', async () => {
    const file = themeFile.files?.[0];
    if (!file) return;
    const text = await file.text();
    themeFile.value = '';
    inputById('theme-import').value = text;
    await importTheme(text);
  });

  // A small logo file becomes a data: address, which works on any store without hosting.
  const logoFile = /** @type {HTMLInputElement} */ (inputById('logo-file'));
  logoFile.addEventListener('change', () => {
    const file = logoFile.files?.[0];
    const message = byId('message-logo-file');
    if (!file) return;
    const reader = new FileReader();
    reader.addEventListener('load', () => {
      const url = String(reader.result);
      logoFile.value = '';
      if (url.length > MAX_IMAGE_URL_LENGTH || !DATA_IMAGE_URL.test(url)) {
        setStatus(message, 'error', url.length > MAX_IMAGE_URL_LENGTH
          ? `${file.name} is too large to build in (${Math.round(file.size / 1024)} KB; about 48 KB fit). Use a smaller file, or put it on your site and paste its https: address.`
          : `${file.name} is not a PNG, JPEG, GIF, WebP, AVIF or SVG image.`);
        return;
      }
      setStatus(message, null, '');
      inputById('field-logo-url').value = url;
      scheduleApply();
    });
    reader.readAsDataURL(file);
  });

  // ---------------------------------------------------------------------------------------------------
  // Copying the snippet.

  const copyButton = byId('copy-snippet');
  const copyStatus = byId('copy-status');
  let copyReset = 0;

  /** The fallback for browsers without the asynchronous clipboard (or without permission to use it). */
  /** @param {string} text */
  function copyBySelection(text) {
    const area = document.createElement('textarea');
    area.value = text;
    area.readOnly = true;
    area.className = 'visually-hidden';
    document.body.append(area);
    area.select();
    let copied = false;
    try {
      copied = document.execCommand('copy');
    } catch {
      copied = false;
    }
    area.remove();
    return copied;
  }

  copyButton.addEventListener('click', async () => {
    const text = snippetCode.textContent ?? '';
    let copied = false;
    try {
      await navigator.clipboard.writeText(text);
      copied = true;
    } catch {
      copied = copyBySelection(text);
    }
    clearTimeout(copyReset);
    if (copied) {
      copyButton.textContent = 'Copied';
      setStatus(copyStatus, 'ok', 'The snippet is on the clipboard.');
      copyReset = window.setTimeout(() => {
        copyButton.textContent = 'Copy';
        copyStatus.textContent = '';
      }, 2500);
    } else {
      // Select it, so Ctrl+C (or Cmd+C) copies it.
      getSelection()?.selectAllChildren(snippetCode);
      setStatus(copyStatus, 'error', 'The browser would not copy it: the snippet is selected, press Ctrl+C (or Cmd+C).');
    }
  });

  // ---------------------------------------------------------------------------------------------------
  // Wiring and start.

  const settings = byId('settings');
  settings.addEventListener('submit', (event) => event.preventDefault());
  settings.addEventListener('input', (event) => {
    // The FAQ and the pickers handle their own input; the logo file reports through its change event.
    const target = /** @type {HTMLElement} */ (event.target);
    if (target.closest('.faq') || /** @type {HTMLInputElement} */ (target).type === 'color' || target.id === 'logo-file') return;
    scheduleApply();
  });
  settings.addEventListener('change', (event) => {
    if (/** @type {HTMLElement} */ (event.target).tagName === 'SELECT' || /** @type {HTMLInputElement} */ (event.target).type === 'checkbox') scheduleApply();
  });

  // The card opened or closed in the preview (its launcher, its close button): the snippet follows.
  const openControl = /** @type {HTMLInputElement} */ (inputById('field-open'));
  for (const [event, open] of /** @type {const} */ ([['store-assistant:open', true], ['store-assistant:close', false]])) {
    preview.addEventListener(event, () => {
      openControl.checked = open;
      scheduleApply();
    });
  }

  const initialFaq = parseFaqJson(faqJson.value);
  faqEntries = 'entries' in initialFaq ? initialFaq.entries : [];
  renderFaqRows();

  // Connection and behaviour attributes go on before the element starts, so it starts with them.
  void apply();

  // A script that never loads would otherwise leave an empty preview with no word why.
  setTimeout(() => {
    if (!customElements.get('store-assistant')) byId('preview-error').hidden = false;
  }, 10_000);

  const rendered = new Promise((resolve) => preview.addEventListener('store-assistant:ready', resolve, { once: true }));
  customElements.whenDefined('store-assistant').then(async () => {
    // The preview now holds its theme: defaults for the store domain, under any theme saved in this
    // browser. The form starts from it, so a saved theme shows up here.
    await Promise.resolve();
    themeFieldsLoaded = true;
    await loadPreviewThemeIntoForm();
    await rendered;
    page.dataset.state = 'ready';
  });
})();
