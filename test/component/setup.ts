import { configure } from '@testing-library/dom';
import { afterEach, vi } from 'vitest';
import { registerPart } from '../../src/common/parts';
// The markdown part is on the page too, as for a bundler user who imports it.
import '../../src/chat/markdown/markdown-part';
import { FILE_LANGUAGES, languageTable } from '../support/languages';
import { PATIENCE_MS } from '../support/patience';

// Testing Library's find* queries wait 1 s by default, which a render on a loaded machine can outlast:
// they wait as patiently as every other wait here, ending as soon as what they look for is there.
configure({ asyncUtilTimeout: PATIENCE_MS });

// The page has every built-in language on it, as a bundler user who imports the language files has: a
// widget in any language renders without a file to fetch (there is no script address here to fetch from).
for (const code of FILE_LANGUAGES) registerPart(`lang-${code}`, await languageTable(code));

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
