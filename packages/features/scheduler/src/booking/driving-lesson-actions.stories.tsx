import { pageBody } from '@fahrwerk/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { DrivingLessonActions } from './driving-lesson-actions';
import {
  drivingLessonFixture,
  recordDrivingLessons,
  releasedLessonFixture,
  signedLessonFixture,
} from './mocks';

const meta = {
  title: 'Features/Scheduler/Booking/DrivingLessonActions',
  component: DrivingLessonActions,
  args: {
    appointment: drivingLessonFixture,
    studentName: 'Lena Müller',
    onChanged: fn(),
    onDeleted: fn(),
  },
  parameters: { msw: { handlers: recordDrivingLessons().handlers } },
} satisfies Meta<typeof DrivingLessonActions>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every state side by side: not booked, booked and signed, released. */
export const Catalog: Story = {
  render: (args) => (
    <div className="flex flex-col gap-4">
      <DrivingLessonActions {...args} />
      <DrivingLessonActions {...args} appointment={signedLessonFixture} />
      <DrivingLessonActions {...args} appointment={releasedLessonFixture} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const [open, signed, released] = within(canvasElement)
      .getAllByRole('group', { name: 'Fahrstunde' })
      .map((region) => within(region));
    await expect(open?.getByText('Noch nicht gebucht')).toBeVisible();
    await expect(open?.getByRole('button', { name: 'Buchen' })).toBeVisible();
    await expect(open?.getByRole('button', { name: 'Unterschreiben und buchen' })).toBeVisible();
    await expect(signed?.getByText('Gebucht am 02.03.2026')).toBeVisible();
    await expect(signed?.getByText('Unterschrieben am 02.03.2026')).toBeVisible();
    await expect(signed?.queryByRole('button', { name: 'Buchen' })).toBeNull();
    await expect(released?.queryAllByRole('button')).toEqual([]);
  },
};

const booking = recordDrivingLessons();

/** "Buchen": `POST /driving-lessons/{id}/book`, then "Gespeichert.". */
export const Book: Story = {
  parameters: { msw: { handlers: booking.handlers } },
  play: async ({ canvasElement, args }) => {
    booking.reset();
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Buchen' }));
    await pageBody().findByText('Gespeichert.');
    await expect(booking.booked).toEqual([501]);
    await waitFor(() =>
      expect(args.onChanged).toHaveBeenCalledWith(expect.objectContaining({ booked: true })),
    );
  },
};

const noPrice = recordDrivingLessons('errors.no_price');

/** The booking is refused: the server's message as an error toast. */
export const BookingRefused: Story = {
  parameters: { msw: { handlers: noPrice.handlers } },
  play: async ({ canvasElement, args }) => {
    noPrice.reset();
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Buchen' }));
    await pageBody().findByText('Für diese Leistung ist kein Preis hinterlegt.');
    await expect(noPrice.booked).toEqual([501]);
    await expect(args.onChanged).not.toHaveBeenCalled();
  },
};

/** "Unterschreiben und buchen" opens the signature dialog. */
export const OpensSignature: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: 'Unterschreiben und buchen' }),
    );
    const signature = within(
      await pageBody().findByRole('dialog', { name: 'Unterschrift des Fahrschülers' }),
    );
    await expect(signature.getByRole('img', { name: 'Unterschriftsfeld' })).toBeVisible();
  },
};

const deleting = recordDrivingLessons();

/** Deleting asks first, then `DELETE /driving-lessons/{id}`. */
export const Delete: Story = {
  parameters: { msw: { handlers: deleting.handlers } },
  play: async ({ canvasElement, args }) => {
    deleting.reset();
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: 'Fahrstunde löschen' }),
    );
    const confirm = within(
      await pageBody().findByRole('alertdialog', { name: 'Fahrstunde löschen?' }),
    );
    await expect(
      confirm.getByText(
        'Die Fahrstunde am 02.03.2026 um 10:00 Uhr wird gelöscht und ihre Buchung rückgängig gemacht.',
      ),
    ).toBeVisible();
    await userEvent.click(confirm.getByRole('button', { name: 'Löschen' }));
    await pageBody().findByText('Gelöscht.');
    await expect(deleting.deleted).toEqual([501]);
    await waitFor(() => expect(args.onDeleted).toHaveBeenCalled());
  },
};
