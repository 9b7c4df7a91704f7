// Launching the system Chromium, shared by the browser tests and the benchmarks.
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

/** The system Chromium; CHROME_PATH overrides. */
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Flags that keep headless Chromium off the network it cannot reach here and out of the sandbox it cannot use as root. */
export const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Launches Chromium, or fails with the command that installs it: browser tests never skip silently. */
export async function launchChromium(extraArgs = []) {
  if (!existsSync(CHROME_PATH)) {
    throw new Error(
      `Chromium was not found at ${CHROME_PATH}. Install it with "apt-get update && apt-get install -y chromium", ` +
        'or point CHROME_PATH at a Chromium or Chrome binary.',
    );
  }
  return chromium.launch({ executablePath: CHROME_PATH, args: [...CHROME_ARGS, ...extraArgs] });
}
