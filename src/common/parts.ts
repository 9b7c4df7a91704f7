import { widgetPolicy } from './trusted-types';
import { VERSION } from './version';

/**
 * Parts of the widget that most visitors never need ship as files beside its script and load only when
 * a visitor needs them: `store-assistant.<name>.js` in the script's own folder (the voice call's SDK as
 * `voice`, each language other than English as `lang-<code>`). Same origin as the script, so a page's
 * Content-Security-Policy that allows the script allows its parts; loaded as scripts, so no
 * `connect-src` entry is needed either.
 *
 * A part registers what it brings under its name in one page-wide registry; a bundler user who imports
 * a part (`import 'store-assistant/voice'`) registers it the same way, and then nothing is fetched.
 */

/** What each loaded part registered, by name and the widget's version: a part of another release is never used. */
type Registry = Map<string, unknown>;

/** The page-wide registry: a second copy of the script (or a part loaded before the script) shares it. */
const REGISTRY_KEY = Symbol.for('store-assistant.parts');

function registry(): Registry {
  const holder = globalThis as unknown as Record<symbol, Registry | undefined>;
  const existing = holder[REGISTRY_KEY];
  if (existing instanceof Map) return existing;
  const created: Registry = new Map();
  Object.defineProperty(holder, REGISTRY_KEY, { value: created, configurable: true });
  return created;
}

const registryKey = (name: string) => `${name}@${VERSION}`;

/**
 * The script element the widget runs from, read while the bundle first runs (`document.currentScript`
 * is only set then). A script loaded as a module, or injected without a `src`, has none: a `src` ending
 * in `/store-assistant.js` is looked for instead.
 */
function findBundleScript(): { url: string; nonce: string } | null {
  if (typeof document === 'undefined') return null;
  const current = document.currentScript;
  const script =
    current instanceof HTMLScriptElement && current.src
      ? current
      : [...document.querySelectorAll('script[src]')].find(
          (element): element is HTMLScriptElement =>
            element instanceof HTMLScriptElement && /\/store-assistant\.js(?:[?#].*)?$/.test(element.src),
        );
  return script ? { url: script.src, nonce: script.nonce ?? '' } : null;
}

const bundleScript = findBundleScript();

/**
 * The address of part `name` beside the script, with the version so a cached part of another release is
 * not reused. Only a script whose file is `store-assistant.js` has parts beside it: from any other
 * address (a CDN's short form such as `…/npm/store-assistant@1`), the same relative name would point at
 * another package, so nothing is loaded and null is returned.
 */
export function partUrl(name: string, scriptUrl: string | undefined = bundleScript?.url): string | null {
  if (!scriptUrl || !/^[a-z0-9-]+$/.test(name)) return null;
  try {
    const script = new URL(scriptUrl);
    if (!/\/store-assistant\.js$/.test(script.pathname)) return null;
    const url = new URL(`store-assistant.${name}.js`, script);
    url.searchParams.set('v', VERSION);
    return url.href;
  } catch {
    return null;
  }
}

/** A part's address as a value `script.src` accepts under `require-trusted-types-for 'script'`. */
function trustedScriptUrl(url: string): string {
  const policy = widgetPolicy();
  return policy ? (policy.createScriptURL(url) as string) : url;
}

/** Loads in flight or done, by name: each part is requested at most once per page while it loads or after it has. */
const loads = new Map<string, Promise<unknown>>();

function loadScript(name: string, url: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.async = true;
    // A page whose CSP allows scripts by nonce allowed the widget's script by its nonce.
    if (bundleScript?.nonce) script.nonce = bundleScript.nonce;
    const settle = () => {
      script.remove();
      const key = registryKey(name);
      if (registry().has(key)) resolve(registry().get(key));
      else reject(new Error(`[store-assistant] ${url} did not register the part "${name}"`));
    };
    script.addEventListener('load', settle, { once: true });
    script.addEventListener(
      'error',
      () => {
        script.remove();
        reject(new Error(`[store-assistant] could not load ${url}`));
      },
      { once: true },
    );
    script.src = trustedScriptUrl(url);
    (document.head ?? document.documentElement).append(script);
  });
}

/**
 * Part `name`, as the part registered it: at once when it is already on the page, else loaded from
 * beside the script. Rejects when there is no script address to load it from or the file cannot be
 * loaded; a failed load is forgotten, so a later call (after the connection returns) tries again.
 */
export function loadPart<T>(name: string): Promise<T> {
  const key = registryKey(name);
  if (registry().has(key)) return Promise.resolve(registry().get(key) as T);
  let load = loads.get(name);
  if (!load) {
    const url = partUrl(name);
    load = url
      ? loadScript(name, url)
      : Promise.reject(
          new Error(
            `[store-assistant] store-assistant.${name}.js cannot be loaded: the script must be loaded as a file ` +
              `named store-assistant.js, with its parts beside it (or import 'store-assistant/${name}')`,
          ),
        );
    loads.set(name, load);
    load.catch(() => loads.delete(name));
  }
  return load as Promise<T>;
}

/** Called by a part's file when it runs: registers what it brings under its name. */
export function registerPart(name: string, value: unknown): void {
  registry().set(registryKey(name), value);
}

/** What part `name` registered, when it is on the page already: usable at once, without waiting a task. */
export function loadedPart<T>(name: string): T | undefined {
  return registry().get(registryKey(name)) as T | undefined;
}
