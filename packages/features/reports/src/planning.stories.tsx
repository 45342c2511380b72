import { type CapturedDownload, captureDownloads, pageBody } from '@fahrwerk/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { FIXTURE_TODAY, lookupHandlers, pdfHandlers, reportHandlers } from './mocks/handlers';
import { ReportsScreen } from './reports-screen';
import { emptyStory, errorStory, fullStory, rowOf } from './testing/report-stories';

const pdfs = pdfHandlers();
const refused = pdfHandlers({ packRefusal: true });
let downloads: CapturedDownload[] = [];

const meta = {
  title: 'Features/Reports/Planning',
  component: ReportsScreen,
  args: { area: 'planning', today: FIXTURE_TODAY },
  beforeEach: () => {
    pdfs.reset();
    refused.reset();
    const capture = captureDownloads();
    downloads = capture.files;
    return capture.restore;
  },
  parameters: { msw: { handlers: { lookups: lookupHandlers, report: [] } } },
} satisfies Meta<typeof ReportsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Km per lesson per vehicle and per instructor, with the totals of the period. */
export const KmFull: Story = {
  ...fullStory('KM_PER_DRIVING_LESSON', async (canvas) => {
    const vehicles = await canvas.findByRole('table', { name: 'Kilometer je Fahrzeug' });
    const golf = rowOf(vehicles, 'Golf 8 Automatik');
    for (const value of ['B-FS 1234', '420', '18.900', '6.930', '16,5']) {
      await expect(golf).toHaveTextContent(value);
    }
    await expect(rowOf(vehicles, 'Gesamt')).toHaveTextContent('11.430');
    const instructors = canvas.getByRole('table', { name: 'Kilometer je Fahrlehrer' });
    await expect(rowOf(instructors, 'Jonas Weber')).toHaveTextContent('16,8');
    await expect(canvas.getByRole('img', { name: /je Fahrstunde je Fahrzeug/ })).toBeVisible();
    await expect(canvas.getByRole('img', { name: /je Fahrstunde je Fahrlehrer/ })).toBeVisible();
  }),
};

export const KmEmpty: Story = { ...emptyStory('KM_PER_DRIVING_LESSON') };

export const KmError: Story = {
  ...errorStory('KM_PER_DRIVING_LESSON', 'Kilometer je Fahrzeug'),
};

/** The pack's form, once its instructors are there (the choice opens only then). */
async function packForm(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  const heading = await canvas.findByRole('heading', {
    name: 'Prüfungsmappe für die Fahrschulüberwachung',
  });
  const form = within(heading.closest('section') as HTMLElement);
  await waitFor(() => expect(form.getByRole('button', { name: /Fahrlehrer$/ })).toBeEnabled());
  return form;
}

/**
 * The inspection pack: without an instructor it says so and sends nothing; with one it
 * asks for last month (October 2026) and saves the PDF under the instructor's name.
 */
export const InspectionPack: Story = {
  parameters: {
    msw: {
      handlers: {
        report: [reportHandlers('KM_PER_DRIVING_LESSON').full],
        pdfs: pdfs.handlers,
      },
    },
  },
  play: async ({ canvasElement }) => {
    const form = await packForm(canvasElement);
    await userEvent.click(form.getByRole('button', { name: 'Prüfungsmappe erstellen (PDF)' }));
    await form.findByText('Bitte wählen Sie einen Fahrlehrer.');
    await expect(pdfs.calls.inspectionPack).toHaveLength(0);

    await userEvent.click(form.getByRole('button', { name: /Fahrlehrer$/ }));
    await userEvent.click(await pageBody().findByRole('option', { name: 'Jonas Weber' }));
    await userEvent.click(form.getByRole('button', { name: 'Prüfungsmappe erstellen (PDF)' }));
    await form.findByText(
      'Die Prüfungsmappe pruefungsmappe_Weber-Jonas_2026-10-01_2026-10-31.pdf wurde heruntergeladen.',
    );
    await expect(pdfs.calls.inspectionPack).toEqual([
      { instructorId: 3, from: '2026-10-01', to: '2026-10-31' },
    ]);
    await waitFor(() =>
      expect(downloads.map((file) => file.fileName)).toEqual([
        'pruefungsmappe_Weber-Jonas_2026-10-01_2026-10-31.pdf',
      ]),
    );
    await expect(await downloads[0]?.blob?.text()).toMatch(/^%PDF-1\.4/);
  },
};

/** The server refuses the pack: its reason is shown, nothing is saved. */
export const InspectionPackRefused: Story = {
  parameters: {
    msw: {
      handlers: {
        report: [reportHandlers('KM_PER_DRIVING_LESSON').full],
        pdfs: refused.handlers,
      },
    },
  },
  play: async ({ canvasElement }) => {
    const form = await packForm(canvasElement);
    await userEvent.click(form.getByRole('button', { name: /Fahrlehrer$/ }));
    await userEvent.click(await pageBody().findByRole('option', { name: 'Petra Krause' }));
    await userEvent.click(form.getByRole('button', { name: 'Prüfungsmappe erstellen (PDF)' }));
    const alert = await form.findByRole('alert');
    await expect(alert).toHaveTextContent(
      'Die Prüfungsmappe konnte nicht erstellt werden: Für diesen Zeitraum liegen keine Fahrstunden vor.',
    );
    await expect(downloads).toHaveLength(0);
  },
};
