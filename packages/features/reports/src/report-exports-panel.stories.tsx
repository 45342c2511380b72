import { type CapturedDownload, captureDownloads } from '@fahrwerk/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ReportExportsPanel } from './components/report-exports-panel';
import { EXPORT_FILE_NAME, exportJob, FIXTURE_TODAY, lookupHandlers } from './mocks/handlers';

const job = exportJob();
let downloads: CapturedDownload[] = [];

const meta = {
  title: 'Features/Reports/Exports panel',
  component: ReportExportsPanel,
  args: { today: FIXTURE_TODAY },
  beforeEach: () => {
    job.reset();
    const capture = captureDownloads();
    downloads = capture.files;
    return capture.restore;
  },
  parameters: { msw: { handlers: { lookups: lookupHandlers, exports: job.handlers } } },
} satisfies Meta<typeof ReportExportsPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Every report in one list (route `/export`): one filter for all, and per report CSV and
 * Excel as background jobs; the balance's CSV is written for this year.
 */
export const AllReports: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Berichte exportieren' });
    const rows = canvas.getAllByRole('listitem');
    await expect(rows).toHaveLength(9);
    const balance = rows.find((row) => row.textContent?.startsWith('Saldo')) as HTMLElement;
    await userEvent.click(within(balance).getByRole('button', { name: 'CSV' }));
    await waitFor(() =>
      expect(job.started).toEqual([
        expect.objectContaining({ report: 'BALANCE_PER_DRIVING_SCHOOL', format: 'CSV' }),
      ]),
    );
    job.finish();
    await waitFor(() => expect(downloads.map((file) => file.fileName)).toEqual([EXPORT_FILE_NAME]));
  },
};
