// Cold loads on the phone profile: every subject (the blank page, the published widgets, ours inline and
// floating, the floors) once per round, in turn, so a busy moment on the shared machine falls on all of
// them alike. Per load: the time from navigation to the first view painted, script time until then, and
// the long tasks (Long Tasks API) until the page has settled, and those among them after the first view.
import { SUBJECTS } from './mobile-pages.mjs';
import { blocking, longTasksBetween, medianOf, openPhone, scriptMs, SETTLE_MS } from './mobile-session.mjs';

/** One cold load of `subject`. */
async function loadOnce(browser, server, subject) {
  const { context, page, cdp } = await openPhone(browser, server);
  try {
    await page.goto(`${server.url}/mobile/${subject}`, { waitUntil: 'domcontentloaded' });
    const painted = await page.evaluate(() => window.__bench.painted());
    const script = await scriptMs(cdp);
    const then = SUBJECTS[subject].then;
    const next = then ? await page.evaluate(`window.__bench.drawn(() => ${then})`) : undefined;
    await page.waitForTimeout(SETTLE_MS);
    const tasks = await longTasksBetween(page, 0, Math.max(painted, next ?? 0) + SETTLE_MS);
    const { tbt, longest } = blocking(tasks);
    // What the widget does once its launcher is on the screen (an invitation, a rejoined call).
    const after = blocking(tasks.filter((task) => task.start >= painted));
    const longAfter = tasks.filter((task) => task.start >= painted).length;
    return {
      painted,
      script,
      tbt,
      longest,
      longAfter,
      longestAfter: after.longest,
      ...(next === undefined ? {} : { next }),
    };
  } finally {
    await context.close();
  }
}

/**
 * `runs` rounds of cold loads of `subjects`; returns, per subject, the medians (painted, script, tbt,
 * longest), the worst longest task and the samples.
 */
export async function measureLoads(
  browser,
  server,
  runs,
  subjects = Object.keys(SUBJECTS).filter((name) => !SUBJECTS[name].lighthouseOnly && !SUBJECTS[name].firstViewOnly),
) {
  const samples = Object.fromEntries(subjects.map((subject) => [subject, []]));
  for (let run = 0; run < runs; run++) {
    // Each round in another order, so no subject always follows the same one.
    const order = subjects.map((_, index) => subjects[(index + run) % subjects.length]);
    for (const subject of order) samples[subject].push(await loadOnce(browser, server, subject));
  }
  return Object.fromEntries(
    subjects.map((subject) => {
      const list = samples[subject];
      const summary = {
        painted: medianOf(list, 'painted'),
        script: medianOf(list, 'script'),
        tbt: medianOf(list, 'tbt'),
        longest: medianOf(list, 'longest'),
        worstLongest: Math.max(...list.map((sample) => sample.longest)),
        longAfter: medianOf(list, 'longAfter'),
        longestAfter: medianOf(list, 'longestAfter'),
        ...(SUBJECTS[subject].then ? { next: medianOf(list, 'next') } : {}),
      };
      return [subject, { ...summary, samples: list }];
    }),
  );
}
