import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** One rule axe found broken, and where. */
export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  /** Each element's selector path, as JSON (a path into a shadow root is a list). */
  targets: string[];
}

/**
 * Runs axe on the whole page, the widgets' open shadow roots included, once every finite animation in
 * them has ended: colours are measured as painted (a card's opening fade, a teaser's pop-in).
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH });
  return page.evaluate(async () => {
    const roots = [...document.querySelectorAll('store-assistant')].flatMap((element) =>
      element.shadowRoot ? [element.shadowRoot] : [],
    );
    const finite = roots
      .flatMap((root) => root.getAnimations())
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    const axe = (
      window as unknown as {
        axe: {
          run(
            context: Document,
            options: object,
          ): Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: unknown[] }[] }[] }>;
        };
      }
    ).axe;
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => JSON.stringify(node.target)),
    }));
  });
}

/** {@link axeViolations}, each as one line: "rule: where, where". */
export async function axeViolationLines(page: Page): Promise<string[]> {
  return (await axeViolations(page)).map((violation) => `${violation.id}: ${violation.targets.join(', ')}`);
}
