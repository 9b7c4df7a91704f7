import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enginesFrom, launchEngine, type EngineDriver } from './driver';
import { startEngineServer } from './engine-server';

// The benchmark's per-engine figure (npm run bench): the median time from navigation to the frame that
// paints the floating widget's launcher, over cold loads (each in a new window). Runs only when the
// benchmark asks for it, through ENGINE_PAINT_RESULTS (the JSON file it writes to).

const results = process.env.ENGINE_PAINT_RESULTS;
const runs = Number(process.env.ENGINE_PAINT_RUNS ?? 5);
const PHONE = { width: 390, height: 844 };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

describe.skipIf(!results)('cold launcher paint', () => {
  const figures: Record<string, { median: number; samples: number[] }> = {};
  let server: Awaited<ReturnType<typeof startEngineServer>>;
  beforeAll(async () => {
    server = await startEngineServer();
  });
  afterAll(async () => {
    await server?.close();
    if (results) await writeFile(results, JSON.stringify(figures, null, 2));
  });

  for (const engine of enginesFrom(process.env.ENGINES, ['chromium', 'firefox', 'webkit'])) {
    it(`in ${engine}`, async () => {
      const driver: EngineDriver = await launchEngine(engine);
      try {
        // The first load warms the browser itself (its processes, the disk cache of its own files).
        await (await driver.open(`${server.url}/__engines/launcher-paint`, PHONE)).close();
        const samples: number[] = [];
        for (let run = 0; run < runs; run++) {
          const page = await driver.open(`${server.url}/__engines/launcher-paint`, PHONE);
          samples.push(
            Math.round(
              await page.evaluate(
                () => (window as unknown as { __launcherPainted: Promise<number> }).__launcherPainted,
              ),
            ),
          );
          await page.close();
        }
        expect(samples.every((sample) => sample > 0)).toBe(true);
        figures[engine] = { median: median(samples), samples };
      } finally {
        await driver.close();
      }
    });
  }
});
