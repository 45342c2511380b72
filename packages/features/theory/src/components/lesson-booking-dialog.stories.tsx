import { pageBody } from '@fahrwerk/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { courseStudentsFixture, lessonsFixture, recordTheoryCalls } from '../mocks/handlers';
import { LessonBookingDialog } from './lesson-booking-dialog';

const calls = recordTheoryCalls();

const meta = {
  title: 'Features/Theory/LessonBookingDialog',
  component: LessonBookingDialog,
  args: {
    isOpen: true,
    onOpenChange: fn(),
    lesson: lessonsFixture[3],
    candidates: courseStudentsFixture,
    freePlaces: 17,
  },
  beforeEach: () => calls.reset(),
  parameters: { msw: { handlers: calls.handlers } },
} satisfies Meta<typeof LessonBookingDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = async () =>
  within(await pageBody().findByRole('dialog', { name: 'Teilnehmer eintragen' }));

/** The additional lesson for class B: Lena and Jonas fit, Aylin (class A) does not. */
export const ClassMismatch: Story = {
  play: async () => {
    const booking = await dialog();
    for (const name of ['Lena Müller', 'Jonas Schmidt', 'Aylin Yilmaz']) {
      await userEvent.click(booking.getByRole('checkbox', { name }));
    }
    await booking.findByText('die Klasse passt nicht zu dieser Lektion');
    await userEvent.click(await booking.findByRole('button', { name: '2 buchen' }));
    await pageBody().findByText('Die Teilnahme wurde gebucht.');
    await expect(calls.booked).toEqual([{ lessonId: 504, studentIds: [11, 12] }]);
  },
};

/** No lesson: refused before any call, with the spec's text (translated). */
export const MissingLessonId: Story = {
  args: { lesson: undefined },
  play: async () => {
    const booking = await dialog();
    await userEvent.click(booking.getByRole('checkbox', { name: 'Lena Müller' }));
    await userEvent.click(booking.getByRole('button', { name: 'Buchen' }));
    await booking.findByText('Keine Theorielektion angegeben');
    await expect(calls.booked).toEqual([]);
  },
};
