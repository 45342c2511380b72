import { ApiError } from '@fahrwerk/api';
import { errorBody } from '@fahrwerk/api/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { jobCenter, parents } from '../mocks/handlers';
import { CostBearerFormDialog } from './cost-bearer-form-dialog';

const meta = {
  title: 'Features/CostBearers/CostBearerFormDialog',
  component: CostBearerFormDialog,
  args: { isOpen: true, onOpenChange: fn(), onSubmit: fn(async () => undefined) },
} satisfies Meta<typeof CostBearerFormDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = async () => within(await within(document.body).findByRole('dialog'));

export const Create: Story = {
  play: async () => {
    const form = await dialog();
    await expect(form.getByRole('textbox', { name: /^Name/ })).toHaveValue('');
  },
};

export const EditSendsTheContractBody: Story = {
  args: { costBearer: parents },
  play: async ({ args }) => {
    const form = await dialog();
    await expect(form.getByRole('textbox', { name: 'IBAN' })).toHaveValue('DE89370400440532013000');
    await userEvent.click(form.getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        kind: 'PERSON',
        name: 'Familie Becker',
        contactPerson: 'Sabine Becker',
        iban: 'DE89370400440532013000',
        eInvoiceFormat: 'PDF',
      }),
    );
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

export const ServerFieldError: Story = {
  args: {
    costBearer: jobCenter,
    onSubmit: fn(async () => {
      throw new ApiError(
        422,
        errorBody('errors.validation', {
          fieldErrors: [{ field: 'leitwegId', error: 'validation.pattern' }],
        }),
      );
    }),
  },
  play: async ({ args }) => {
    const form = await dialog();
    await userEvent.click(form.getByRole('button', { name: 'Speichern' }));
    // The server's field error shows at its field; the dialog stays open with the input.
    await form.findByText('Das Format ist ungültig.');
    await expect(args.onOpenChange).not.toHaveBeenCalled();
  },
};
