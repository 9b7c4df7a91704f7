import { describe, expect, it, vi } from 'vitest';
import { eventually, mountWidget } from './helpers';

// The welcome view throws while rendering, as a bug in any component would.
vi.mock('../../src/ui/home-view', () => ({
  HomeView: () => {
    throw new Error('render bug');
  },
}));

describe('error boundary', () => {
  it('shows "Unexpected Application Error!" inside the widget and keeps the page working', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const pageErrors = vi.fn();
    window.addEventListener('error', pageErrors);
    const before = document.createElement('p');
    before.textContent = 'store content';
    document.body.append(before);

    const { root, el, getByRole, findByRole } = await mountWidget({}, { ready: false });
    await findByRole('alert');
    expect(getByRole('alert').textContent).toContain('Unexpected Application Error!');
    expect(pageErrors).not.toHaveBeenCalled();
    expect(document.body.contains(before)).toBe(true);
    expect(consoleError).toHaveBeenCalledWith('[store-assistant] render error', expect.any(Error));

    // The rest of the widget still responds: navigating away from the broken view works after a reload.
    el.startChat();
    getByRole('button', { name: 'Reload assistant' }).click();
    await eventually(() => expect(root.querySelector('textarea')).not.toBeNull());
    window.removeEventListener('error', pageErrors);
    consoleError.mockRestore();
  });
});
