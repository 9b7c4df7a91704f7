import type { Server } from 'node:http';

/** A running demo server. */
export interface DemoServer {
  /** e.g. "http://127.0.0.1:5173" (no trailing slash). */
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** Starts the demo server; port 0 picks a free port. */
export function startDemoServer(options?: { port?: number; host?: string }): Promise<DemoServer>;

/** The strict Content-Security-Policy the /csp page is served with. */
export const STRICT_CSP: string;
