import { pageBody } from '@fahrwerk/ui/testing';
import { expect, userEvent, waitFor } from 'storybook/test';

/**
 * Opens the select or combo box whose button `findTrigger` returns and picks `option`; clicks
 * the button again while no list box is open (a re-render on a busy machine can swallow the
 * first click).
 */
export async function chooseOption(
  findTrigger: () => HTMLElement | Promise<HTMLElement>,
  option: string | RegExp,
): Promise<void> {
  let found: HTMLElement | undefined;
  await waitFor(
    async () => {
      if (pageBody().queryAllByRole('listbox').length === 0) {
        await userEvent.click(await findTrigger());
      }
      found = pageBody().getByRole('option', { name: option });
      await expect(found).toBeVisible();
    },
    { timeout: 20_000, interval: 500 },
  );
  if (!found) throw new Error(`The option ${String(option)} did not show.`);
  await userEvent.click(found);
}
