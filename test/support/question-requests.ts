/**
 * Runs in the page before its own scripts (its source is sent to the browser, so it uses nothing from
 * around it): records in `window.__asked`, each time the widget asks the webhook for an invitation's
 * questions, whether the page had loaded and whether the browser had drawn a frame by then (its own
 * frames, counted from the start).
 */
export function recordQuestionRequests(): void {
  let framesRendered = 0;
  const countFrame = () => {
    framesRendered++;
    requestAnimationFrame(countFrame);
  };
  requestAnimationFrame(countFrame);
  const asked: { readyState: DocumentReadyState; framesRendered: boolean }[] = [];
  (window as unknown as { __asked: typeof asked }).__asked = asked;
  const original = window.fetch.bind(window);
  window.fetch = (input, init) => {
    if (typeof init?.body === 'string' && init.body.includes('"suggest"'))
      asked.push({ readyState: document.readyState, framesRendered: framesRendered > 0 });
    return original(input, init);
  };
}
