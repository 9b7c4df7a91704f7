import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { createAssistant } from '../../src/app/assistant';
import { defaultConfig } from '../../src/app/config';
import { ElementRoot } from '../../src/element/element-root';
import { englishStrings, formatString } from '../../src/i18n/strings';
import { fakeDeps } from '../support/fake-deps';
import { languageTable } from '../support/languages';
import { reactRootsPerTest } from '../support/react-roots';
import { eventually } from './helpers';

const newRoot = reactRootsPerTest();

/** The inline card of a store on `storeDomain` (empty: a store whose domain names nothing), in language `lang`. */
function renderCard(storeDomain: string, lang: string) {
  const assistant = createAssistant(fakeDeps().deps);
  assistant.configure({ ...defaultConfig(storeDomain), lang, mode: 'inline' });
  const { container, root } = newRoot();
  act(() => root.render(<ElementRoot assistant={assistant} />));
  const title = () => container.querySelector('.home-title')?.textContent;
  // The language's file arrives outside any event: React renders it inside act, as the test waits.
  const titleShown = (text: string) => act(() => eventually(() => expect(title()).toBe(text)));
  return { assistant, title, titleShown };
}

describe('the welcome of a store whose domain names nothing', () => {
  it.each(['en', 'pl', 'it', 'fr', 'el', 'hi', 'ur'])(
    'is a sentence of %s of its own, not the unnamed store’s name put into the named one',
    async (code) => {
      const table = code === 'en' ? englishStrings : await languageTable(code);
      const { assistant, title, titleShown } = renderCard('', code);
      await titleShown(table.welcomeTitleUnnamed);
      expect(title()).not.toContain(table.defaultBrandNameUnnamed);
      expect(title()).not.toBe(formatString(table.welcomeTitle, { brandName: table.defaultBrandNameUnnamed }));
      expect(assistant.getState().theme.welcomeMessage).toBe(table.defaultWelcomeMessageUnnamed);
    },
  );

  it('reads as in Polish grammar: "Witaj w naszym sklepie", not "Witaj w Nasz sklep"', async () => {
    const { titleShown } = renderCard('', 'pl');
    await titleShown('Witaj w naszym sklepie');
  });

  it('leaves a named store welcomed by its name', async () => {
    const polish = await languageTable('pl');
    const { assistant, titleShown } = renderCard('acme.com', 'pl');
    await titleShown(formatString(polish.welcomeTitle, { brandName: 'Sklep Acme' }));
    expect(assistant.getState().theme.welcomeMessage).toBe(
      formatString(polish.defaultWelcomeMessage, { storeDomain: 'acme.com' }),
    );
  });
});
