import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_LENGTH } from '../../src/chat/chat-slice';
import { eventually, mountWidget, typeInto } from './helpers';

/** A number as English writes it in a text ("4,000"). */
const english = (value: number) => value.toLocaleString('en');

/** The composer near and over the message cap: a count from 90 %, sending off past the cap, the text kept. */
async function composer() {
  const mounted = await mountWidget();
  mounted.el.startChat();
  const box = (await mounted.findByRole('textbox', { name: 'Message' })) as HTMLTextAreaElement;
  const send = () => mounted.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
  const count = () => mounted.root.querySelector('[part~="character-count"]');
  return { ...mounted, box, send, count };
}

describe('the message length cap in the composer', () => {
  it('shows no count well under the cap, a count from 90 % of it, and turns sending off past it', async () => {
    const { box, send, count, requests } = await composer();
    typeInto(box, 'a'.repeat(100));
    await eventually(() => expect(send().disabled).toBe(false));
    expect(count()).toBeNull();

    typeInto(box, 'a'.repeat(MAX_MESSAGE_LENGTH * 0.9));
    await eventually(() =>
      expect(count()?.textContent).toBe(
        `${english(MAX_MESSAGE_LENGTH * 0.9)} of ${english(MAX_MESSAGE_LENGTH)} characters`,
      ),
    );
    expect(send().disabled).toBe(false);

    const long = `${'a'.repeat(MAX_MESSAGE_LENGTH)}b`;
    typeInto(box, long);
    await eventually(() => expect(send().disabled).toBe(true));
    expect(count()?.textContent).toContain(
      `${english(MAX_MESSAGE_LENGTH + 1)} of ${english(MAX_MESSAGE_LENGTH)} characters`,
    );
    expect(count()?.querySelector('[role="alert"]')?.textContent).toContain(
      `up to ${english(MAX_MESSAGE_LENGTH)} characters`,
    );
    expect(box.getAttribute('aria-invalid')).toBe('true');
    box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    send().click();
    expect(requests).toHaveLength(0);
    expect(box.value).toBe(long);

    typeInto(box, 'a'.repeat(MAX_MESSAGE_LENGTH));
    await eventually(() => expect(send().disabled).toBe(false));
    send().click();
    await eventually(() => expect(requests).toHaveLength(1));
    expect((requests[0]?.body as { message: string }).message).toHaveLength(MAX_MESSAGE_LENGTH);
  });
});
