import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { recordThemeLoopCalls, themeLoopStateHandlers } from './mocks/theme-loop-handlers';
import { ThemeLoopScreen } from './theme-loop-screen';

const record = recordThemeLoopCalls();

const meta = {
  title: 'Features/Learning/ThemeLoopScreen',
  component: ThemeLoopScreen,
  args: { onStudentChange: fn() },
  beforeEach: () => record.reset(),
  parameters: {
    permissions: ['MODULE_CUSTOMERS'],
    msw: { handlers: record.handlers },
  },
} satisfies Meta<typeof ThemeLoopScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nobody chosen: the catalogue with counts and detail links, opening in a new tab. */
export const Catalogue: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Themenschleife', level: 1 });
    await canvas.findByRole('heading', { name: '1.2 Verhalten im Straßenverkehr', level: 3 });
    await canvas.findByText(
      'Wählen Sie einen Fahrschüler, um seinen Fortschritt je Thema zu sehen.',
    );
    const link = canvas.getByRole('link', { name: 'Erläuterung öffnen: 1.2.04 Abstand' });
    await expect(link).toHaveAttribute('href', 'https://fahrwerk.example/erlaeuterungen/abstand');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(canvas.getAllByText('2 Fragen')).toHaveLength(3);
    await canvas.findByText('Keine Erläuterung hinterlegt');
    // Without MODULE_THEORY_WRITE the link cannot be edited.
    await expect(canvas.queryByRole('button', { name: /Erläuterungs-Link bearbeiten/ })).toBeNull();
  },
};

/** With MODULE_THEORY_WRITE: a wrong address is refused in German, a right one is saved. */
export const EditDetailsLink: Story = {
  parameters: { permissions: ['MODULE_CUSTOMERS', 'MODULE_THEORY_WRITE'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Erläuterungs-Link bearbeiten: 1.2.08 Vorfahrt' }),
    );
    const dialog = within(await page.findByRole('dialog'));
    const field = dialog.getByRole('textbox', { name: 'Link zur Erläuterung' });
    await userEvent.type(field, 'vorfahrt-erklaert');
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await dialog.findByText(
      'Bitte geben Sie eine gültige Adresse ein, die mit http:// oder https:// beginnt.',
    );
    await expect(record.calls.puts).toEqual([
      { subCategoryNumber: '1.2.08', body: 'vorfahrt-erklaert' },
    ]);
    await userEvent.clear(field);
    await userEvent.type(field, 'https://fahrwerk.example/erlaeuterungen/vorfahrt');
    await userEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull());
    await expect(record.calls.puts[1]).toEqual({
      subCategoryNumber: '1.2.08',
      body: 'https://fahrwerk.example/erlaeuterungen/vorfahrt',
    });
    await canvas.findByRole('link', { name: 'Erläuterung öffnen: 1.2.08 Vorfahrt' });
  },
};

/** Lena chosen: Basiswissen, Klasse B and Klasse A with progress; a subcategory's questions. */
export const StudentProgress: Story = {
  args: { studentId: 42 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Basiswissen', level: 2 });
    await canvas.findByRole('heading', { name: 'Klasse B', level: 2 });
    await canvas.findByRole('heading', { name: 'Klasse A', level: 2 });
    const bar = canvas.getByRole('progressbar', { name: 'Fortschritt 1.2.04 Abstand' });
    await expect(bar).toHaveAttribute('aria-valuenow', '1');
    await expect(bar).toHaveAttribute('aria-valuetext', '1 von 2 richtig');
    await expect(canvas.getAllByText('2 von 2 richtig').length).toBeGreaterThan(0);

    await userEvent.click(canvas.getByRole('button', { name: 'Fragen ansehen: 1.2.04 Abstand' }));
    await canvas.findByRole('heading', { name: '1.2.04 Abstand · Klasse B', level: 2 });
    const questions = await canvas.findAllByRole('heading', { level: 3 });
    await expect(questions).toHaveLength(2);
    await canvas.findByText(/2× richtig · 1× falsch · Zuletzt falsch · Zuletzt beantwortet am/);
    await canvas.findByText('Noch nicht beantwortet');
    await expect(canvas.queryByRole('list', { name: 'Lösung' })).toBeNull();
    await userEvent.click(
      canvas.getAllByRole('button', { name: 'Lösung zeigen' })[0] as HTMLElement,
    );
    const solution = within(await canvas.findByRole('list', { name: 'Lösung' }));
    await expect(solution.getAllByText(/\(richtig\)/).length).toBeGreaterThan(0);
    await userEvent.click(canvas.getByRole('button', { name: 'Zurück zur Übersicht' }));
    await canvas.findByRole('heading', { name: 'Basiswissen', level: 2 });
  },
};

/** A student without categories. */
export const StudentEmpty: Story = {
  args: { studentId: 43 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Für diesen Fahrschüler gibt es noch keine Themen.');
  },
};

/** The student's list fails: a retry is offered. */
export const StudentError: Story = {
  args: { studentId: 42 },
  parameters: {
    msw: { handlers: [themeLoopStateHandlers.studentDown, ...record.handlers] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Der Fortschritt konnte nicht geladen werden.');
    await expect(canvas.getByRole('button', { name: /erneut/i })).toBeVisible();
  },
};

/** Without MODULE_CUSTOMERS: no student part, the catalogue only. */
export const StudentForbidden: Story = {
  args: { studentId: 42 },
  parameters: { permissions: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Keine Berechtigung');
    await expect(canvas.queryByRole('combobox')).toBeNull();
    await canvas.findByRole('heading', { name: '1.1 Gefahrenlehre', level: 3 });
  },
};

/** While the catalogue loads. */
export const Loading: Story = {
  parameters: {
    msw: { handlers: [themeLoopStateHandlers.catalogueLoading, ...record.handlers] },
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Die Themen werden geladen …');
  },
};

/** No topics yet. */
export const Empty: Story = {
  parameters: {
    msw: { handlers: [themeLoopStateHandlers.catalogueEmpty, ...record.handlers] },
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Es sind noch keine Themen angelegt.');
  },
};

let failing = true;
/** The catalogue fails; after the server is back "Erneut versuchen" shows it. */
export const CatalogueError: Story = {
  beforeEach: () => {
    failing = true;
  },
  parameters: {
    msw: {
      handlers: [themeLoopStateHandlers.catalogueDownWhile(() => failing), ...record.handlers],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Die Themen konnten nicht geladen werden.');
    failing = false;
    await userEvent.click(canvas.getByRole('button', { name: /erneut/i }));
    await canvas.findByRole('heading', { name: '1.1 Gefahrenlehre', level: 3 });
  },
};

/** English texts. */
export const English: Story = {
  globals: { locale: 'en' },
  args: { studentId: 42 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Base knowledge', level: 2 });
    await canvas.findByRole('heading', { name: 'Class B', level: 2 });
  },
};
