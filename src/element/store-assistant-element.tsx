import type { Assistant } from '../app/assistant';
import type { AssistantState } from '../app/state';
import type { AssistantDeps, AssistantEvents } from '../app/deps';
import type { AnalyticsConfig } from '../analytics/data-layer';
import type { Emit } from '../common/events';
import { afterNextPaint, nextTask, whenIdle } from '../common/next-task';
import { pageLocation } from '../common/page-location';
import { safeStorage } from '../common/storage';
import { ATTRIBUTE_NAMES, type AttributeName } from './attribute-names';
import type { ParsedAttributes } from './attributes';
import type { DeferredMount, DeferredReactRenderer } from './deferred-react';
import type { ElementRootProps } from './element-root';
import { dispatchAssistantEvent } from './element-events';
import { elementCore, elementCoreInParts, type ElementCore } from './lazy-core';
import { firstViewCode } from './lazy-first-view';
import type { LauncherShell } from './launcher-shell';
import type { Theme } from '../theme/theme';
import type { FirstView } from '../app/first-view-state';
import type { StoreAssistantMembers } from './members';

/** How long the viewport's size waits for an idle moment, at most, once a floating widget is connected. */
const VIEWPORT_MEASURE_WAIT_MS = 2000;

/**
 * How long a floating widget's set-up waits, at most, for an idle moment after its first view has been
 * painted, when nothing hurries it (a visitor reaching for the launcher, a method, something to resume).
 */
const SET_UP_IDLE_WAIT_MS = 1000;

/** With `analytics="datalayer"`, pushes a widget event to the page's `window.dataLayer`. */
function trackEvent(
  core: ElementCore,
  config: AnalyticsConfig,
  [name, detail]: Parameters<Emit<AssistantEvents>>,
): void {
  if (config.analytics !== 'datalayer') return;
  for (const entry of core.dataLayerEntries(name, detail, config.analyticsContent))
    core.pushToDataLayer(window as { dataLayer?: unknown }, entry);
}

/** Runs `work` for the element's own callbacks: an error is logged for the store owner, never thrown at the host page. */
function contained<T>(work: () => T): T | undefined {
  try {
    return work();
  } catch (error) {
    console.error('[store-assistant]', error);
    return undefined;
  }
}

/** The `open` attribute follows the store's open state, and `store-assistant:open` or `:close` is announced. */
function reflectOpen(element: HTMLElement, isOpen: boolean, announce: (name: 'open' | 'close') => void): void {
  if (element.hasAttribute('open') !== isOpen) element.toggleAttribute('open', isOpen);
  announce(isOpen ? 'open' : 'close');
}

/** The theme's colours, and the text colours that read on them, as custom properties of the element. */
function applyThemeColors(element: HTMLElement, theme: Theme): void {
  const { themeColorVariables, themeTextColors, darkSchemeTextColors } = firstViewCode();
  for (const [name, value] of themeColorVariables(theme)) element.style.setProperty(name, value);
  const textColors = { ...themeTextColors(theme), ...darkSchemeTextColors(theme) };
  for (const [name, value] of Object.entries(textColors)) element.style.setProperty(name, value);
}

/**
 * The theme's colours applied to `element`, except the theme it holds already: connecting configures
 * (which applies a changed theme) and then applies the theme, and the same theme again would only repeat
 * its contrast work. After `forget`, the next theme is applied whatever it is.
 */
function themeColorsOf(element: HTMLElement) {
  let applied: Theme | null = null;
  return {
    apply(theme: Theme): void {
      if (theme === applied) return;
      contained(() => {
        applyThemeColors(element, theme);
        applied = theme;
      });
    },
    forget: () => void (applied = null),
  };
}

/** `warn`, writing each distinct message once. */
function oncePerMessage(warn: (message: string) => void): (message: string) => void {
  const written = new Set<string>();
  return (message) => {
    if (written.has(message)) return;
    written.add(message);
    warn(message);
  };
}

/**
 * The browser's deps for `element`'s assistant: its events go to `announce`, a page's answer to a request
 * is whether a listener of `store-assistant:<name>` on the element cancelled it, and console messages go
 * to the element's `warn` (which writes the same invalid attribute once, not on every re-parse).
 */
function elementDeps(
  core: ElementCore,
  element: HTMLElement,
  announce: AssistantDeps['emit'],
  warn: (message: string) => void,
): AssistantDeps {
  const deps = core.browserDeps(
    announce,
    (name, detail) =>
      !element.dispatchEvent(
        new CustomEvent(`store-assistant:${name}`, { detail, bubbles: true, composed: true, cancelable: true }),
      ),
  );
  deps.warn = warn;
  return deps;
}

/**
 * The element's shadow root and its store, made when first needed (connecting, or a method called before),
 * not when the element is created: a page being parsed creates the element in the script's own task. The
 * store's code (element-core.ts) is evaluated then too, not when the script runs.
 */
function withLazyStore() {
  return class LazyStoreHost extends HTMLElement {
    /** The store behind this element, once made (see {@link assistant}). */
    private made: Assistant | null = null;
    /**
     * Connecting while the page is still being parsed draws the first view and waits for later tasks
     * (withFirstViewFirst below): set meanwhile, it does that work at once, for whatever needs the store now.
     */
    protected connectPending: (() => void) | null = null;
    /** The open shadow root React renders into. */
    protected readonly root: ShadowRoot = this.attachShadow({ mode: 'open' });
    /** Console messages for the store owner, each written once per element. */
    protected readonly warn = oncePerMessage((message) => console.warn(`[store-assistant] ${message}`));

    /**
     * The store behind this element. It outlives re-renders and moves, so the conversation does too. It is
     * made when first needed (connecting, or a method called before), not when the element is created:
     * a page being parsed creates the element in the script's own task.
     */
    get assistant(): Assistant {
      const connect = this.connectPending;
      this.connectPending = null;
      connect?.();
      return this.made ?? this.makeAssistant();
    }

    private makeAssistant(): Assistant {
      const core = elementCore();
      const deps = elementDeps(core, this, (...event) => this.announce(...event), this.warn);
      const assistant = (this.made = core.createAssistant(deps));
      this.adoptStylesOnce();
      this.assistantMade(assistant);
      return assistant;
    }

    private stylesAdopted = false;

    /** The widget's whole stylesheet in the shadow root (parsed once a page, shared by every element). */
    protected adoptStylesOnce(): void {
      if (this.stylesAdopted) return;
      this.stylesAdopted = true;
      const { adoptStyles, WHOLE_STYLESHEET } = firstViewCode();
      adoptStyles(this.root, WHOLE_STYLESHEET);
    }

    /** What follows the store once it is made: the layers above subscribe to it. */
    protected assistantMade(_assistant: Assistant): void {}

    /** Whether the store has been made: before, nothing was started that would need stopping. */
    protected get assistantMadeYet(): boolean {
      return this.made !== null;
    }

    /** The store if it has been made, without setting anything up (unlike {@link assistant}). */
    protected get assistantIfMade(): Assistant | null {
      return this.made;
    }

    /** Makes the store, if it is not yet, without the connection's work waiting for its task. */
    protected makeAssistantAhead(): void {
      if (!this.made) this.makeAssistant();
    }

    /** Dispatches `store-assistant:<name>` on the element and, with `analytics="datalayer"`, pushes it to `window.dataLayer`. */
    protected announce(...event: Parameters<Emit<AssistantEvents>>): void {
      dispatchAssistantEvent(this, ...event);
      if (this.made) trackEvent(elementCore(), this.made.getState().config, event);
    }
  };
}

/**
 * The element's own assistant and what ties it to the element: attributes in, theme and `open` out,
 * the page behind the open floating card.
 *
 * The element is a plain HTMLElement subclass, not one made by a wrapper library: React renders only
 * the element's own assistant, which never changes, so there are no props to map from attributes or
 * properties, and a wrapper's generated accessors would only shadow HTMLElement's own (`lang`,
 * `title`, ...). Attributes are parsed by attributes.ts; mounting React is connectedCallback's. Without
 * `@r2wc/core` (2.5 KB minified, 0.9 KB gzip) the script is smaller, and this is all the base it needs.
 */
function withAssistant(Base: ReturnType<typeof withLazyStore>) {
  return class AssistantHost extends Base {
    /** The element observes exactly its declared attributes. */
    static readonly observedAttributes: readonly string[] = ATTRIBUTE_NAMES;

    private configurePending = false;
    /** An attribute changed since the attributes were last parsed. */
    protected attributesChanged = true;
    protected readonly themeColors = themeColorsOf(this);
    /** Undoes {@link coverViewport} while the floating card is open. */
    private releaseViewport: (() => void) | null = null;
    /** Follows the page's `<html lang>` while told to; made on the first call that asks it to. */
    private pageLanguageFollower: ((follow: boolean) => void) | null = null;

    /** Without a `lang` attribute the widget speaks the page's language, and follows it when it changes. */
    protected followPageLanguage(follow: boolean): void {
      if (!follow && !this.pageLanguageFollower) return;
      this.pageLanguageFollower ??= firstViewCode().pageLanguageFollower(() => this.configure());
      this.pageLanguageFollower(follow);
    }

    /** Theme, `open` and the viewport follow the store once it is made. */
    protected override assistantMade(assistant: Assistant): void {
      super.assistantMade(assistant);
      // From `state`, not the `assistant` getter: configuring ahead must not run the connection inside it.
      assistant.subscribe((state, previous) => {
        if (state.theme !== previous.theme) this.applyTheme(state.theme);
        if (state.isOpen !== previous.isOpen) reflectOpen(this, state.isOpen, (name) => this.announce(name, {}));
        if (state.isOpen !== previous.isOpen || state.config.mode !== previous.config.mode) this.syncViewport(state);
      });
    }

    attributeChangedCallback(): void {
      this.attributesChanged = true;
      // Coalesce: a parser or an upgrade reports every attribute in turn; parse them once, and not at all
      // when connecting has parsed them meanwhile.
      if (this.configurePending) return;
      this.configurePending = true;
      queueMicrotask(() => {
        this.configurePending = false;
        // A connection still waiting for its task configures then.
        if (this.attributesChanged && this.isConnected && !this.connectPending) this.configure();
      });
    }

    /** Configures `store` (by default the element's, set up first if need be) from the attributes. */
    protected configure(store: Assistant = this.assistant): void {
      this.attributesChanged = false;
      contained(() => {
        const { open, ...config } = this.readAttributes();
        this.followPageLanguage(this.isConnected && !this.hasAttribute('lang'));
        store.configure(config);
        // The store holds whether the card is open; the attribute reflects it, and setting it asks for it.
        if (Boolean(open) !== store.getState().isOpen) store.actions.setOpen(Boolean(open));
      });
    }

    /** The element's attributes (or only `names`) as a configuration; without `lang`, in the page's language. */
    protected readAttributes(names?: readonly AttributeName[]): ParsedAttributes {
      const { parseAttributes, pageLanguage } = firstViewCode();
      const parsed = parseAttributes((name) => this.getAttribute(name), pageLocation(), this.warn, names);
      parsed.lang = pageLanguage(this.getAttribute('lang'));
      return parsed;
    }

    protected applyTheme(theme?: Theme): void {
      if (this.isConnected) this.themeColors.apply(theme ?? this.assistant.getState().theme);
    }

    /** The open floating card follows the visual viewport and, full screen, stops the page scrolling. */
    protected syncViewport({ isOpen, config }: Pick<AssistantState, 'isOpen' | 'config'> = this.assistant.getState()) {
      const cover = this.isConnected && isOpen && config.mode === 'floating';
      if (cover && !this.releaseViewport) this.releaseViewport = elementCore().coverViewport(this);
      else if (!cover && this.releaseViewport) {
        this.releaseViewport();
        this.releaseViewport = null;
      }
    }
  };
}

/**
 * Attaching, moving and removing the element. React is mounted at once, and renders once ReactDOM has
 * been evaluated in a task of its own (deferred-react.ts): at once for an inline card or an open one;
 * for a closed floating widget once the page is idle, its launcher drawn in plain DOM meanwhile
 * (launcher-shell.ts) and a visitor reaching for it hurrying React along. Removal ends calls.
 */
function withLifecycle(
  Base: ReturnType<typeof withAssistant>,
  renderer: () => DeferredReactRenderer<ElementRootProps>,
) {
  return class ElementLifecycle extends Base {
    /** The plain-DOM launcher, while it is drawn. */
    protected launcherShell: LauncherShell | null = null;
    /** A visitor reached for the launcher before the store was made: React is not left waiting then. */
    private reached = false;
    /** React's tree in the shadow root while the element is connected. */
    private mounted: DeferredMount | null = null;

    protected override assistantMade(assistant: Assistant): void {
      super.assistantMade(assistant);
      // Only a closed floating widget can wait for an idle moment: anything else shows React's views.
      assistant.subscribe((state) => {
        if (this.isConnected && (state.isOpen || state.config.mode !== 'floating')) renderer().hurry();
      });
    }

    /** A visitor reached for the launcher (a pointer on it, a touch, focus): nothing waits for idle time. */
    protected reachedFor(): void {
      this.reached = true;
      if (this.assistantMadeYet) renderer().hurry();
    }

    /** The page is being unloaded (or frozen): keep a live call for the next page, write pending saves. */
    private readonly onPageHide = () => this.assistant.dispose({ leavingPage: true });

    /** Configures the store from the attributes as the element connects. */
    protected configureOnConnect(): void {
      this.configure();
    }

    connectedCallback(): void {
      this.configureOnConnect();
      this.applyTheme();
      window.addEventListener('pagehide', this.onPageHide);
      this.syncViewport();
      const { config, isOpen } = this.assistant.getState();
      if (config.mode === 'floating') {
        contained(() => {
          const { drawLauncherShell } = firstViewCode();
          this.launcherShell ??= drawLauncherShell(this.root, this.assistant.getState(), () => this.reachedFor());
          this.launcherShell.follow(this.assistant);
        });
        // The closed card is laid out ahead, in idle time (styles.css), at the viewport's size: opening it
        // on an unchanged viewport then restyles and lays out next to nothing.
        void whenIdle(VIEWPORT_MEASURE_WAIT_MS).then(() => {
          if (this.isConnected) contained(() => elementCore().measureViewport(this));
        });
      }
      // Before mounting, so an inline or open card does not wait for an idle moment even for a task.
      if (config.mode !== 'floating' || isOpen || this.reached) renderer().hurry();
      this.mounted ??= renderer().mount(this.root, elementCore().ElementRoot, { assistant: this.assistant });
    }

    disconnectedCallback(): void {
      window.removeEventListener('pagehide', this.onPageHide);
      // Put back, the element applies its theme again, whatever was done to its style meanwhile.
      this.themeColors.forget();
      this.followPageLanguage(false);
      this.syncViewport();
      this.launcherShell?.remove();
      this.launcherShell = null;
      if (this.mounted) renderer().unmount(this.mounted);
      this.mounted = null;
      // A move (remove then insert in the same task) reconnects before this runs and keeps everything alive.
      queueMicrotask(() => {
        if (!this.isConnected) this.assistant.dispose();
      });
    }
  };
}

/**
 * The first view drawn from the attributes alone, before the store is made: a floating launcher in plain
 * DOM with its own small stylesheet and the theme's colours (the saved theme's and the attributes'), or an
 * inline card's greeting with the whole stylesheet. withFirstViewFirst decides when.
 */
function withFirstView(Base: ReturnType<typeof withLifecycle>) {
  return class FirstViewDrawing extends Base {
    /** Removes the inline card's first view, while it is drawn (React's card replaces it). */
    protected removeCardShell: (() => void) | null = null;

    /**
     * The first view, from the attributes: a closed floating launcher, or an inline card's greeting. Null
     * for an open floating card, which waits for the store.
     */
    protected firstViewToDraw(): FirstView | null {
      const code = firstViewCode();
      const { open, ...config } = this.readAttributes(code.FIRST_VIEW_ATTRIBUTES);
      if (config.mode === 'floating' && open) return null;
      return code.firstView(
        config,
        safeStorage(() => window.localStorage),
        pageLocation().origin,
      );
    }

    /**
     * Draws `view`. Returns whether the rest may wait for idle time: only a closed launcher can (and only
     * with nothing to take up, which is asked once it is painted).
     */
    protected drawFirstView(view: FirstView): boolean {
      const code = firstViewCode();
      if (view.config.mode === 'inline') {
        // The card shows the theme's colours and most of the stylesheet's views: all of both, at once.
        this.themeColors.apply(view.theme);
        code.adoptStyles(this.root, code.WHOLE_STYLESHEET);
        this.removeCardShell = code.drawCardShell(this.root, view);
        return false;
      }
      for (const [name, value] of code.launcherColorVariables(view.theme)) this.style.setProperty(name, value);
      code.adoptStyles(this.root, [code.FIRST_VIEW_STYLESHEET]);
      this.launcherShell = code.drawLauncherShell(this.root, view, () => this.reachedFor());
      return true;
    }
  };
}

/**
 * Resolves once the first view has been painted and, when the rest may wait, the page is idle (at most
 * {@link SET_UP_IDLE_WAIT_MS}) or `reached` resolves (the visitor reached for the launcher); a kept call
 * or a takeover to take up does not wait.
 */
async function afterFirstView(mayWait: boolean, reached: Promise<void>): Promise<void> {
  await afterNextPaint();
  const storage = (name: 'localStorage' | 'sessionStorage') => safeStorage(() => window[name]);
  if (!mayWait || firstViewCode().hasSomethingToResume(storage('localStorage'), storage('sessionStorage'))) return;
  await Promise.race([whenIdle(SET_UP_IDLE_WAIT_MS), reached]);
}

/**
 * Draws the first view: `prepare` reads what it shows (null when there is nothing to draw first), `paint`
 * draws it and returns whether the rest may wait. An element the page's parser creates does both at once.
 * One upgraded by the script's own task evaluates the first view's code in the next task (while
 * `stillPending()` holds), reads its attributes and prepares its view in the one after, and paints it in
 * the one after that: the script's evaluation (and, with a debugger on, its compile), the first view's
 * code, its reading and its drawing never make one long task together, even on a phone slower than the
 * benchmark's.
 */
function drawnFirst<View>(
  upgradedInDocument: boolean,
  stillPending: () => boolean,
  prepare: () => View | null,
  paint: (view: View) => boolean,
): Promise<boolean> {
  const paintIfAny = (view: View | null) => view !== null && stillPending() && (contained(() => paint(view)) ?? false);
  const prepareIfPending = () => (stillPending() && contained(prepare)) || null;
  if (!upgradedInDocument) return Promise.resolve(paintIfAny(prepareIfPending()));
  return nextTask()
    .then(() => stillPending() && contained(firstViewCode))
    .then(nextTask)
    .then(prepareIfPending)
    .then((view) => nextTask().then(() => paintIfAny(view)));
}

/** Runs each step in a task of its own while `stillPending()` holds (an error logged, never thrown). */
async function inTasksOfTheirOwn(steps: (() => unknown)[], stillPending: () => boolean): Promise<void> {
  for (const step of steps) {
    if (stillPending()) contained(step);
    await nextTask();
  }
}

/**
 * Only the first view runs first. An element connected while the page loads (created by the page's parser, or
 * upgraded by a deferred script), before anything asked for its store, draws its first view (at once, in that
 * task; upgraded, three tasks later: {@link drawnFirst}) from its attributes alone: a floating launcher in
 * plain DOM with its own small stylesheet and the theme's colours (the saved theme's and the attributes'), or
 * an inline card's greeting. The rest waits until that view has been painted and the page is idle (at most
 * {@link SET_UP_IDLE_WAIT_MS}), or less when the visitor reaches for the launcher, the card is open or
 * inline, or a kept call or a takeover is to be taken up; then it runs in tasks of their own, none of them
 * long: the widget's code is evaluated (in three parts), the rest of its stylesheet parsed, its store made,
 * the store configured from the attributes, and then, in the connection's own task, the store takes over
 * the first view. Anything that needs the store sooner (a method, a property) sets it all up at once.
 * Elements added once the page has loaded (by a script, a framework) set up at once.
 */
function withFirstViewFirst(Base: ReturnType<typeof withFirstView>) {
  return class ElementFirstView extends Base {
    /** Ends the wait for idle time: a visitor reached for the launcher. */
    private hurrySetUp: (() => void) | null = null;

    /** In the document before the script defined it (a deferred script): upgraded by the script's task. */
    private readonly upgradedInDocument = this.isConnected;
    /** The set-up configured the store and its connection has yet to come: connecting need not again. */
    private configuredAhead = false;

    override connectedCallback(): void {
      const pageLoading = document.readyState !== 'complete' || this.upgradedInDocument;
      if (!pageLoading || this.assistantMadeYet) return super.connectedCallback();
      const connect = () => {
        if (this.connectPending === connect) this.connectPending = null;
        if (this.isConnected) super.connectedCallback();
      };
      this.connectPending = connect;
      const stillPending = () => this.connectPending === connect;
      const mayWait = drawnFirst(
        this.upgradedInDocument,
        stillPending,
        () => this.firstViewToDraw(),
        (view) => this.drawFirstView(view),
      );
      const reached = new Promise<void>((resolve) => (this.hurrySetUp = resolve));
      const steps = [
        ...elementCoreInParts(),
        () => this.adoptStylesOnce(),
        () => this.makeAssistantAhead(),
        () => this.configureAhead(),
      ];
      void mayWait
        .then((wait) => afterFirstView(wait, reached))
        .then(() => inTasksOfTheirOwn(steps, stillPending))
        .then(() => stillPending() && connect());
    }

    /**
     * Configures the store in a set-up task of its own, so the connection's task only applies the theme,
     * hands the launcher over and mounts React: parsing the attributes and configuring every feature is
     * the larger half of connecting. Without going through the store's getter, which would connect now.
     */
    private configureAhead(): void {
      const made = this.assistantIfMade;
      if (!made) return;
      this.configure(made);
      this.configuredAhead = true;
    }

    /** Configures on connecting, unless the set-up did and no attribute changed since. */
    protected override configureOnConnect(): void {
      const current = this.configuredAhead && !this.attributesChanged;
      this.configuredAhead = false;
      if (!current) super.configureOnConnect();
    }

    protected override reachedFor(): void {
      super.reachedFor();
      this.hurrySetUp?.();
      this.hurrySetUp = null;
    }

    override disconnectedCallback(): void {
      this.removeCardShell?.();
      this.removeCardShell = null;
      if (!this.connectPending && this.assistantMadeYet) return super.disconnectedCallback();
      // Removed before its set-up's tasks: only the first view was drawn; a store made meanwhile is stopped.
      this.connectPending = null;
      this.configuredAhead = false;
      this.launcherShell?.remove();
      this.launcherShell = null;
      if (this.assistantMadeYet) queueMicrotask(() => this.isConnected || this.assistant.dispose());
    }
  };
}

/**
 * The element's public methods, each one action of the assistant. Their documentation is members.ts's
 * (`StoreAssistantMembers`, which the class implements): it is what the README, the types and the
 * manifest show, so it is not repeated here.
 */
function withPublicMethods(Base: ReturnType<typeof withFirstViewFirst>) {
  return class StoreAssistantElement extends Base implements StoreAssistantMembers {
    open(): void {
      this.assistant.actions.setOpen(true);
    }

    close(): void {
      this.assistant.actions.setOpen(false);
    }

    startChat(firstMessage?: string): void {
      this.assistant.actions.startChat(firstMessage);
    }

    sendMessage(text: string): boolean {
      this.assistant.actions.navigate('chat');
      return this.assistant.actions.sendMessage(String(text));
    }

    newChat(): void {
      this.assistant.actions.newChat();
    }

    clearConversations(): void {
      this.assistant.actions.clearConversations();
    }

    goHome(): void {
      this.assistant.actions.goHome();
    }

    startCall(): Promise<void> {
      this.assistant.actions.navigate('chat');
      return this.assistant.actions.startCall();
    }

    stopCall(): Promise<void> {
      return this.assistant.actions.stopCall();
    }

    setMuted(muted: boolean): void {
      this.assistant.actions.setMuted(Boolean(muted));
    }

    saveTheme(): boolean {
      return this.assistant.actions.saveTheme();
    }

    importTheme(json: unknown): boolean {
      return this.assistant.actions.importTheme(json);
    }

    withdrawVoiceConsent(): void {
      this.assistant.actions.withdrawVoiceConsent();
    }

    exportTheme(): string {
      return this.assistant.actions.exportTheme();
    }

    setContext(facts: unknown): boolean {
      return this.assistant.actions.setContext(facts);
    }

    identify(customer: unknown): boolean {
      return this.assistant.actions.identify(customer);
    }
  };
}

/**
 * Builds the `<store-assistant>` class, with a React renderer that asks for ReactDOM, the largest part of
 * the script, only when the first element mounts, and evaluates it in a task of its own. Only the first
 * view's modules are evaluated with the script; the rest of the widget (element-core.ts) when an element
 * first needs it, so the element is defined, and its launcher drawn, before either.
 */
export function createStoreAssistantElement() {
  let renderer: DeferredReactRenderer<ElementRootProps> | null = null;
  const lazyRenderer = () =>
    (renderer ??= elementCore().deferredReactRenderer<ElementRootProps>(() => import('react-dom/client')));
  return withPublicMethods(
    withFirstViewFirst(withFirstView(withLifecycle(withAssistant(withLazyStore()), lazyRenderer))),
  );
}

/**
 * `<store-assistant>`: the embeddable assistant. Attributes configure it (see attributes.ts), methods
 * drive it, and `store-assistant:*` events report what happened (see element-events.ts).
 */
export type StoreAssistantElement = InstanceType<ReturnType<typeof createStoreAssistantElement>>;
