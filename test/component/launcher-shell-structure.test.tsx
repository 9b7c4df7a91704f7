import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { createAssistant, type Assistant } from '../../src/app/assistant';
import { defaultConfig, type AssistantConfig } from '../../src/app/config';
import type { AssistantState } from '../../src/app/state';
import { ElementRoot } from '../../src/element/element-root';
import { drawLauncherShell } from '../../src/element/launcher-shell';
import { fakeDeps } from '../support/fake-deps';
import { fakeFetch, jsonReply } from '../support/fetch';
import { reactRootsPerTest } from '../support/react-roots';
import { eventually } from './helpers';

// The launcher drawn before React (element/launcher-shell.ts) rebuilds React's launcher markup by hand.
// The visitor must not see the swap, so in every state the two are the same tree: the same elements,
// attributes, parts, classes and texts, from the widget's root down to the badge; but for the icon's
// drawing, which the shell puts inside the icon as an inline SVG (its stylesheet shows that instead of
// the mask of the icons' sprite), compared with the sprite's own icon below.

const newRoot = reactRootsPerTest();

/** An element as a comparable tree. `aria-controls` names the card, which only React's tree has. */
interface Shape {
  tag: string;
  attributes: Record<string, string>;
  text?: string;
  children: Shape[];
}

function shapeOf(element: Element, ignoredClasses: string[] = []): Shape {
  const attributes: Record<string, string> = {};
  for (const { name, value } of [...element.attributes].sort((a, b) => a.name.localeCompare(b.name))) {
    if (name === 'aria-controls') continue;
    attributes[name] =
      name === 'class'
        ? value
            .split(/\s+/)
            .filter((token) => token && !ignoredClasses.includes(token))
            .join(' ')
        : value;
  }
  const children = [...element.children].filter((child) => child.localName !== 'svg').map((child) => shapeOf(child));
  const text = children.length === 0 && element.textContent ? element.textContent : undefined;
  return { tag: element.tagName.toLowerCase(), attributes, ...(text ? { text } : {}), children };
}

/** The widget's root and section with the launcher as their only child: what the shell draws. */
function launcherPath(launcher: Element): Shape {
  const section = launcher.closest('section') as Element;
  const root = section.closest('.root') as Element;
  return { ...shapeOf(root, ['launcher-shell']), children: [{ ...shapeOf(section), children: [shapeOf(launcher)] }] };
}

/** A floating widget's assistant configured with `config`, its language loaded. */
async function floatingAssistant(config: Partial<AssistantConfig>): Promise<Assistant> {
  const { fetch } = fakeFetch(() => jsonReply({ output: 'Hello' }));
  const assistant = createAssistant(fakeDeps({ fetch }).deps);
  assistant.configure({
    ...defaultConfig(''),
    webhookUrl: 'https://hooks.example/chat',
    typingSpeed: 0,
    mode: 'floating',
    ...config,
  });
  await eventually(() => expect(assistant.getState().languagePending).toBe(false));
  return assistant;
}

/** Replies that arrive while the card is closed count on the launcher. */
async function receiveWhileClosed(assistant: Assistant, count: number): Promise<void> {
  for (let sent = 1; sent <= count; sent++) {
    assistant.actions.sendMessage(`Question ${sent}`);
    await eventually(() => expect(assistant.getState().unread).toBe(sent));
  }
}

/** The assistant as the two launchers see it, with `overrides` laid over its state. */
function viewWith(assistant: Assistant, overrides: Partial<AssistantState>): Assistant {
  const state = { ...assistant.getState(), ...overrides };
  return { ...assistant, getState: () => state };
}

function shellLauncher(view: Assistant): Shape {
  const host = document.body.appendChild(document.createElement('div'));
  const shadow = host.attachShadow({ mode: 'open' });
  const shell = drawLauncherShell(shadow, view.getState(), () => {});
  shell.follow(view);
  try {
    return launcherPath(shadow.querySelector('.launcher') as Element);
  } finally {
    shell.remove();
    host.remove();
  }
}

function reactLauncher(view: Assistant): Shape {
  const { container, root } = newRoot();
  act(() => root.render(<ElementRoot assistant={view} />));
  const launcher = container.querySelector('.launcher');
  expect(launcher).not.toBeNull();
  return launcherPath(launcher as Element);
}

const STATES: Array<{
  name: string;
  config: Partial<AssistantConfig>;
  unread?: number;
  overrides?: Partial<AssistantState>;
}> = [
  { name: 'closed, named store', config: { themeAttributes: { brandName: 'Northwind' } } },
  { name: 'open', config: { themeAttributes: { brandName: 'Northwind' } }, overrides: { isOpen: true } },
  { name: 'two replies unread', config: { themeAttributes: { brandName: 'Northwind' } }, unread: 2 },
  { name: 'more than nine unread', config: { themeAttributes: { brandName: 'Northwind' } }, unread: 11 },
  { name: 'with its teaser shown', config: { teaser: 'Need a hand?' }, overrides: { teaser: true } },
  { name: 'dark, in the bottom left corner', config: { colorScheme: 'dark', position: 'bottom-left' } },
  { name: 'right to left (Arabic), one unread', config: { lang: 'ar' }, unread: 1 },
  { name: 'a store nothing names, unread', config: {}, unread: 3 },
];

describe("the launcher drawn before React and React's launcher", () => {
  it.each(STATES)('are the same tree: $name', async ({ config, unread = 0, overrides = {} }) => {
    const assistant = await floatingAssistant(config);
    await receiveWhileClosed(assistant, unread);
    const view = viewWith(assistant, overrides);
    const shell = shellLauncher(view);
    expect(reactLauncher(view)).toEqual(shell);
    // The comparison reaches the state that differs: the badge, the icon, the corner, the direction.
    const button = shell.children[0]?.children[0];
    expect(button?.children.some((child) => child.attributes.part === 'launcher-badge')).toBe(unread > 0);
  });
});
