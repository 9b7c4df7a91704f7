import type { Browser } from 'playwright-core';

/** Flags that keep headless Chromium off the network and out of the sandbox. */
export const CHROME_ARGS: string[];
/** The Chromium the tests run: CHROME_PATH when set, otherwise the one from the npm package, unpacked on first use. */
export function chromiumExecutablePath(): Promise<string>;
/** Launches Chromium with the project's flags plus `extraArgs`, or fails saying why. */
export function launchChromium(extraArgs?: string[]): Promise<Browser>;
