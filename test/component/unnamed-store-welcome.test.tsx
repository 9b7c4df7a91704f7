import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAssistant } from '../../src/app/assistant';
import { defaultConfig } from '../../src/app/config';
import { ElementRoot } from '../../src/element/element-root';
import { englishStrings, formatString } from '../../src/i18n/strings';
import { fakeDeps } from '../support/fake-deps';
import { languageTable } from '../support/languages';
import { eventually } from './helpers';

let root: Root | null = null;
const reactTest = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

/** The inline card of a store on `storeDomain` (empty: a store whose domain names nothing), in language `lang`. */
function renderCard(storeDomain: string, lang: string) {
  const assistant = createAssistant(fakeDeps().deps);
  assistant.configure({ ...defaultConfig(storeDomain), lang, mode: 'inline' });
  const container = document.body.appendChild(document.createElement('div'));
  root = createRoot(container);
  act(() => root?.render(<ElementRoot assistant={assistant} />));
  const title = () => container.querySelector('.home-title')?.textContent;
  return { assistant, title };
}

describe('the welcome of a store whose domain names nothing', () => {
  beforeEach(() => void (reactTest.IS_REACT_ACT_ENVIRONMENT = true));
  afterEach(() => {
    act(() => root?.unmount());
    root = null;
    reactTest.IS_REACT_ACT_ENVIRONMENT = false;
  });

  it.each(['en', 'pl', 'it', 'fr', 'el', 'hi', 'ur'])(
    'is a sentence of %s of its own, not the unnamed store’s name put into the named one',
    async (code) => {
      const table = code === 'en' ? englishStrings : await languageTable(code);
      const { assistant, title } = renderCard('', code);
      await eventually(() => expect(title()).toBe(table.welcomeTitleUnnamed));
      expect(title()).not.toContain(table.defaultBrandNameUnnamed);
      expect(title()).not.toBe(formatString(table.welcomeTitle, { brandName: table.defaultBrandNameUnnamed }));
      expect(assistant.getState().theme.welcomeMessage).toBe(table.defaultWelcomeMessageUnnamed);
    },
  );

  it('reads as in Polish grammar: "Witaj w naszym sklepie", not "Witaj w Nasz sklep"', async () => {
    const { title } = renderCard('', 'pl');
    await eventually(() => expect(title()).toBe('Witaj w naszym sklepie'));
  });

  it('leaves a named store welcomed by its name', async () => {
    const polish = await languageTable('pl');
    const { assistant, title } = renderCard('acme.com', 'pl');
    await eventually(() => expect(title()).toBe(formatString(polish.welcomeTitle, { brandName: 'Sklep Acme' })));
    expect(assistant.getState().theme.welcomeMessage).toBe(
      formatString(polish.defaultWelcomeMessage, { storeDomain: 'acme.com' }),
    );
  });
});
