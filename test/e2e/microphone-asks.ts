import type { Page } from 'playwright-core';

/** An init script that counts the page's microphone requests (getUserMedia) from before any script of the page runs. */
export const COUNT_MICROPHONE = () => {
  const devices = navigator.mediaDevices;
  const ask = devices.getUserMedia.bind(devices);
  (window as unknown as { microphoneAsks: number }).microphoneAsks = 0;
  devices.getUserMedia = (constraints) => {
    (window as unknown as { microphoneAsks: number }).microphoneAsks += 1;
    return ask(constraints);
  };
};

/** How many times the page asked for the microphone since it loaded (with {@link COUNT_MICROPHONE}). */
export const microphoneAsks = (page: Page) =>
  page.evaluate(() => (window as unknown as { microphoneAsks: number }).microphoneAsks);
