import { afterEach } from 'vitest';

// Each test starts from an empty page and empty storage; widgets left on the page are removed (which
// also stops whatever they had running).
afterEach(() => {
  document.body.replaceChildren();
  document.head.replaceChildren();
  localStorage.clear();
  sessionStorage.clear();
});
