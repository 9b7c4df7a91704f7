import type { Page } from 'playwright-core';

/**
 * With STORE_ASSISTANT_DESK_PICTURES set to a folder (docs/screenshots), saves the docs' pictures of both
 * sides of a takeover: `desk-<desk>-widget.png`, the visitor's widget, and `desk-<desk>-team.png`, the
 * team's side as `teamPage` draws it from what the desk's loopback stand-in holds (a stand-in picture,
 * drawn as the desk would show it, not a screenshot of the real app).
 */
export async function saveDeskPictures(visitor: Page, desk: string, teamPage: string, teamWidth = 560) {
  const folder = process.env.STORE_ASSISTANT_DESK_PICTURES;
  if (!folder) return;
  await visitor.setViewportSize({ width: 420, height: 760 });
  await visitor.screenshot({ path: `${folder}/desk-${desk}-widget.png` });
  const team = await visitor.context().newPage();
  await team.setViewportSize({ width: teamWidth, height: 760 });
  await team.setContent(teamPage);
  await team.screenshot({ path: `${folder}/desk-${desk}-team.png`, fullPage: true });
  await team.close();
}

/**
 * Serves the desk's picture host (`hostPattern`, e.g. `https://avatars.slack-edge.com/**`) from the test,
 * as a drawn face with `initial`: the browser reaches only loopback, and the widget shows an agent's
 * picture only when it loads.
 */
export async function serveAgentPictures(page: Page, hostPattern: string, initial: string, color: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="72" height="72"><rect width="72" height="72" rx="36" fill="${color}"/><text x="36" y="47" font-family="sans-serif" font-size="32" font-weight="700" fill="#fff" text-anchor="middle">${initial}</text></svg>`;
  await page.route(hostPattern, (route) => route.fulfill({ status: 200, contentType: 'image/svg+xml', body: svg }));
}
