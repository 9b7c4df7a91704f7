/**
 * The small interface the engine flows are written against, so one set of flows runs in Chromium,
 * Firefox and WebKit. Each engine drives real input: clicks at a point of the viewport and key presses
 * go through the browser's own input path, not through synthetic DOM events.
 */

export const ENGINES = ['chromium', 'firefox', 'webkit'] as const;
export type EngineName = (typeof ENGINES)[number];

export interface ViewportSize {
  width: number;
  height: number;
}

/** The keys the flows press. */
export type Key = 'Enter' | 'Tab' | 'Escape';

/** A page in a window of its own. */
export interface EnginePage {
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  /**
   * Runs `fn` in the page with `args` (JSON values) and resolves with its JSON result. `fn` is sent as its
   * source, so it must use nothing from its surroundings.
   */
  evaluate<R, A extends unknown[]>(fn: (...args: A) => R | Promise<R>, ...args: A): Promise<Awaited<R>>;
  /** A press and release of the primary button at a point of the viewport (CSS pixels). */
  click(x: number, y: number): Promise<void>;
  /** Types `text` into whatever has focus, key by key. */
  type(text: string): Promise<void>;
  press(key: Key): Promise<void>;
  /** A PNG of the viewport. */
  screenshot(): Promise<Buffer>;
  close(): Promise<void>;
}

/** One browser of one engine. */
export interface EngineDriver {
  readonly engine: EngineName;
  /** Opens `url` in a new window whose viewport is `size`. */
  open(url: string, size: ViewportSize): Promise<EnginePage>;
  close(): Promise<void>;
}

/** The source of `fn` called with `args`, as an expression for a driver that takes script text. */
export function callSource(fn: (...args: never[]) => unknown, args: unknown[]): string {
  return `(${fn.toString()})(...${JSON.stringify(args)})`;
}

/** Launches `engine`'s browser. */
export async function launchEngine(engine: EngineName): Promise<EngineDriver> {
  if (engine === 'chromium') return (await import('./chromium')).launchChromiumDriver();
  if (engine === 'firefox') return (await import('./firefox')).launchFirefoxDriver();
  return (await import('./webkit')).launchWebKitDriver();
}

/** The engines named in `list` (comma or space separated), checked. */
export function enginesFrom(list: string | undefined, fallback: EngineName[]): EngineName[] {
  const names = (list ?? '').split(/[\s,]+/).filter(Boolean);
  for (const name of names)
    if (!(ENGINES as readonly string[]).includes(name))
      throw new Error(`unknown engine "${name}": ${ENGINES.join(', ')}`);
  return names.length > 0 ? (names as EngineName[]) : fallback;
}
