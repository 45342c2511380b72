import { FormDialog, FormTextField } from '@fahrwerk/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { z } from 'zod';

const schema = z.object({ name: z.string().trim().min(1, 'validation.required') });

/** A create dialog of the form kit (`FormDialog` of @fahrwerk/core), opened by a button. */
function NameDialog({
  submit,
  onSaved,
}: {
  submit: (v: { name: string }) => Promise<unknown>;
  onSaved: () => void;
}) {
  const { t } = useTranslation('core');
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Öffnen
      </button>
      <FormDialog
        isOpen={isOpen}
        onOpenChange={setOpen}
        title="Name anlegen"
        schema={schema}
        defaultValues={{ name: '' }}
        submit={submit}
        onSaved={onSaved}
        t={t}
      >
        {({ control }) => <FormTextField control={control} name="name" label="Name" isRequired />}
      </FormDialog>
    </>
  );
}

const meta = {
  title: 'Core/FormDialog',
  component: NameDialog,
  args: { submit: fn(async () => undefined), onSaved: fn() },
} satisfies Meta<typeof NameDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Empty input stays in the dialog with the field's error; a name saves, closes, reports. */
export const SavesAndCloses: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Öffnen' }));
    const dialog = within(
      await within(document.body).findByRole('dialog', { name: 'Name anlegen' }),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await dialog.findByText('Pflichtfeld');
    await expect(args.submit).not.toHaveBeenCalled();
    await userEvent.click(dialog.getByRole('textbox', { name: /Name/ }));
    await userEvent.paste('Filiale Nord');
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(args.onSaved).toHaveBeenCalledOnce());
    await expect(args.submit).toHaveBeenCalledWith({ name: 'Filiale Nord' });
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
  },
};
