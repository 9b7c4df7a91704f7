import { describe, expect, it } from 'vitest';
import { pl } from '../../src/i18n/languages/pl';
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

  it("a default chip sends its label in the visitor's language and its id as quickAction", async () => {
    const { el, root, requests, findByRole } = await mountWidget({ lang: 'pl' });
    el.startChat();
    await findByRole('group', { name: pl.quickActions });
    const label = pl.defaultQuickActions.split('|')[1]!;
    const chip = [...root.querySelectorAll<HTMLButtonElement>('.chip')].find((each) => each.textContent === label);
    chip?.click();
    await eventually(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.body).toMatchObject({ message: label, quickAction: 'track-order' });
  });

  it("a store's own chip sends its text only", async () => {
    const { el, root, requests, findByRole } = await mountWidget({ 'quick-actions': 'Gift wrapping|Track my order' });
    el.startChat();
    await findByRole('group', { name: 'Suggestions' });
    root.querySelector<HTMLButtonElement>('.chip')?.click();
    await eventually(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.body).toEqual(expect.not.objectContaining({ quickAction: expect.anything() }));
    expect(requests[0]?.body).toMatchObject({ message: 'Gift wrapping' });
  });
});
