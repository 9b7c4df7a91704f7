import type { ComponentType } from 'react';
import { createElement, startTransition } from 'react';
import type { Root } from 'react-dom/client';
import { afterNextPaint, nextTask, whenIdle } from '../common/next-task';

/** ReactDOM's client entry, as far as the renderer uses it. */
export type ReactDomClient = { createRoot(container: Element | DocumentFragment): Root };

/** What the renderer keeps per mounted element: the root, once ReactDOM is there. */
export interface DeferredMount {
  root: Root | null;
  unmounted: boolean;
}

/**
 * Mounts a React tree into an element's shadow root and unmounts it, and has ReactDOM evaluated without
 * waiting for the page to be idle.
 */
export interface DeferredReactRenderer<Props> {
  /** Renders `Component` with `props` into `container` once ReactDOM is there. */
  mount(container: ShadowRoot, Component: ComponentType<Props>, props: Props): DeferredMount;
  /** Unmounts the tree, or cancels it before it renders. */
  unmount(mounted: DeferredMount): void;
  /** Something needs React now: ReactDOM is evaluated in the next task, not when the page is next idle. */
  hurry(): void;
}

/** Without a reason to hurry, ReactDOM waits for the page to be idle at most this long after its first paint. */
export const IDLE_WAIT_MS = 1_000;

/**
 * The element's React renderer (mount with `createRoot(...).render`, unmount with `unmount`), except that
 * ReactDOM is asked for only when an element is first mounted, and evaluated in a task of its own:
 * ReactDOM (the largest part of the script) never shares a task with the store's page or with defining
 * the element, and React renders the first view as a transition, in short slices. An element removed
 * before React is there is never rendered. Props never change after mounting: the element passes its
 * assistant, which it keeps for its whole life.
 *
 * When nothing is waiting for React (a floating widget shows its plain-DOM launcher), ReactDOM waits
 * until the page has painted and is idle, so the store's own loading goes first; {@link
 * DeferredReactRenderer.hurry} (an inline card, a card opening, a visitor reaching for the launcher)
 * starts it in the next task instead.
 *
 * `loadReactDom` is `() => import('react-dom/client')`: in the one-file build, `import()` only decides
 * when ReactDOM's module is evaluated.
 */
export function deferredReactRenderer<Props extends object>(
  loadReactDom: () => Promise<ReactDomClient>,
): DeferredReactRenderer<Props> {
  let reactDom: Promise<ReactDomClient> | null = null;
  let hurried = false;
  let stopWaiting: (() => void) | null = null;

  const load = async (): Promise<ReactDomClient> => {
    if (!hurried) {
      await new Promise<void>((resolve) => {
        stopWaiting = resolve;
        void afterNextPaint()
          .then(() => whenIdle(IDLE_WAIT_MS))
          .then(resolve);
      });
    }
    // Never in the task of whatever asked (a tap on the launcher must not wait for ReactDOM's evaluation).
    // React's first render then starts in the same task: with its module compiled ahead (see
    // build/eager-compile.mjs), evaluating ReactDOM takes a few milliseconds.
    await nextTask();
    return loadReactDom();
  };

  return {
    mount(container, Component, props) {
      const mounted: DeferredMount = { root: null, unmounted: false };
      void (reactDom ??= load()).then(({ createRoot }) => {
        if (mounted.unmounted) return;
        const root = (mounted.root = createRoot(container));
        // As a transition, which React renders in short slices: the store's page keeps responding while
        // the first view is built.
        startTransition(() => root.render(createElement(Component, props)));
      });
      return mounted;
    },
    unmount(mounted) {
      mounted.unmounted = true;
      mounted.root?.unmount();
    },
    hurry() {
      hurried = true;
      stopWaiting?.();
    },
  };
}
