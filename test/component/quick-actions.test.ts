import { describe, expect, it } from 'vitest';
import { eventually, mountWidget } from './helpers';

/** Quick-action chips follow the attribute live, duplicate labels included. */
describe('quick-action chips', () => {
  it('duplicate labels leave no stale chips after a live change', async () => {
    const { el, root, findByRole } = await mountWidget({ 'quick-actions': 'Same|Same|Other|Same' });
    el.startChat();
    await findByRole('group', { name: 'Suggestions' });
    const chips = () => [...root.querySelectorAll('.chip')].map((chip) => chip.textContent);
    expect(chips()).toEqual(['Same', 'Same', 'Other', 'Same']);
    el.setAttribute('quick-actions', 'New|Other');
    await eventually(() => expect(chips()).toEqual(['New', 'Other']));
    el.setAttribute('quick-actions', 'Same|Same');
    await eventually(() => expect(chips()).toEqual(['Same', 'Same']));
  });
});
