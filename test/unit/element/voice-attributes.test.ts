import { describe, expect, it } from 'vitest';
import { parseAttributes, type AttributeName } from '../../../src/element/attributes';

// The voice attributes of issue "voice and text as one conversation": `vapi-assistant-overrides` is a
// validated, size-capped JSON object (invalid input reported and ignored), `voice-consent` a capped text.

const PAGE = { baseUrl: 'https://shop.example/', origin: 'https://shop.example', host: 'shop.example' };

function parse(attributes: Partial<Record<AttributeName, string>>) {
  const warnings: string[] = [];
  const config = parseAttributes(
    (name) => attributes[name] ?? null,
    PAGE,
    (message) => warnings.push(message),
  );
  return { voice: config.voice, warnings };
}

describe('vapi-assistant-overrides', () => {
  it('takes a JSON object', () => {
    const { voice, warnings } = parse({
      'vapi-assistant-overrides': '{"firstMessage":"Hallo!","variableValues":{"tier":"gold"}}',
    });
    expect(voice.assistantOverrides).toEqual({ firstMessage: 'Hallo!', variableValues: { tier: 'gold' } });
    expect(warnings).toEqual([]);
  });

  it.each([
    ['not JSON', '{firstMessage: hi}'],
    ['an array', '[{"firstMessage":"hi"}]'],
    ['a string', '"hi"'],
    ['null', 'null'],
    ['larger than 8 KB', JSON.stringify({ firstMessage: 'x'.repeat(8_200) })],
  ])('ignores %s, with a console message', (_, value) => {
    const { voice, warnings } = parse({ 'vapi-assistant-overrides': value });
    expect(voice.assistantOverrides).toBeNull();
    expect(warnings).toEqual([expect.stringContaining('vapi-assistant-overrides')]);
  });
});

describe('voice-consent', () => {
  it('takes a text, and refuses one longer than a paragraph or two', () => {
    expect(parse({ 'voice-consent': 'Calls are recorded.' }).voice.consent).toBe('Calls are recorded.');
    const long = parse({ 'voice-consent': 'x'.repeat(1_001) });
    expect(long.voice.consent).toBeNull();
    expect(long.warnings).toEqual([expect.stringContaining('voice-consent')]);
  });
});
