import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { builtWidgetFile } from '../fixture-server';

/** A store's pages on their own loopback origin, each with the built widget pointed at a webhook. */
export interface StorePage {
  /** e.g. "http://127.0.0.1:40123" (no trailing slash): the origin the webhook must allow. */
  origin: string;
  close(): Promise<void>;
}

/** A page's widget: its webhook URL, and other attributes (`protocol`, say) if any. */
export type PageWidget = string | { webhookUrl: string; attributes?: Record<string, string> };

function pageHtml(widget: PageWidget): string {
  const { webhookUrl, attributes = {} } = typeof widget === 'string' ? { webhookUrl: widget } : widget;
  const more = Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${value}"`)
    .join('');
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Store with the assistant</title><script src="/store-assistant.js"></script></head>
  <body><store-assistant webhook-url="${webhookUrl}"${more} brand-name="n8n test store" lang="en" typing-speed="0"></store-assistant></body>
</html>`;
}

/**
 * Serves one page per entry of `pages` (path → webhook URL, each a page with
 * `<store-assistant webhook-url="…">`) and `/store-assistant.js` (the built bundle, with its parts beside it) on a free loopback
 * port. The webhooks live on another origin, so every chat message is a cross-origin request that
 * n8n's CORS settings must allow.
 */
export async function startStorePage(pages: Record<string, PageWidget>): Promise<StorePage> {
  const server = createServer((request, response) => {
    const widgetFile = builtWidgetFile(request.url ?? '');
    if (widgetFile) {
      readFile(widgetFile).then(
        (code) => response.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' }).end(code),
        () => response.writeHead(404).end(),
      );
    } else if (request.url && Object.hasOwn(pages, request.url)) {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(pageHtml(pages[request.url] ?? ''));
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
