import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from './button';
import { Dialog, DialogTrigger, Modal } from './dialog';
import { TextField } from './text-field';

const meta = {
  title: 'Overlays/Dialog',
  component: Dialog,
  args: { title: 'Fahrzeug bearbeiten' },
  render: (args) => (
    <DialogTrigger>
      <Button variant="secondary">Bearbeiten</Button>
      <Modal>
        <Dialog
          {...args}
          footer={({ close }) => (
            <>
              <Button variant="secondary" onPress={close}>
                Abbrechen
              </Button>
              <Button onPress={close}>Speichern</Button>
            </>
          )}
        >
          <div className="flex flex-col gap-4">
            <TextField label="Name" defaultValue="Golf 8" />
            <TextField label="Kennzeichen" defaultValue="B-FW 123" />
          </div>
        </Dialog>
      </Modal>
    </DialogTrigger>
  ),
} satisfies Meta<typeof Dialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** The dialog open, in each size. */
export const Catalog: Story = {
  render: (args) => (
    <div className="flex gap-3">
      {(['sm', 'md', 'lg'] as const).map((size) => (
        <DialogTrigger key={size}>
          <Button variant="secondary">Größe {size}</Button>
          <Modal size={size}>
            <Dialog {...args} title={`Dialog (${size})`}>
              Der Inhalt eines Dialogs in der Größe {size}.
            </Dialog>
          </Modal>
        </DialogTrigger>
      ))}
    </div>
  ),
};

export const OpenStatic: Story = {
  render: (args) => (
    <Modal isOpen>
      <Dialog {...args} footer={<Button>Speichern</Button>}>
        Ein geöffneter Dialog mit Titel, Inhalt und Schaltflächen.
      </Dialog>
    </Modal>
  ),
  play: async () => {
    const dialog = await within(document.body).findByRole('dialog', {
      name: 'Fahrzeug bearbeiten',
    });
    await expect(dialog).toBeVisible();
  },
};

export const OpensAndCloses: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Bearbeiten' }));
    const dialog = await within(document.body).findByRole('dialog', {
      name: 'Fahrzeug bearbeiten',
    });
    await expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Golf 8');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schließen' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  },
};

export const EscapeCloses: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Bearbeiten' }));
    const dialog = await within(document.body).findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    // Focus goes back to the trigger.
    await waitFor(() =>
      expect(within(canvasElement).getByRole('button', { name: 'Bearbeiten' })).toHaveFocus(),
    );
  },
};
