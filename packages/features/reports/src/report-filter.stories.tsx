import { pageBody } from '@fahrwerk/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { FIXTURE_TODAY, lookupHandlers, recordingReport } from './mocks/handlers';
import { ReportsScreen } from './reports-screen';

const payments = recordingReport('PAYMENTS_PER_DRIVING_SCHOOL');
const CAPTION = 'Zahlungseingänge je Monat und Zahlungsart';

const meta = {
  title: 'Features/Reports/Filter',
  component: ReportsScreen,
  args: {
    area: 'finances',
    today: FIXTURE_TODAY,
    report: 'PAYMENTS_PER_DRIVING_SCHOOL',
    onFilterChange: fn(),
  },
  beforeEach: () => payments.reset(),
  parameters: { msw: { handlers: { lookups: lookupHandlers, report: [payments.handler] } } },
} satisfies Meta<typeof ReportsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const lastBody = () => payments.bodies.at(-1);

/**
 * The screen opens on this year; "Letzter Monat" asks again for October 2026, a branch adds
 * its id — each change reported to the host (`onFilterChange`) too.
 */
export const PresetAndBranch: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table', { name: CAPTION });
    await expect(payments.bodies[0]).toEqual({ from: '2026-01-01', to: '2026-12-31' });

    await userEvent.click(canvas.getByRole('button', { name: /Zeitraum$/ }));
    await userEvent.click(await pageBody().findByRole('option', { name: 'Letzter Monat' }));
    await waitFor(() => expect(lastBody()).toEqual({ from: '2026-10-01', to: '2026-10-31' }));
    await expect(args.onFilterChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ preset: 'lastMonth', from: '2026-10-01', to: '2026-10-31' }),
    );
    const from = canvas.getByRole('group', { name: /^Von/ });
    await expect(from).toHaveTextContent('01.10.2026');

    await userEvent.click(canvas.getByRole('button', { name: /Filiale$/ }));
    await userEvent.click(await pageBody().findByRole('option', { name: 'Filiale Spandau' }));
    await waitFor(() =>
      expect(lastBody()).toEqual({ from: '2026-10-01', to: '2026-10-31', branchIds: [2] }),
    );
    await canvas.findByRole('table', { name: CAPTION });
  },
};

/**
 * Dates typed by hand make the period "Benutzerdefiniert"; a "Bis" before "Von" is said in
 * German and never sent.
 */
export const CustomPeriodValidated: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table', { name: CAPTION });
    const to = canvas.getByRole('group', { name: /^Bis/ });
    await userEvent.click(within(to).getAllByRole('spinbutton')[0] as HTMLElement);
    await userEvent.keyboard('01042026');
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: /Zeitraum$/ })).toHaveTextContent(
        'Benutzerdefiniert',
      ),
    );

    const from = canvas.getByRole('group', { name: /^Von/ });
    await userEvent.click(within(from).getAllByRole('spinbutton')[0] as HTMLElement);
    await userEvent.keyboard('01052026');
    await canvas.findByText('Das Von-Datum darf nicht nach dem Bis-Datum liegen.');
    await canvas.findByText(
      'Bitte korrigieren Sie den Zeitraum; bis dahin wird kein Bericht geladen.',
    );
    await expect(canvas.queryByRole('table', { name: CAPTION })).toBeNull();
    for (const body of payments.bodies) await expect(body.from <= body.to).toBe(true);
    await expect(lastBody()).toEqual({ from: '2026-01-01', to: '2026-04-01' });
  },
};
