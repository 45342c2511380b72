import { pageBody } from '@fahrwerk/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { appointmentHandlers, student, studentHandlers } from './mocks/handlers';
import { StudentAppointmentsPanel } from './student-appointments-panel';

const meta = {
  title: 'Features/Students/StudentAppointmentsPanel',
  component: StudentAppointmentsPanel,
  args: { student },
  parameters: {
    msw: {
      handlers: [
        ...appointmentHandlers.names,
        studentHandlers.educations,
        appointmentHandlers.full,
      ],
    },
  },
} satisfies Meta<typeof StudentAppointmentsPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

const rows = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('table', { name: 'Termine des Schülers' })).getAllByRole(
    'row',
  );

/** Newest first, 25 of 32 on the first page; names of archived instructors and vehicles too. */
export const Full: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('03.12.2026');
    await expect(canvas.getByText('Nachtfahrt')).toBeInTheDocument();
    await expect(canvas.getByText('Praktische Prüfung TÜV')).toBeInTheDocument();
    await expect(canvas.getByText('Überlandfahrt')).toBeInTheDocument();
    await expect(canvas.getAllByText('Aylin Demir').length).toBeGreaterThan(0);
    await canvas.findByText('Fahrstunden: 30 × 45 Min. gebucht');
    // Header and 25 rows.
    await expect(rows(canvasElement)).toHaveLength(26);
    const first = within(rows(canvasElement)[1] as HTMLElement);
    await expect(first.getByText('17:30')).toBeInTheDocument();
    await expect(first.getByText('90 Min.')).toBeInTheDocument();
    await expect(first.getByText('Golf 8 (Schaltwagen)')).toBeInTheDocument();
    const released = within(rows(canvasElement)[4] as HTMLElement);
    for (const status of ['gebucht', 'unterschrieben', 'freigegeben']) {
      await expect(released.getByText(status)).toBeInTheDocument();
    }
  },
};

/** The archived AM education: its lesson with an archived instructor and vehicle. */
export const FilteredByEducation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('03.12.2026');
    await userEvent.click(canvas.getByRole('button', { name: /Ausbildung/ }));
    await userEvent.click(
      await pageBody().findByRole('option', { name: 'Ausbildung Klasse AM (Archiviert)' }),
    );
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(2));
    const row = within(rows(canvasElement)[1] as HTMLElement);
    await row.findByText('Jonas Krüger');
    await expect(row.getByText('Vespa 50')).toBeInTheDocument();
    await expect(row.getByText('abgerechnet')).toBeInTheDocument();
    await canvas.findByText('Fahrstunden: 1 × 45 Min. gebucht');
  },
};

export const FilteredByType: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('03.12.2026');
    await userEvent.click(canvas.getByRole('button', { name: /Terminart/ }));
    await userEvent.click(await pageBody().findByRole('option', { name: 'Theorie' }));
    await canvas.findByText('Lektion 7: Verhalten gegenüber Fußgängern');
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(2));
  },
};

export const Empty: Story = {
  parameters: {
    msw: {
      handlers: [
        ...appointmentHandlers.names,
        studentHandlers.educations,
        appointmentHandlers.empty,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Noch keine Termine.');
    await expect(canvas.queryByText(/^Fahrstunden:/)).not.toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [
        ...appointmentHandlers.names,
        studentHandlers.educations,
        appointmentHandlers.loading,
      ],
    },
  },
};

export const LoadError: Story = {
  parameters: {
    msw: {
      handlers: [
        ...appointmentHandlers.names,
        studentHandlers.educations,
        appointmentHandlers.error,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Die Termine konnten nicht geladen werden.');
  },
};
