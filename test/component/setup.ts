import { afterEach, vi } from 'vitest';

// Each test starts from an empty page, empty storage and real globals. Widgets left on the page are
// removed first: that stops what they had running and writes their pending saves, which the storage
// clean-up then removes.
afterEach(async () => {
  document.body.replaceChildren();
  document.head.replaceChildren();
  // A task, not a microtask: a reply cut off by the removal settles (and is saved) through a few promise hops.
  await new Promise((resolve) => setTimeout(resolve, 0));
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
});
