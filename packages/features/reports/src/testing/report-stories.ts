import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import type { ReportKind } from '../api/report-queries';
import { flakyReport, reportHandlers } from '../mocks/handlers';
import type { ReportsScreen } from '../reports-screen';

/* The Full, Empty and Error stories every report has, for the area story files. */

type Story = StoryObj<typeof ReportsScreen>;
type Canvas = ReturnType<typeof within>;

/** The row of a report table whose row header is `header`. */
export function rowOf(table: HTMLElement, header: string | RegExp): HTMLElement {
  const cell = within(table).getByRole('rowheader', { name: header });
  const row = cell.closest('tr');
  if (!row) throw new Error(`No row for ${String(header)}`);
  return row;
}

/** The report's filled state: `check` looks at its figures, chart and table. */
export function fullStory(report: ReportKind, check: (canvas: Canvas) => Promise<void>): Story {
  return {
    args: { report },
    parameters: { msw: { handlers: { report: [reportHandlers(report).full] } } },
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await check(canvas);
      await expect(canvas.getByRole('button', { name: 'CSV' })).toBeEnabled();
    },
  };
}

/** Nothing in the period: the empty text, and nothing to export. */
export function emptyStory(report: ReportKind): Story {
  return {
    args: { report },
    parameters: { msw: { handlers: { report: [reportHandlers(report).empty] } } },
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await canvas.findByText('Keine Daten im gewählten Zeitraum');
      await expect(canvas.queryByRole('table')).toBeNull();
      await expect(canvas.getByRole('button', { name: 'CSV' })).toBeDisabled();
      await expect(canvas.getByRole('button', { name: 'Excel' })).toBeDisabled();
    },
  };
}

/**
 * The report fails (500): the error in German with "Erneut versuchen", which asks again —
 * the second answer arrives and the table named `caption` shows.
 */
export function errorStory(report: ReportKind, caption: string): Story {
  const flaky = flakyReport(report);
  return {
    args: { report },
    beforeEach: () => flaky.reset(),
    parameters: { msw: { handlers: { report: [flaky.handler] } } },
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      const alert = await canvas.findByRole('alert');
      await expect(alert).toHaveTextContent('Der Bericht konnte nicht geladen werden.');
      await userEvent.click(within(alert).getByRole('button', { name: 'Erneut versuchen' }));
      await canvas.findByRole('table', { name: caption });
      await expect(canvas.queryByRole('alert')).toBeNull();
    },
  };
}
