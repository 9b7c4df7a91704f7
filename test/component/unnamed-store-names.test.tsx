import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { createAssistant } from '../../src/app/assistant';
import { defaultConfig, type AssistantConfig } from '../../src/app/config';
import { ElementRoot } from '../../src/element/element-root';
import { englishStrings, formatString, type StringTable } from '../../src/i18n/strings';
import { translate } from '../../src/i18n/translate';
import { fakeDeps } from '../support/fake-deps';
import { fakeFetch, hangingResponder, jsonReply, type RecordedRequest } from '../support/fetch';
import { languageTable } from '../support/languages';
import { reactRootsPerTest } from '../support/react-roots';
import { eventually } from './helpers';

// A store nothing names (no domain, no brand-name) is called by its language's stand-in ("Our store",
// "Nasz sklep"). Put inside another sentence it reads wrong in many languages ("Otwórz czat z Nasz
// sklep"), so the launcher, the typing indicator and the logo do without it.

const LANGUAGES = ['en', 'pl', 'ja', 'ar', 'ru'];

const newRoot = reactRootsPerTest();

const tableOf = (code: string): Promise<StringTable> =>
  code === 'en' ? Promise.resolve(englishStrings) : languageTable(code);

/** The widget of a store whose domain names nothing, in language `lang`, its webhook answering with `reply`. */
function renderUnnamed(
  lang: string,
  config: Partial<AssistantConfig>,
  reply: (request: RecordedRequest) => Response | Promise<Response> = () => jsonReply({ output: 'Hello' }),
) {
  const { fetch } = fakeFetch(reply);
  const assistant = createAssistant(fakeDeps({ fetch }).deps);
  assistant.configure({
    ...defaultConfig(''),
    webhookUrl: 'https://hooks.example/chat',
    typingSpeed: 0,
    lang,
    ...config,
  });
  const { container, root } = newRoot();
  act(() => root.render(<ElementRoot assistant={assistant} />));
  // The language's file and the replies arrive outside any event: React renders them inside act.
  const shown = () => act(() => eventually(() => expect(assistant.getState().languagePending).toBe(false)));
  return { assistant, container, shown };
}

/** The floating launcher's accessible name. */
const launcherLabel = (container: HTMLElement) => container.querySelector('.launcher')?.getAttribute('aria-label');

/** Sends `count` messages while the floating card is closed: each reply counts on the launcher. */
async function receiveWhileClosed(assistant: ReturnType<typeof renderUnnamed>['assistant'], count: number) {
  for (let sent = 1; sent <= count; sent++) {
    await act(async () => {
      assistant.actions.sendMessage(`Question ${sent}`);
      await eventually(() => expect(assistant.getState().unread).toBe(sent));
    });
  }
}

describe('the sentences that would name a store nothing names', () => {
  it.each(LANGUAGES)('name the launcher in %s without the stand-in, with and without replies waiting', async (code) => {
    const table = await tableOf(code);
    const { assistant, container, shown } = renderUnnamed(code, { mode: 'floating' });
    await shown();
    await eventually(() => expect(launcherLabel(container)).toBe(table.openChatUnnamed));
    expect(launcherLabel(container)).not.toContain(table.defaultBrandNameUnnamed);

    await receiveWhileClosed(assistant, 2);
    const counted = translate(table, assistant.getState().locale, 'openChatUnreadUnnamed', { count: 2 });
    await eventually(() => expect(launcherLabel(container)).toBe(counted));
    expect(counted).not.toContain(table.defaultBrandNameUnnamed);
    expect(counted).not.toContain('{');
  });

  it('name the launcher in Polish as "Otwórz czat", not "Otwórz czat z Nasz sklep"', async () => {
    const { assistant, container, shown } = renderUnnamed('pl', { mode: 'floating' });
    await shown();
    await eventually(() => expect(launcherLabel(container)).toBe('Otwórz czat'));
    await receiveWhileClosed(assistant, 2);
    await eventually(() => expect(launcherLabel(container)).toBe('Otwórz czat, 2 nowe wiadomości'));
  });

  it.each(LANGUAGES)('announce in %s that a reply is being typed without the stand-in', async (code) => {
    const table = await tableOf(code);
    const { assistant, container, shown } = renderUnnamed(code, { mode: 'inline' }, hangingResponder);
    await shown();
    act(() => assistant.actions.startChat('Hi'));
    const announced = () => container.querySelector('.typing-indicator .sr-only')?.textContent;
    await act(() => eventually(() => expect(announced()).toBe(table.typingStatus)));
    expect(announced()).not.toBe(formatString(table.typing, { brandName: table.defaultBrandNameUnnamed }));
  });

  it.each(LANGUAGES)('show the logo in %s as decoration beside the title that names the store', async (code) => {
    const table = await tableOf(code);
    const { container, shown } = renderUnnamed(code, {
      mode: 'inline',
      themeAttributes: { logoUrl: 'https://cdn.example/logo.png' },
    });
    await shown();
    await eventually(() => expect(container.querySelector('.home-title')?.textContent).toBe(table.welcomeTitleUnnamed));
    const logo = container.querySelector('.logo img');
    // An empty alt makes an image decorative: it has no role and no name.
    expect(logo?.getAttribute('alt')).toBe('');
  });

  it('show the initial of a store without a logo hidden from screen readers, as decoration', async () => {
    const { container, shown } = renderUnnamed('pl', { mode: 'inline' });
    await shown();
    await eventually(() => expect(container.querySelector('.home-title')?.textContent).toBe('Witaj w naszym sklepie'));
    const mark = container.querySelector('.logo') as HTMLElement;
    expect(mark.querySelector('img')).toBeNull();
    expect(mark.textContent).toBe('N');
    expect([...mark.childNodes].every((node) => (node as Element).getAttribute?.('aria-hidden') === 'true')).toBe(true);
  });

  it("leave a named store's launcher, typing indicator and logo named by it", async () => {
    const polish = await languageTable('pl');
    const { assistant, container, shown } = renderUnnamed(
      'pl',
      { mode: 'floating', themeAttributes: { brandName: 'Acme', logoUrl: 'https://cdn.example/logo.png' } },
      hangingResponder,
    );
    await shown();
    await eventually(() => expect(launcherLabel(container)).toBe('Otwórz czat z Acme'));
    act(() => assistant.actions.setOpen(true));
    expect(container.querySelector('.logo img')?.getAttribute('alt')).toBe(
      formatString(polish.logoAlt, { brandName: 'Acme' }),
    );
    act(() => assistant.actions.startChat('Hi'));
    await act(() =>
      eventually(() => expect(container.querySelector('.typing-indicator .sr-only')?.textContent).toBe('Acme pisze')),
    );
  });

  it("name the launcher by the store's own name for the stand-in, in the named store's sentences", async () => {
    const polish = await languageTable('pl');
    const { assistant, container, shown } = renderUnnamed('pl', {
      mode: 'floating',
      strings: { defaultBrandNameUnnamed: 'Acme' },
    });
    await shown();
    await eventually(() => expect(launcherLabel(container)).toBe('Otwórz czat z Acme'));
    await receiveWhileClosed(assistant, 5);
    await eventually(() =>
      expect(launcherLabel(container)).toBe(
        translate(polish, assistant.getState().locale, 'openChatUnread', { brandName: 'Acme', count: 5 }),
      ),
    );
    expect(launcherLabel(container)).toBe('Otwórz czat z Acme, 5 nowych wiadomości');
  });

  it("name the launcher by the store's own wording for it when it gives one", async () => {
    const { container, shown } = renderUnnamed('pl', {
      mode: 'floating',
      strings: { defaultBrandNameUnnamed: 'Acme', openChatUnnamed: 'Porozmawiaj z nami' },
    });
    await shown();
    await eventually(() => expect(launcherLabel(container)).toBe('Porozmawiaj z nami'));
  });
});
