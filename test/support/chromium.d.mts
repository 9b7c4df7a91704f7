import type { Browser } from 'playwright-core';

export const CHROME_PATH: string;
export const CHROME_ARGS: string[];
/** Launches Chromium, or fails with the command that installs it. */
export function launchChromium(extraArgs?: string[]): Promise<Browser>;
