import { pageBody } from '@fahrwerk/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { DocumentsHistoryScreen } from './documents-history-screen';
import { invoicesHandlers, mockInvoices, resetInvoiceMocks } from './mocks/handlers';

const full = mockInvoices();

const meta = {
  title: 'Features/Invoices/DocumentsHistoryScreen',
  component: DocumentsHistoryScreen,
  args: { onStudentChange: fn() },
  beforeEach: () => resetInvoiceMocks(),
  parameters: { msw: { handlers: full.handlers } },
} satisfies Meta<typeof DocumentsHistoryScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const history = async (canvasElement: HTMLElement) =>
  within(await within(canvasElement).findByRole('table', { name: 'Dokumentenverlauf' }));

/** Every student's documents, newest first. */
export const AllStudents: Story = {
  play: async ({ canvasElement }) => {
    const table = await history(canvasElement);
    await table.findByText('RE-2026-00041');
    const rows = table.getAllByRole('row').slice(1);
    await expect(rows).toHaveLength(7);
    await expect(within(rows[0] as HTMLElement).getByText('12.03.2026')).toBeInTheDocument();
    await expect(within(rows[6] as HTMLElement).getByText('01.02.2026')).toBeInTheDocument();
    const filter = full.documentFilters.at(-1);
    await expect(filter).not.toHaveProperty('studentId');
    await expect(filter?.sort?.[0]).toEqual({ field: 'issueDate', direction: 'desc' });
  },
};

/** Picking a student asks for that student's documents and tells the host. */
export const PicksStudent: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const table = await history(canvasElement);
    await table.findByText('RE-2026-00041');
    await userEvent.click(canvas.getByRole('combobox', { name: 'Schüler' }));
    await userEvent.paste('Jonas');
    await userEvent.click(await pageBody().findByRole('option', { name: 'Jonas Becker' }));
    await waitFor(() => expect(args.onStudentChange).toHaveBeenCalledWith(12));
    await waitFor(() => expect(full.documentFilters.at(-1)).toMatchObject({ studentId: 12 }));
    await waitFor(() => expect(table.queryByText('RE-2026-00041')).toBeNull());
    await expect(table.getByText('RE-2026-00039')).toBeInTheDocument();
    await expect(table.getByText('Zahlungsaufforderung')).toBeInTheDocument();
  },
};

/** Opened for one student (the host passes the id), e.g. from the student's page. */
export const OneStudent: Story = {
  args: { studentId: 13 },
  play: async ({ canvasElement }) => {
    const table = await history(canvasElement);
    await table.findByText('RE-2026-00038');
    await expect(table.getAllByRole('row').slice(1)).toHaveLength(4);
    await expect(table.getByText('Storniert')).toBeInTheDocument();
    await expect(full.documentFilters.at(-1)).toMatchObject({ studentId: 13 });
  },
};

export const OpensPdf: Story = {
  args: { studentId: 11 },
  play: async ({ canvasElement }) => {
    const table = await history(canvasElement);
    await userEvent.click(
      await table.findByRole('button', { name: 'PDF von RE-2026-00041 vom 12.03.2026' }),
    );
    const dialog = within(
      await pageBody().findByRole('dialog', { name: 'Rechnung RE-2026-00041' }),
    );
    await dialog.findByTitle('Vorschau von RE-2026-00041.pdf');
  },
};

export const EmptyForStudent: Story = {
  args: { studentId: 12 },
  parameters: { msw: { handlers: [invoicesHandlers.documentsEmpty, ...full.handlers] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText(
      'Für diesen Schüler gibt es noch keine Zahlungsdokumente.',
    );
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [invoicesHandlers.documentsLoading, ...full.handlers] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findAllByRole('status')).not.toHaveLength(0);
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [invoicesHandlers.documentsError, ...full.handlers] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Der Dokumentenverlauf konnte nicht geladen werden.');
  },
};

export const InEnglish: Story = {
  globals: { locale: 'en' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = within(await canvas.findByRole('table', { name: 'Documents history' }));
    await table.findByText('RE-2026-00041');
    await expect(table.getByText('Payment request')).toBeInTheDocument();
  },
};
