import { mockHttp } from '@fahrwerk/api/mocks';
import { clearListFilters } from '@fahrwerk/core';
import { chooseMenuItem, pageBody } from '@fahrwerk/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Exam } from './api/exam-queries';
import { ExamsScreen } from './exams-screen';
import {
  FIXTURE_TODAY,
  lookupHandlers,
  practicalExamHandlers,
  theoryExamHandlers,
  theoryExamsFixture,
} from './mocks/handlers';

const lookups = [lookupHandlers.organizations, lookupHandlers.users];

const meta = {
  title: 'Features/Exams/ExamsScreen',
  component: ExamsScreen,
  args: { kind: 'theory', today: FIXTURE_TODAY, examHref: (exam) => `#exam-${exam.id}` },
  beforeEach: () => clearListFilters(),
  parameters: { msw: { handlers: [theoryExamHandlers.full, ...lookups] } },
} satisfies Meta<typeof ExamsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Types by pasting: per-key typing is too slow for the test timeout on a busy machine. */
async function fill(input: HTMLElement, text: string) {
  await userEvent.click(input);
  await userEvent.paste(text);
}

export const Full: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Theorieprüfungen' });
    await canvas.findByText('TH-2026-0412', {});
    await expect(
      canvas.getByRole('link', { name: 'Prüftermin am 26.02.2026 öffnen' }),
    ).toBeInTheDocument();
    await canvas.findAllByText('TÜV SÜD Berlin', {});
    await expect(canvas.getByText('Jonas Weber')).toBeInTheDocument();
    await expect(canvas.getByText('7 / 10')).toBeInTheDocument();
    await expect(canvas.getByText('Gemischt')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Prüftermin anlegen' })).toBeInTheDocument();
  },
};

export const Practical: Story = {
  args: { kind: 'practical' },
  parameters: { msw: { handlers: [practicalExamHandlers.full, ...lookups] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Praktische Prüfungen' });
    await canvas.findByText('PR-118', {});
    await expect(canvas.getByText('2 / 3')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [theoryExamHandlers.empty, ...lookups] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Noch keine Prüftermine angelegt.', {});
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [theoryExamHandlers.loading, ...lookups] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findAllByRole('status', {})).not.toHaveLength(0);
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [theoryExamHandlers.error, ...lookups] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Die Liste konnte nicht geladen werden.', {});
  },
};

export const ReadOnly: Story = {
  parameters: { permissions: ['MODULE_EXAM'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('TH-2026-0412', {});
    await expect(canvas.getByText('Sie dürfen diese Daten nur ansehen.')).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Prüftermin anlegen' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: /Aktionen für/ })).toBeNull();
  },
};

export const MonthCalendar: Story = {
  parameters: {
    msw: { handlers: [theoryExamHandlers.full, theoryExamHandlers.month, ...lookups] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('tab', { name: 'Kalender' }));
    const march = await canvas.findByRole('region', { name: 'Prüftermine im März 2026' });
    await within(march).findByRole('link', { name: /08:30 TÜV SÜD Berlin/ });
    await expect(
      within(march).getByRole('link', { name: /13:00 DEKRA Berlin-Mitte/ }),
    ).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Vorheriger Monat' }));
    const february = await canvas.findByRole('region', { name: 'Prüftermine im Februar 2026' });
    await within(february).findByRole('link', { name: /09:00 TÜV SÜD Berlin.*7\/10 Plätze/ });
  },
};

async function openNewExam(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('button', { name: 'Prüftermin anlegen' }));
  return within(await pageBody().findByRole('dialog', { name: 'Neuer Prüftermin' }));
}

export const FormValidation: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openNewExam(canvasElement);
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await dialog.findByText('Bitte geben Sie das Datum ein.', {});
    await expect(dialog.getByText('Bitte geben Sie die Uhrzeit ein.')).toBeInTheDocument();
    await expect(dialog.getByText('Bitte wählen Sie die Prüforganisation.')).toBeInTheDocument();
  },
};

export const ServerFieldError: Story = {
  parameters: {
    msw: { handlers: [theoryExamHandlers.full, ...lookups, lookupHandlers.createExamRefused] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('TH-2026-0412', {});
    await chooseMenuItem(
      () => canvas.findByRole('button', { name: 'Aktionen für 04.03.2026 08:30' }),
      'Bearbeiten',
    );
    const dialog = within(await pageBody().findByRole('dialog', { name: 'Prüftermin bearbeiten' }));
    await expect(dialog.getByRole('textbox', { name: /^Listennummer/ })).toHaveValue(
      'TH-2026-0431',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(pageBody().queryByRole('dialog')).toBeNull());
    const created = await openNewExam(canvasElement);
    for (const [label, keys] of [
      ['Datum', '10032026'],
      ['Uhrzeit', '0900'],
    ] as const) {
      const group = created.getByRole('group', { name: new RegExp(`^${label}`) });
      await userEvent.click(within(group).getAllByRole('spinbutton')[0] as HTMLElement);
      await userEvent.keyboard(keys);
    }
    await userEvent.click(created.getByRole('button', { name: /Prüforganisation/ }));
    await userEvent.click(await pageBody().findByRole('option', { name: 'TÜV SÜD Berlin' }));
    await fill(created.getByRole('textbox', { name: /^Listennummer/ }), 'TH-2026-0412');
    await userEvent.click(created.getByRole('button', { name: 'Speichern' }));
    await created.findByText('Dieser Wert ist bereits vergeben.', {});
    await expect(created.getByRole('textbox', { name: /^Listennummer/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  },
};

export const ArchivesExam: Story = {
  parameters: {
    msw: { handlers: [theoryExamHandlers.full, ...lookups, lookupHandlers.archiveExamOk] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('TH-2026-0412', {});
    await chooseMenuItem(
      () => canvas.findByRole('button', { name: 'Aktionen für 18.03.2026 10:00' }),
      'Archivieren',
    );
    const confirm = within(
      await pageBody().findByRole('alertdialog', { name: 'Prüftermin archivieren?' }),
    );
    await userEvent.click(confirm.getByRole('button', { name: 'Archivieren' }));
    await pageBody().findByText('Archiviert.', {});
  },
};

export const UnarchivesExam: Story = {
  parameters: {
    msw: {
      handlers: [
        mockHttp.post('/theory-exams/filter', ({ response }) =>
          response(200).json({
            data: [{ ...(theoryExamsFixture[3] as Exam), archived: true }],
            total: 1,
          }),
        ),
        ...lookups,
        lookupHandlers.archiveExamOk,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Archiviert', {});
    await chooseMenuItem(
      () => canvas.findByRole('button', { name: 'Aktionen für 18.03.2026 10:00' }),
      'Aus dem Archiv holen',
    );
    await pageBody().findByText('Aus dem Archiv geholt.', {});
  },
};
