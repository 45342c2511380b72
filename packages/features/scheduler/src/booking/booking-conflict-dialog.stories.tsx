import { pageBody } from '@fahrwerk/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { BookingConflictDialog } from './booking-conflict-dialog';
import { findingsFixture } from './mocks';

const every = Object.values(findingsFixture);

const meta = {
  title: 'Features/Scheduler/Booking/BookingConflictDialog',
  component: BookingConflictDialog,
  args: {
    isOpen: true,
    groups: [{ date: '2026-03-02', findings: every }],
    onContinue: fn(),
    onCancel: fn(),
  },
} satisfies Meta<typeof BookingConflictDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = async () =>
  within(await pageBody().findByRole('alertdialog', { name: 'Trotzdem buchen?' }));

/** Every kind of finding with its details, in German. */
export const Catalog: Story = {
  play: async () => {
    const confirm = await dialog();
    await expect(confirm.getByText('Die Prüfung des Termins hat Folgendes ergeben:')).toBeVisible();
    const expected: [string, string][] = [
      ['Fahrlehrer belegt', 'Tim Schröder am 02.03.2026, 09:30–11:00 Uhr (90 Min.)'],
      [
        'Fahrzeug belegt',
        'Termin der Partnerfahrschule „Fahrschule Nord“ am 02.03.2026, 10:15–11:00 Uhr (45 Min.)',
      ],
      ['Anhänger belegt', 'Praktische Prüfung BE am 02.03.2026, 08:00–11:00 Uhr (180 Min.)'],
      ['Begleitfahrzeug belegt', 'Ayşe Yılmaz am 02.03.2026, 10:30–11:15 Uhr (45 Min.)'],
      [
        'Außerhalb der Arbeitszeit',
        'Arbeitszeit des Fahrlehrers an diesem Tag: 12:00–14:00, 15:00–19:00 Uhr',
      ],
      [
        'Außerhalb des Arbeitskorridors',
        'Arbeitskorridor der Filiale an diesem Tag: 10:30–20:00 Uhr',
      ],
      ['Klasse passt nicht', 'Gebuchte Klasse BE, vorgesehen: B'],
      [
        'Tageshöchstzeit überschritten',
        '525 von höchstens 495 Minuten praktischer Ausbildung an diesem Tag',
      ],
    ];
    const items = confirm.getAllByRole('listitem');
    await expect(items.map((item) => item.textContent)).toEqual(
      expected.map(([kind, detail]) => `${kind}${detail}`),
    );
    await expect(confirm.getByText('Möchten Sie den Termin trotzdem buchen?')).toBeVisible();
    // One day: no date headings.
    await expect(confirm.queryByRole('heading', { level: 3 })).toBeNull();
  },
};

/** A series: the findings under the date of each occurrence; a 409 message above. */
export const SeriesAfterConflict: Story = {
  args: {
    isSeries: true,
    notice:
      'Inzwischen wurde ein anderer Termin zur selben Zeit gebucht (Fahrlehrer oder Fahrzeug belegt). Es wurde nichts gespeichert – bitte prüfen Sie den Termin erneut.',
    groups: [
      {
        date: '2026-03-09',
        startTime: '12:00',
        findings: [{ ...findingsFixture.instructorOverlap, date: '2026-03-09' }],
      },
      {
        date: '2026-03-16',
        startTime: '12:00',
        findings: [
          {
            ...findingsFixture.outsideWorkingHours,
            date: '2026-03-16',
            allowedHours: [],
          },
          { ...findingsFixture.classMismatch, date: '2026-03-16', allowedLicenseClasses: [] },
        ],
      },
    ],
  },
  play: async () => {
    const confirm = await dialog();
    await expect(confirm.getByRole('alert')).toHaveTextContent(
      /Inzwischen wurde ein anderer Termin/,
    );
    await expect(
      confirm.getByText('Die Prüfung der Serie hat bei 2 Terminen Folgendes ergeben:'),
    ).toBeVisible();
    const first = within(confirm.getByRole('region', { name: 'Mo, 09.03.2026, 12:00 Uhr' }));
    await expect(first.getByText('Fahrlehrer belegt')).toBeVisible();
    const second = within(confirm.getByRole('region', { name: 'Mo, 16.03.2026, 12:00 Uhr' }));
    await expect(
      second.getByText('Der Fahrlehrer hat an diesem Tag keine Arbeitszeit.'),
    ).toBeVisible();
    await expect(second.getByText('Gebuchte Klasse BE ist hier nicht vorgesehen.')).toBeVisible();
  },
};

export const Continue: Story = {
  play: async ({ args }) => {
    const confirm = await dialog();
    await userEvent.click(confirm.getByRole('button', { name: 'Trotzdem buchen' }));
    await expect(args.onContinue).toHaveBeenCalledTimes(1);
    await expect(args.onCancel).not.toHaveBeenCalled();
  },
};

export const Cancel: Story = {
  play: async ({ args }) => {
    const confirm = await dialog();
    await userEvent.click(confirm.getByRole('button', { name: 'Abbrechen' }));
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
    await expect(args.onContinue).not.toHaveBeenCalled();
  },
};
