import { describe, expect, it } from 'vitest';
import { parseAttributes, type AttributeName } from '../../../src/element/attributes';
import { pl } from '../../../src/i18n/languages/pl';
import { withOverrides } from '../../../src/i18n/language-choice';
import { englishStrings } from '../../../src/i18n/strings';
import { translate } from '../../../src/i18n/translate';

const PAGE = { baseUrl: 'https://shop.example/', origin: 'https://shop.example', host: 'shop.example' };

/** The overrides the `strings` attribute gives for `json`, and the console lines it writes. */
function overridesOf(json: string) {
  const lines: string[] = [];
  const read = (name: AttributeName) => (name === 'strings' ? json : null);
  const { strings } = parseAttributes(read, PAGE, (line) => void lines.push(line));
  return { strings, lines };
}

describe("a store's strings attribute", () => {
  it("names the unnamed store in the named store's welcome when it gives it a name of its own", () => {
    const named = withOverrides(englishStrings, overridesOf('{"defaultBrandNameUnnamed":"Acme"}').strings);
    expect([named.welcomeTitleUnnamed, named.defaultWelcomeMessageUnnamed]).toEqual([
      'Welcome to Acme',
      'Welcome to Acme. How can we assist you today?',
    ]);
    const worded = withOverrides(
      englishStrings,
      overridesOf('{"defaultBrandNameUnnamed":"Acme","welcomeTitleUnnamed":"Hello from Acme"}').strings,
    );
    expect(worded.welcomeTitleUnnamed).toBe('Hello from Acme');
    expect(withOverrides(englishStrings, {}).welcomeTitleUnnamed).toBe('Welcome to our store');
  });

  it("names the unnamed store in the named store's launcher label when it gives it a name of its own", () => {
    const named = withOverrides(pl, overridesOf('{"defaultBrandNameUnnamed":"Acme"}').strings);
    expect(named.openChatUnnamed).toBe('Otwórz czat z Acme');
    // Every form of the counted entry gets the name and keeps its count, filled when the label is drawn.
    expect(named.openChatUnreadUnnamed).toEqual({
      one: 'Otwórz czat z Acme, {count} nowa wiadomość',
      few: 'Otwórz czat z Acme, {count} nowe wiadomości',
      many: 'Otwórz czat z Acme, {count} nowych wiadomości',
      other: 'Otwórz czat z Acme, {count} nowej wiadomości',
    });
    expect(translate(named, 'pl', 'openChatUnreadUnnamed', { count: 5 })).toBe(
      'Otwórz czat z Acme, 5 nowych wiadomości',
    );
    const worded = withOverrides(
      pl,
      overridesOf(
        '{"defaultBrandNameUnnamed":"Acme","openChatUnnamed":"Czat z Acme","openChatUnreadUnnamed":"Czat z Acme ({count})"}',
      ).strings,
    );
    expect(worded.openChatUnnamed).toBe('Czat z Acme');
    expect(translate(worded, 'pl', 'openChatUnreadUnnamed', { count: 2 })).toBe('Czat z Acme (2)');
    // A store that words the named sentence gets its wording with the name.
    const reworded = withOverrides(
      englishStrings,
      overridesOf('{"defaultBrandNameUnnamed":"Acme","openChat":"Chat with {brandName}"}').strings,
    );
    expect(reworded.openChatUnnamed).toBe('Chat with Acme');
    expect(withOverrides(pl, {}).openChatUnnamed).toBe('Otwórz czat');
  });

  it('takes one text for a counted entry, for every form', () => {
    const { strings, lines } = overridesOf('{"cartCount":"{count} in the basket"}');
    expect(lines).toEqual([]);
    const table = withOverrides(englishStrings, strings);
    expect(translate(table, 'en', 'cartCount', { count: 1 })).toBe('1 in the basket');
    expect(translate(table, 'en', 'cartCount', { count: 4 })).toBe('4 in the basket');
  });

  it("takes a counted entry's forms by plural category", () => {
    const { strings, lines } = overridesOf('{"cartCount":{"one":"{count} item","other":"{count} items"}}');
    expect(lines).toEqual([]);
    const table = withOverrides(englishStrings, strings);
    expect(translate(table, 'en', 'cartCount', { count: 1 })).toBe('1 item');
    expect(translate(table, 'en', 'cartCount', { count: 4 })).toBe('4 items');
  });

  it.each([
    ['{"cartCount":{"one":"{count} item"}}', 'cartCount'],
    ['{"cartCount":{"several":"x","other":"y"}}', 'cartCount'],
    ['{"cartCount":{"other":3}}', 'cartCount'],
    ['{"send":{"other":"Go"}}', 'send'],
  ])('reports %s and keeps the entry as it was', (json, key) => {
    const { strings, lines } = overridesOf(json);
    expect(strings).toEqual({});
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`"${key}"`);
  });
});
