import { vi } from 'vitest';
import type { AssistantDeps, AssistantEvents } from '../../src/app/deps';
import { memoryStorage } from '../../src/app/storage';

/** An event the fake `emit` recorded. */
export interface EmittedEvent {
  name: keyof AssistantEvents;
  detail: unknown;
}

/** Assistant deps with in-memory storage, a controllable clock and recorded events and warnings. */
export function fakeDeps(overrides: Partial<AssistantDeps> = {}) {
  const events: EmittedEvent[] = [];
  const warnings: string[] = [];
  let time = Date.UTC(2026, 10, 20, 12, 0, 0);
  let ids = 0;
  const deps: AssistantDeps = {
    fetch: vi.fn(async () => new Response('fake reply')),
    localStorage: memoryStorage(),
    sessionStorage: memoryStorage(),
    now: () => time,
    randomId: () => `session-${++ids}`,
    emit: (name, detail) => void events.push({ name, detail }),
    warn: (message) => void warnings.push(message),
    pageOrigin: 'https://shop.example',
    ...overrides,
  };
  return {
    deps,
    events,
    warnings,
    /** Moves the fake clock forward. */
    advance: (ms: number) => void (time += ms),
  };
}
