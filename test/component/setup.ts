import { afterEach, vi } from 'vitest';

// Each test starts from an empty page, empty storage and real globals. Widgets left on the page are
// removed first: that stops what they had running and writes their pending saves, which the storage
// clean-up then removes.
afterEach(async () => {
  document.body.replaceChildren();
  document.head.replaceChildren();
  await Promise.resolve();
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
});
