import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';
import { DialogTrigger } from './dialog';

const meta = {
  title: 'Overlays/ConfirmDialog',
  component: ConfirmDialog,
  args: {
    title: 'Schüler archivieren?',
    children: 'Anna Becker wird archiviert und erscheint nicht mehr in der Schülerliste.',
    confirmLabel: 'Archivieren',
    onConfirm: fn(),
    onCancel: fn(),
  },
  render: (args) => (
    <DialogTrigger>
      <Button variant={args.variant === 'destructive' ? 'destructive' : 'secondary'}>
        {args.confirmLabel}
      </Button>
      <ConfirmDialog {...args} />
    </DialogTrigger>
  ),
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Destructive: Story = {
  args: {
    variant: 'destructive',
    title: 'Termin löschen?',
    children: 'Der Termin am 12.03.2025 um 14:00 wird endgültig gelöscht.',
    confirmLabel: 'Löschen',
  },
};

/** Both variants open, plus the pending state and the default texts. */
export const Catalog: Story = {
  render: (args) => (
    <div className="flex flex-col gap-2">
      <ConfirmDialog {...args} isOpen />
      <p className="text-sm text-neutral-600">
        Weitere Zustände: <em>Destructive</em>, <em>Pending</em> und <em>DefaultTexts</em>.
      </p>
    </div>
  ),
  play: async () => {
    await expect(await within(document.body).findByRole('alertdialog')).toBeVisible();
  },
};

export const Pending: Story = {
  args: { isPending: true, variant: 'destructive', confirmLabel: 'Löschen' },
  render: (args) => <ConfirmDialog {...args} isOpen />,
  play: async () => {
    const dialog = await within(document.body).findByRole('alertdialog');
    await expect(within(dialog).getByRole('button', { name: 'Löschen' })).toHaveAttribute(
      'data-pending',
      'true',
    );
  },
};

export const DefaultTexts: Story = {
  args: { title: undefined, confirmLabel: undefined, children: 'Die Änderung wird gespeichert.' },
  render: (args) => <ConfirmDialog {...args} isOpen />,
  play: async () => {
    const dialog = await within(document.body).findByRole('alertdialog', {
      name: 'Bist du sicher?',
    });
    await expect(within(dialog).getByRole('button', { name: 'Bestätigen' })).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toBeVisible();
  },
};

export const OpensAndConfirms: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Archivieren' }));
    const dialog = await within(document.body).findByRole('alertdialog', {
      name: 'Schüler archivieren?',
    });
    await expect(dialog).toHaveTextContent('Anna Becker wird archiviert');
    const confirm = within(dialog).getByRole('button', { name: 'Archivieren' });
    await waitFor(() => expect(confirm).toHaveFocus());
    await userEvent.click(confirm);
    await expect(args.onConfirm).toHaveBeenCalledOnce();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  },
};

export const OpensAndCancels: Story = {
  args: { variant: 'destructive', title: 'Termin löschen?', confirmLabel: 'Löschen' },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Löschen' }));
    const dialog = await within(document.body).findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await expect(args.onCancel).toHaveBeenCalledOnce();
    await expect(args.onConfirm).not.toHaveBeenCalled();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  },
};

/** Ends the pending confirmation of `WaitsForAsyncConfirm` when its play function says so. */
let finishConfirm = () => {};

export const WaitsForAsyncConfirm: Story = {
  args: {
    // Pending until the play function has seen the pending state: a fixed delay raced the
    // click on a busy machine.
    onConfirm: fn(
      () =>
        new Promise<void>((resolve) => {
          finishConfirm = resolve;
        }),
    ),
  },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Archivieren' }));
    const dialog = await within(document.body).findByRole('alertdialog');
    const confirm = within(dialog).getByRole('button', { name: 'Archivieren' });
    await userEvent.click(confirm);
    await waitFor(() => expect(confirm).toHaveAttribute('data-pending', 'true'));
    await expect(args.onConfirm).toHaveBeenCalledOnce();
    finishConfirm();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  },
};
