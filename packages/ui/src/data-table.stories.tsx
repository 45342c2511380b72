import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { DataTable, type DataTableSort } from './data-table';
import { formatDate, formatMoney } from './format';

type Student = {
  id: string;
  name: string;
  licenceClass: string;
  registeredOn: string;
  balanceCents: number;
};

const names = [
  'Anna Becker',
  'Ben Schulz',
  'Clara Wagner',
  'David Müller',
  'Emma Schneider',
  'Finn Hoffmann',
  'Greta Koch',
  'Hannes Richter',
  'Ida Klein',
  'Jonas Wolf',
  'Klara Neumann',
  'Lukas Schwarz',
];

const allStudents: Student[] = Array.from({ length: 42 }, (_, index) => ({
  id: `s${index + 1}`,
  name: `${names[index % names.length]} ${index + 1}`,
  licenceClass: ['B', 'BE', 'A2', 'B197'][index % 4] ?? 'B',
  registeredOn: `2025-0${(index % 9) + 1}-${String((index % 27) + 1).padStart(2, '0')}`,
  balanceCents: ((index * 7919) % 250000) - 50000,
}));

const columns: ColumnDef<Student>[] = [
  { accessorKey: 'name', header: 'Name' },
  { accessorKey: 'licenceClass', header: 'Klasse', enableSorting: false },
  {
    accessorKey: 'registeredOn',
    header: 'Angemeldet am',
    cell: (info) => formatDate(info.getValue<string>()),
  },
  {
    accessorKey: 'balanceCents',
    header: 'Saldo',
    cell: (info) => formatMoney(info.getValue<number>()),
    meta: { align: 'end' },
  },
];

const meta = {
  title: 'Data/DataTable',
  component: DataTable<Student>,
  args: {
    'aria-label': 'Schüler',
    columns,
    data: allStudents.slice(0, 10),
    total: allStudents.length,
    page: 1,
    pageSize: 10,
    onPageChange: fn(),
    onPageSizeChange: fn(),
    onSortChange: fn(),
    sort: null,
  },
} satisfies Meta<typeof DataTable<Student>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Sorted: Story = {
  args: { sort: { id: 'name', desc: false } },
};

export const Loading: Story = {
  args: { data: [], isLoading: true },
};

export const Reloading: Story = {
  args: { isLoading: true },
};

export const Empty: Story = {
  args: { data: [], total: 0, emptyText: 'Noch keine Schüler angelegt.' },
};

export const ErrorWithRetry: Story = {
  args: {
    data: [],
    total: 0,
    error: 'Die Schülerliste konnte nicht geladen werden.',
    onRetry: fn(),
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Die Schülerliste konnte nicht geladen werden.',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Erneut versuchen' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

/** Default, sorted, loading, empty and error side by side. */
export const Catalog: Story = {
  render: (args) => (
    <div className="flex flex-col gap-8">
      <DataTable {...args} aria-label="Schüler (Standard)" />
      <DataTable
        {...args}
        aria-label="Schüler (sortiert)"
        sort={{ id: 'balanceCents', desc: true }}
      />
      <DataTable {...args} aria-label="Schüler (lädt)" data={[]} isLoading />
      <DataTable {...args} aria-label="Schüler (leer)" data={[]} total={0} />
      <DataTable {...args} aria-label="Schüler (Fehler)" data={[]} total={0} error />
    </div>
  ),
};

export const ShowsRange: Story = {
  args: { page: 5, data: allStudents.slice(40, 42) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('41–42 von 42')).toBeVisible();
    await expect(canvas.getByText('Seite 5 von 5')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Nächste Seite' })).toBeDisabled();
    await expect(canvas.getAllByRole('row')).toHaveLength(3);
  },
};

export const PagesAndSorts: Story = {
  play: async ({ args, canvasElement, step }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('1–10 von 42')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Vorherige Seite' })).toBeDisabled();

    await step('next and last page', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Nächste Seite' }));
      await expect(args.onPageChange).toHaveBeenLastCalledWith(2);
      await userEvent.click(canvas.getByRole('button', { name: 'Letzte Seite' }));
      await expect(args.onPageChange).toHaveBeenLastCalledWith(5);
    });

    await step('sortable headers', async () => {
      const nameHeader = canvas.getByRole('columnheader', { name: /Name/ });
      await expect(nameHeader).toHaveAttribute('aria-sort', 'none');
      await expect(canvas.getByRole('columnheader', { name: 'Klasse' })).not.toHaveAttribute(
        'aria-sort',
      );
      await userEvent.click(within(nameHeader).getByRole('button'));
      await expect(args.onSortChange).toHaveBeenLastCalledWith({ id: 'name', desc: false });
    });

    await step('page size', async () => {
      await userEvent.click(canvas.getByRole('button', { name: /Einträge pro Seite/ }));
      const listbox = await within(document.body).findByRole('listbox');
      await userEvent.click(within(listbox).getByRole('option', { name: '25' }));
      await expect(args.onPageSizeChange).toHaveBeenLastCalledWith(25);
    });
  },
};

/** A server-like wrapper: the table is driven entirely by props. */
function ServerDriven() {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [sort, setSort] = useState<DataTableSort | null>(null);
  const sorted = [...allStudents];
  if (sort) {
    sorted.sort((a, b) => {
      const x = a[sort.id as keyof Student];
      const y = b[sort.id as keyof Student];
      const order = x < y ? -1 : x > y ? 1 : 0;
      return sort.desc ? -order : order;
    });
  }
  return (
    <DataTable
      aria-label="Schüler"
      columns={columns}
      data={sorted.slice((page - 1) * pageSize, page * pageSize)}
      total={sorted.length}
      page={page}
      pageSize={pageSize}
      onPageChange={setPage}
      onPageSizeChange={(size) => {
        setPageSize(size);
        setPage(1);
      }}
      sort={sort}
      onSortChange={(next) => {
        setSort(next);
        setPage(1);
      }}
    />
  );
}

export const Interactive: Story = {
  render: () => <ServerDriven />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const header = canvas.getByRole('columnheader', { name: /Saldo/ });
    const sortButton = within(header).getByRole('button');
    await userEvent.click(sortButton);
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(sortButton);
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(sortButton);
    await expect(header).toHaveAttribute('aria-sort', 'none');
    await userEvent.click(canvas.getByRole('button', { name: 'Nächste Seite' }));
    await expect(canvas.getByText('11–20 von 42')).toBeVisible();
  },
};
