import { afterEach, describe, expect, it, vi } from 'vitest';
import { VERSION } from '../../../src/common/version';

/** The loader, evaluated afresh on a page whose widget script is at `scriptSrc` (none when undefined). */
async function loaderOn(scriptSrc: string | undefined) {
  document.head.replaceChildren();
  if (scriptSrc) {
    const script = document.createElement('script');
    script.setAttribute('src', scriptSrc);
    script.type = 'text/plain'; // listed, never run
    document.head.append(script);
  }
  vi.resetModules();
  return import('../../../src/common/parts');
}

/** Runs `whenAdded` with each script the loader adds to the page, instead of the browser loading it. */
function interceptScripts(whenAdded: (script: HTMLScriptElement) => void): HTMLScriptElement[] {
  const added: HTMLScriptElement[] = [];
  const append = HTMLElement.prototype.append;
  vi.spyOn(HTMLElement.prototype, 'append').mockImplementation(function (this: HTMLElement, ...nodes) {
    const scripts = nodes.filter((node): node is HTMLScriptElement => node instanceof HTMLScriptElement);
    if (scripts.length === 0) return append.apply(this, nodes);
    for (const script of scripts) {
      added.push(script);
      queueMicrotask(() => whenAdded(script));
    }
  });
  return added;
}

afterEach(() => {
  vi.restoreAllMocks();
  delete (globalThis as Record<symbol, unknown>)[Symbol.for('store-assistant.parts')];
});

describe('partUrl', () => {
  it('names the part beside the script, with the version', async () => {
    const { partUrl } = await loaderOn(undefined);
    expect(partUrl('voice', 'https://cdn.example/assets/store-assistant.js?cache=2')).toBe(
      `https://cdn.example/assets/store-assistant.voice.js?v=${encodeURIComponent(VERSION)}`,
    );
    expect(partUrl('lang-de', 'https://shop.example/store-assistant.js')).toBe(
      `https://shop.example/store-assistant.lang-de.js?v=${encodeURIComponent(VERSION)}`,
    );
  });

  it('gives no address from a script not named store-assistant.js, where a relative name would reach another package', async () => {
    const { partUrl } = await loaderOn(undefined);
    expect(partUrl('voice', 'https://cdn.jsdelivr.net/npm/store-assistant@1')).toBeNull();
    expect(partUrl('voice', 'https://shop.example/bundle.js')).toBeNull();
    expect(partUrl('../evil', 'https://shop.example/store-assistant.js')).toBeNull();
    expect(partUrl('voice', undefined)).toBeNull();
  });
});

describe('loadPart', () => {
  it('takes a part already registered on the page without loading anything', async () => {
    const { loadPart, registerPart, loadedPart } = await loaderOn('https://cdn.example/store-assistant.js');
    const added = interceptScripts(() => undefined);
    registerPart('lang-de', { back: 'Zurück' });
    expect(loadedPart('lang-de')).toEqual({ back: 'Zurück' });
    await expect(loadPart('lang-de')).resolves.toEqual({ back: 'Zurück' });
    expect(added).toHaveLength(0);
  });

  it('loads the file beside the script once, however often it is asked for, and resolves with what it registered', async () => {
    const { loadPart, registerPart } = await loaderOn('https://cdn.example/store-assistant.js');
    const added = interceptScripts((script) => {
      registerPart('voice', { ready: true });
      script.dispatchEvent(new Event('load'));
    });
    const [first, second] = await Promise.all([loadPart('voice'), loadPart('voice')]);
    expect(first).toEqual({ ready: true });
    expect(second).toBe(first);
    expect(await loadPart('voice')).toBe(first);
    expect(added.map((script) => script.src)).toEqual([
      `https://cdn.example/store-assistant.voice.js?v=${encodeURIComponent(VERSION)}`,
    ]);
    expect(added[0]?.async).toBe(true);
    expect(added[0]?.isConnected).toBe(false);
  });

  it('rejects a file that loads but registers nothing, and one that fails; a later call tries again', async () => {
    const { loadPart, registerPart } = await loaderOn('https://cdn.example/store-assistant.js');
    let attempt = 0;
    const added = interceptScripts((script) => {
      attempt += 1;
      if (attempt === 1) script.dispatchEvent(new Event('error'));
      else if (attempt === 2) script.dispatchEvent(new Event('load'));
      else {
        registerPart('lang-fr', { back: 'Retour' });
        script.dispatchEvent(new Event('load'));
      }
    });
    await expect(loadPart('lang-fr')).rejects.toThrow('could not load https://cdn.example/store-assistant.lang-fr.js');
    await expect(loadPart('lang-fr')).rejects.toThrow('did not register the part "lang-fr"');
    await expect(loadPart('lang-fr')).resolves.toEqual({ back: 'Retour' });
    expect(added).toHaveLength(3);
  });

  it('never uses a part another release registered', async () => {
    const { loadPart } = await loaderOn(undefined);
    const registry = new Map([['voice@0.0.0-other', { stale: true }]]);
    Object.defineProperty(globalThis, Symbol.for('store-assistant.parts'), { value: registry, configurable: true });
    await expect(loadPart('voice')).rejects.toThrow("import 'store-assistant/voice'");
  });

  it('says how to fix a script that has no address to load parts from', async () => {
    const { loadPart } = await loaderOn(undefined);
    await expect(loadPart('voice')).rejects.toThrow(/must be loaded as a file named store-assistant\.js/);
  });
});
