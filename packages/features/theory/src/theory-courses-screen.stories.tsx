import { clearListFilters } from '@fahrwerk/core';
import { chooseMenuItem, pageBody } from '@fahrwerk/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { recordTheoryCalls, theoryHandlers } from './mocks/handlers';
import { TheoryCoursesScreen } from './theory-courses-screen';

const full = recordTheoryCalls();

const meta = {
  title: 'Features/Theory/TheoryCoursesScreen',
  component: TheoryCoursesScreen,
  args: { onOpenCourse: fn() },
  beforeEach: () => clearListFilters(),
  parameters: { msw: { handlers: full.handlers } },
} satisfies Meta<typeof TheoryCoursesScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Types by pasting: per-key typing is too slow for the test timeout on a busy machine. */
async function fill(input: HTMLElement, text: string) {
  await userEvent.click(input);
  await userEvent.paste(text);
}

export const Full: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Intensivkurs März');
    await expect(canvas.getByText('02.03.2026 – 13.03.2026')).toBeInTheDocument();
    await expect(canvas.getByText('17 frei von 20')).toBeInTheDocument();
    await expect(canvas.getByText('2 von 4 gehalten')).toBeInTheDocument();
    await expect(canvas.getByText('alle Klassen')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Kurs anlegen' })).toBeInTheDocument();
    await userEvent.click(canvas.getByText('Intensivkurs März'));
    await waitFor(() => expect(args.onOpenCourse).toHaveBeenCalledWith(1));
  },
};

/** A course without free places says so. */
export const CourseFull: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Abendkurs April');
    await expect(canvas.getByText('Ausgebucht')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [theoryHandlers.listEmpty, ...full.handlers] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Noch keine Theoriekurse angelegt.');
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [theoryHandlers.listLoading, ...full.handlers] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findAllByRole('status')).not.toHaveLength(0);
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [theoryHandlers.listError, ...full.handlers] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Die Liste konnte nicht geladen werden.');
  },
};

export const ReadOnly: Story = {
  parameters: { permissions: ['MODULE_THEORY'] },
  args: { onOpenCourse: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Intensivkurs März');
    await expect(canvas.getByText('Sie dürfen diese Daten nur ansehen.')).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Kurs anlegen' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: /Aktionen für/ })).toBeNull();
  },
};

/** The class filter is remembered: a second mount shows it again. */
export const FiltersByClass: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Intensivkurs März');
    await userEvent.click(canvas.getByRole('button', { name: /Klasse/ }));
    await userEvent.click(await pageBody().findByRole('option', { name: 'BE' }));
    await waitFor(() =>
      expect(
        JSON.parse(localStorage.getItem('fahrwerk.filter.theoryLesson') ?? '{}'),
      ).toMatchObject({
        licenseClass: 'BE',
      }),
    );
  },
};

async function openNewCourse(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('button', { name: 'Kurs anlegen' }));
  return within(await pageBody().findByRole('dialog', { name: 'Neuer Theoriekurs' }));
}

export const FormValidation: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openNewCourse(canvasElement);
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await dialog.findByText('Bitte geben Sie eine Kurzbeschreibung ein.');
    await expect(dialog.getByText('Bitte geben Sie den Beginn an.')).toBeInTheDocument();
    await expect(dialog.getByText('Bitte geben Sie das Ende an.')).toBeInTheDocument();
    await expect(dialog.getByText('Bitte wählen Sie eine Filiale.')).toBeInTheDocument();
  },
};

/** The server refuses the name: its field error shows at the field. */
export const ServerFieldError: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openNewCourse(canvasElement);
    await fill(dialog.getByRole('textbox', { name: /^Kurzbeschreibung/ }), 'Intensivkurs März');
    for (const [label, day] of [
      ['Beginn', '02.03.2026'],
      ['Ende', '13.03.2026'],
    ] as const) {
      const group = dialog.getByRole('group', { name: new RegExp(`^${label}`) });
      await userEvent.click(within(group).getAllByRole('spinbutton')[0] as HTMLElement);
      await userEvent.keyboard(day.replaceAll('.', ''));
    }
    await userEvent.click(dialog.getByRole('button', { name: /Filiale/ }));
    await userEvent.click(await pageBody().findByRole('option', { name: 'Filiale Mitte' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await dialog.findByText('Dieser Name wird bereits verwendet.');
    await expect(dialog.getByRole('textbox', { name: /^Kurzbeschreibung/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  },
};

export const ArchivesCourse: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await chooseMenuItem(
      () => canvas.findByRole('button', { name: 'Aktionen für Intensivkurs März' }),
      'Archivieren',
    );
    const confirm = within(
      await pageBody().findByRole('alertdialog', { name: 'Kurs archivieren?' }),
    );
    await userEvent.click(confirm.getByRole('button', { name: 'Archivieren' }));
    await pageBody().findByText('Archiviert.');
  },
};

/** The English texts (toolbar language "English"). */
export const InEnglish: Story = {
  globals: { locale: 'en' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('17 free of 20');
    await expect(canvas.getByRole('heading', { name: 'Theory', level: 1 })).toBeInTheDocument();
    await expect(canvas.getByText('Fully booked')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'New course' })).toBeInTheDocument();
  },
};
