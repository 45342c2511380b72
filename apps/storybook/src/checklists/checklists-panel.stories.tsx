import { ChecklistsPanel } from '@fahrwerk/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  checklistHandlers,
  checklistLoadErrorHandlers,
  studentChecklist,
} from './checklist-handlers';

/** Data arrives through msw; a busy machine needs more than the default second. */
const LOAD = { timeout: 30_000 };

const meta = {
  title: 'Features/Core/ChecklistsPanel',
  component: ChecklistsPanel,
  args: { owner: { kind: 'student', studentId: 101 } },
  // Each story has its own in-memory lists (ticking, adding, deleting change them).
  parameters: { msw: { handlers: checklistHandlers() } },
} satisfies Meta<typeof ChecklistsPanel>;

export default meta;
type Story = StoryObj<typeof meta>;
const body = () => within(document.body);

export const ListWithProgress: Story = {
  parameters: { msw: { handlers: checklistHandlers() } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Anmeldung vollständig' }, LOAD);
    await expect(canvas.getByText('3 von 5 erledigt')).toBeVisible();
    await expect(
      canvas.getByRole('progressbar', { name: 'Fortschritt Anmeldung vollständig' }),
    ).toHaveAttribute('aria-valuenow', '60');
    await expect(canvas.getByRole('checkbox', { name: /Sehtest/ })).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: /Passbild/ })).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: /Antrag gestellt/ })).not.toBeChecked();
    await canvas.findAllByText('erledigt am 12.11.2026 von Erika Mustermann', undefined, LOAD);
  },
};

export const TickItem: Story = {
  parameters: { msw: { handlers: checklistHandlers() } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const item = await canvas.findByRole('checkbox', { name: /Antrag gestellt/ }, LOAD);
    await userEvent.click(item);
    await canvas.findByText('4 von 5 erledigt', undefined, LOAD);
    await expect(canvas.getByRole('checkbox', { name: /Antrag gestellt/ })).toBeChecked();
    await canvas.findByText('erledigt am 27.11.2026 von Erika Mustermann', undefined, LOAD);
    await userEvent.click(canvas.getByRole('checkbox', { name: /Sehtest/ }));
    await canvas.findByText('3 von 5 erledigt', undefined, LOAD);
    await expect(canvas.getByRole('checkbox', { name: /Sehtest/ })).not.toBeChecked();
  },
};

async function chooseTemplate(canvas: ReturnType<typeof within>, name: string) {
  await userEvent.click(await canvas.findByRole('button', { name: /Vorlage/ }, LOAD));
  await userEvent.click(await body().findByRole('option', { name }, LOAD));
  await userEvent.click(canvas.getByRole('button', { name: 'Checkliste hinzufügen' }));
}

export const AddFromTemplate: Story = {
  parameters: { msw: { handlers: checklistHandlers() } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Anmeldung vollständig' }, LOAD);
    // Only the students' templates the student does not have yet.
    await userEvent.click(await canvas.findByRole('button', { name: /Vorlage/ }, LOAD));
    await body().findByRole('option', { name: 'Prüfungsvorbereitung' }, LOAD);
    await expect(body().queryByRole('option', { name: 'Anmeldung vollständig' })).toBeNull();
    await expect(body().queryByRole('option', { name: 'Kostenübernahme' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    await chooseTemplate(canvas, 'Prüfungsvorbereitung');
    await canvas.findByRole('heading', { name: 'Prüfungsvorbereitung' }, LOAD);
    await expect(canvas.getByText('0 von 2 erledigt')).toBeVisible();
    await canvas.findByText(/Alle Vorlagen sind bereits zugeordnet/, undefined, LOAD);
  },
};

export const DeleteWithConfirmation: Story = {
  parameters: { msw: { handlers: checklistHandlers() } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Anmeldung vollständig' }, LOAD);
    await userEvent.click(canvas.getByRole('button', { name: 'Checkliste löschen' }));
    const dialog = await body().findByRole('alertdialog', undefined, LOAD);
    await expect(dialog).toHaveTextContent('„Anmeldung vollständig“');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Checkliste löschen' }));
    await canvas.findByText(
      'Noch keine Checklisten. Fügen Sie eine aus einer Vorlage hinzu.',
      undefined,
      LOAD,
    );
  },
};

export const ReadOnly: Story = {
  parameters: { permissions: ['MODULE_CUSTOMERS'], msw: { handlers: checklistHandlers() } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Anmeldung vollständig' }, LOAD);
    await expect(canvas.getByText('Sie können die Checklisten nur ansehen.')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Checkliste löschen' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Checkliste hinzufügen' })).toBeNull();
    await expect(canvas.getByRole('checkbox', { name: /Antrag gestellt/ })).toHaveAttribute(
      'aria-readonly',
      'true',
    );
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: checklistHandlers({ initial: [] }) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(
      'Noch keine Checklisten. Fügen Sie eine aus einer Vorlage hinzu.',
      undefined,
      LOAD,
    );
    await canvas.findByRole('button', { name: /Vorlage/ }, LOAD);
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: checklistLoadErrorHandlers() } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Die Checklisten konnten nicht geladen werden.', undefined, LOAD);
    await expect(canvas.getByRole('button', { name: /erneut/i })).toBeVisible();
  },
};

export const TemplateAlreadyUsed: Story = {
  parameters: { msw: { handlers: checklistHandlers({ refuseAdd: true }) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Anmeldung vollständig' }, LOAD);
    await chooseTemplate(canvas, 'Prüfungsvorbereitung');
    await body().findByText('Diese Checkliste ist bereits zugeordnet.', undefined, LOAD);
    await waitFor(() =>
      expect(canvas.queryByRole('heading', { name: 'Prüfungsvorbereitung' })).toBeNull(),
    );
  },
};

export const CostBearer: Story = {
  args: { owner: { kind: 'costBearer', costBearerId: 5 } },
  parameters: {
    msw: {
      handlers: checklistHandlers({
        initial: [{ ...studentChecklist(), studentId: undefined, costBearerId: 5 }],
      }),
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Anmeldung vollständig' }, LOAD);
    await userEvent.click(canvas.getByRole('checkbox', { name: /Antrag gestellt/ }));
    await canvas.findByText('4 von 5 erledigt', undefined, LOAD);
    await userEvent.click(await canvas.findByRole('button', { name: /Vorlage/ }, LOAD));
    await body().findByRole('option', { name: 'Kostenübernahme' }, LOAD);
    await userEvent.keyboard('{Escape}');
  },
};
