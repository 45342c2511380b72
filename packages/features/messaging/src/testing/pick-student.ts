import { pageBody } from '@fahrwerk/ui/testing';
import { userEvent, waitFor, within } from 'storybook/test';

/**
 * Types `search` into the student search of the send dialog and picks `name`, until the
 * student shows in the list of chosen ones (20 s at most): on a busy machine the options can
 * re-render between finding one and clicking it, as the debounced search answers.
 */
export async function pickStudent(dialog: HTMLElement, search: string, name: string) {
  const inDialog = within(dialog);
  await userEvent.type(inDialog.getByRole('combobox', { name: /Fahrschüler suchen/ }), search);
  await waitFor(
    async () => {
      const chosen = inDialog.queryByRole('list', { name: 'Ausgewählte Fahrschüler' });
      if (chosen && within(chosen).queryByText(name)) return;
      const option = pageBody().queryByRole('option', { name });
      if (option) await userEvent.click(option);
      throw new Error(`${name} is not chosen yet.`);
    },
    { timeout: 20_000, interval: 500 },
  );
}
