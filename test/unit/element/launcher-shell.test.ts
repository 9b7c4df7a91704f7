import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAssistant } from '../../../src/app/assistant';
import { defaultConfig, type AssistantConfig } from '../../../src/app/config';
import { drawLauncherShell } from '../../../src/element/launcher-shell';
import { englishStrings, type StringTable } from '../../../src/i18n/strings';
import { translate } from '../../../src/i18n/translate';
import { fakeDeps } from '../../support/fake-deps';
import { fakeFetch, jsonReply } from '../../support/fetch';
import { languageTable } from '../../support/languages';
import { eventually } from '../../support/patience';

const removals: (() => void)[] = [];
afterEach(() => removals.splice(0).forEach((remove) => remove()));

/** The launcher drawn before React for a floating widget configured with `config`, its webhook answering. */
function drawShell(config: Partial<AssistantConfig>) {
  const { fetch } = fakeFetch(() => jsonReply({ output: 'Hello' }));
  const assistant = createAssistant(fakeDeps({ fetch }).deps);
  assistant.configure({
    ...defaultConfig(''),
    webhookUrl: 'https://hooks.example/chat',
    mode: 'floating',
    ...config,
  });
  const host = document.body.appendChild(document.createElement('div'));
  const shadowRoot = host.attachShadow({ mode: 'open' });
  const shell = drawLauncherShell(shadowRoot, assistant.getState(), () => undefined);
  shell.follow(assistant);
  removals.push(shell.remove, () => host.remove());
  const label = () => shadowRoot.querySelector('.launcher')?.getAttribute('aria-label');
  const regionName = () => shadowRoot.querySelector('.widget')?.getAttribute('aria-label');
  /** Sends `count` messages while the card is closed: each reply counts on the launcher. */
  const receive = async (count: number) => {
    for (let sent = 1; sent <= count; sent++) {
      assistant.actions.sendMessage(`Question ${sent}`);
      await eventually(() => expect(assistant.getState().unread).toBe(sent));
    }
  };
  return { assistant, label, regionName, receive };
}

const tableOf = (code: string): Promise<StringTable> =>
  code === 'en' ? Promise.resolve(englishStrings) : languageTable(code);

describe('the launcher drawn before React, for a store nothing names', () => {
  it.each(['en', 'pl', 'ja', 'ar', 'ru'])(
    'is named in %s without the stand-in name, as React’s launcher is',
    async (code) => {
      const table = await tableOf(code);
      const { assistant, label, receive } = drawShell({ lang: code });
      await eventually(() => expect(label()).toBe(table.openChatUnnamed));
      expect(label()).not.toContain(table.defaultBrandNameUnnamed);
      await receive(2);
      expect(label()).toBe(translate(table, assistant.getState().locale, 'openChatUnreadUnnamed', { count: 2 }));
      expect(label()).not.toContain(table.defaultBrandNameUnnamed);
    },
  );

  it('has a name while its language is on its way: English for that moment, never an empty one', async () => {
    const { assistant, label, regionName } = drawShell({ lang: 'pl' });
    expect(assistant.getState().languagePending).toBe(true);
    expect([label(), regionName()]).toEqual([englishStrings.openChatUnnamed, englishStrings.defaultBrandNameUnnamed]);
    await eventually(() => expect(label()).toBe('Otwórz czat'));
    expect(regionName()).toBe('Nasz sklep');
  });

  it('reads "Otwórz czat" in Polish, not "Otwórz czat z Nasz sklep"', async () => {
    const { label, receive } = drawShell({ lang: 'pl' });
    await eventually(() => expect(label()).toBe('Otwórz czat'));
    await receive(1);
    expect(label()).toBe('Otwórz czat, 1 nowa wiadomość');
  });

  it("names the store by the name it gives the stand-in, in the named store's sentence", async () => {
    const { label, receive } = drawShell({ lang: 'pl', strings: { defaultBrandNameUnnamed: 'Acme' } });
    await eventually(() => expect(label()).toBe('Otwórz czat z Acme'));
    await receive(2);
    expect(label()).toBe('Otwórz czat z Acme, 2 nowe wiadomości');
  });

  it('leaves a named store named in its sentence', async () => {
    const { label } = drawShell({ lang: 'pl', themeAttributes: { brandName: 'Northwind' } });
    await eventually(() => expect(label()).toBe('Otwórz czat z Northwind'));
  });
});

/** The path data of icon `name` in the icons' sprite (src/ui/icons.css), as React's launcher shows it. */
function spriteIconPaths(name: string): string[] {
  const css = readFileSync(path.resolve(__dirname, '../../../src/ui/icons.css'), 'utf8');
  const sprite = decodeURIComponent(/url\("data:image\/svg\+xml,([^"]+)"\)/.exec(css)?.[1] ?? '');
  const names = [...css.matchAll(/\.icon-([\w-]+) \{/g)].map((match) => match[1]);
  const index = names.indexOf(name);
  const cells = sprite
    .replace(/^<svg[^>]*>|<\/svg>$/g, '')
    .split(/<g transform='translate\(\d+\)'>|<\/g>/)
    .filter(Boolean);
  return [...(cells[index] ?? '').matchAll(/\bd='([^']+)'/g)].map((match) => match[1] as string);
}

describe('the launcher drawn before React, its icon', () => {
  it('is drawn inline with the paths of the sprite’s own icon, closed and pressed to open', async () => {
    const { assistant } = drawShell({});
    const shadowRoot = document.querySelector('div')?.shadowRoot as ShadowRoot;
    const drawn = () =>
      [...shadowRoot.querySelectorAll('.launcher .icon svg path')].map((element) => element.getAttribute('d'));
    expect(spriteIconPaths('launcher')).toHaveLength(1);
    expect(drawn()).toEqual(spriteIconPaths('launcher'));
    expect(shadowRoot.querySelector('.launcher .icon')?.className).toBe('icon icon-launcher');
    (shadowRoot.querySelector('.launcher') as HTMLButtonElement).click();
    expect(drawn()).toEqual(spriteIconPaths('close'));
    expect(spriteIconPaths('close')).toHaveLength(2);
    expect(assistant.getState().isOpen).toBe(false);
  });
});
