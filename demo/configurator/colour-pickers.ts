/**
 * The colour pickers next to a colour or gradient field: they write the text, and follow it where the
 * browser can read its colours.
 */
import { inputById, type Control } from './dom';

const colourCanvas = document.createElement('canvas').getContext('2d');

/** Any CSS colour the browser knows as #rrggbb (the only form a colour picker takes), else null. */
function toHex(colour: string): string | null {
  if (!colourCanvas) return null;
  // A canvas ignores a colour it cannot parse: a sentinel tells that apart from a real #010203.
  colourCanvas.fillStyle = '#010203';
  colourCanvas.fillStyle = colour;
  const value = String(colourCanvas.fillStyle);
  if (value === '#010203' && colour.trim().toLowerCase() !== '#010203') return null;
  return /^#[0-9a-f]{6}$/i.test(value) ? value : null;
}

/** The colours of a colour or gradient, in order, as #rrggbb. */
function coloursOf(value: string): string[] {
  const inside = value.replace(/^\s*(?:repeating-)?(?:linear|radial|conic)-gradient\(/i, '').replace(/\)\s*$/, '');
  const candidates = inside.match(/#[0-9a-f]{3,8}\b|[a-z-]+\([^()]*\)|\b[a-z]{3,20}\b/gi) ?? [];
  return candidates.map(toHex).filter((hex): hex is string => hex !== null);
}

/** One picker for a colour; a start and an end picker for a background, which they make a gradient. */
export type PickerKind = 'colour' | 'background';

/**
 * Wires the pickers of field `attribute` to its text control. `changed` is called after a picker wrote
 * the text. Returns `follow`, which moves the pickers to the colours of the text.
 */
export function wirePickers(
  attribute: string,
  control: Control,
  kind: PickerKind,
  changed: () => void,
): { follow(): void } {
  const suffixes = kind === 'colour' ? [''] : ['-start', '-end'];
  const pickers = suffixes.map((suffix) => inputById(`picker-${attribute}${suffix}`));
  const follow = () => {
    const colours = coloursOf(control.value.trim());
    const [first, second] = pickers;
    if (colours.length === 0 || !first) return;
    first.value = colours[0] ?? first.value;
    if (second) second.value = colours[colours.length - 1] ?? second.value;
  };
  const defaultAngle = attribute === 'primary-gradient' ? '135deg' : '180deg';
  for (const picker of pickers) {
    picker.addEventListener('input', () => {
      if (kind === 'colour') control.value = picker.value;
      else {
        // Keep the direction the store already chose; only the two colours change.
        const angle =
          /^\s*linear-gradient\(\s*((?:-?[\d.]+(?:deg|turn|rad|grad))|(?:to [a-z ]+?))\s*,/i.exec(control.value)?.[1] ??
          defaultAngle;
        control.value = `linear-gradient(${angle}, ${pickers[0]?.value} 0%, ${pickers[1]?.value} 100%)`;
      }
      changed();
    });
  }
  control.addEventListener('input', follow);
  return { follow };
}
