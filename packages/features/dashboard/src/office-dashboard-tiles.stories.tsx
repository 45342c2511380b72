import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import {
  emptyDashboard,
  mockOfficeDashboard,
  officeDashboardHandlers,
  ownerDashboard,
} from './mocks/handlers';
import { OfficeDashboardTiles } from './office-dashboard-tiles';

const meta = {
  title: 'Features/Dashboard/OfficeDashboardTiles',
  component: OfficeDashboardTiles,
  parameters: { msw: { handlers: [officeDashboardHandlers.owner] } },
} satisfies Meta<typeof OfficeDashboardTiles>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The tile (a `<section>` named by its heading) with this title. */
const tile = (canvasElement: HTMLElement, name: string) =>
  within(within(canvasElement).getByRole('region', { name }));

/** The tiles' headings, in order. */
const tileTitles = (canvasElement: HTMLElement) =>
  within(canvasElement)
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

/** Inhaber: every section, each with something to do. */
export const Owner: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('region', { name: 'Neue Anmeldungen' });
    await expect(tileTitles(canvasElement)).toEqual([
      'Neue Anmeldungen',
      'Ungelesene E-Mails',
      'Offene Aufgaben',
      'Fahrzeuge mit fälliger HU/SP',
      'Fehlgeschlagene Lastschriften',
      'Prüfungsfrist läuft ab',
      'Nächste Theoriekurse',
      'Umsatz',
    ]);

    const registrations = tile(canvasElement, 'Neue Anmeldungen');
    await expect(registrations.getByText('3').parentElement).toHaveTextContent(
      '3 neue Anmeldungen',
    );
    await expect(registrations.getByRole('link', { name: 'Zu den Anmeldungen' })).toHaveAttribute(
      'href',
      '/registration',
    );
    const mails = tile(canvasElement, 'Ungelesene E-Mails');
    await expect(mails.getByText('12').parentElement).toHaveTextContent('12 ungelesene E-Mails');
    await expect(mails.getByRole('link', { name: 'Zum Postfach' })).toHaveAttribute(
      'href',
      '/email',
    );

    const todos = tile(canvasElement, 'Offene Aufgaben');
    await expect(todos.getByText('7').parentElement).toHaveTextContent('7 offene Aufgaben');
    await expect(todos.getByText('2 überfällig')).toBeVisible();
    const todoItems = within(todos.getByRole('list', { name: 'Die nächsten fälligen Aufgaben' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    await expect(todoItems).toEqual([
      'Sehtest von Lena Schmidt nachfordernüberfällig seit 20.11.2026',
      'Rückruf Frau Wagner wegen Prüfungsterminüberfällig seit 24.11.2026',
      'Erste-Hilfe-Nachweis prüfenheute fällig',
      'Rechnung Sammelbestellung Lehrmaterialfällig 03.12.2026',
      'Fotos für die Webseite aussuchenohne Fälligkeit',
    ]);
    await expect(todos.getByRole('link', { name: 'Zu den Aufgaben' })).toHaveAttribute(
      'href',
      '/todo',
    );

    const vehicles = tile(canvasElement, 'Fahrzeuge mit fälliger HU/SP');
    await expect(vehicles.getByText('SP überfällig seit 18.11.2026')).toBeVisible();
    await expect(vehicles.getByText('HU fällig 03.12.2026')).toBeVisible();
    await expect(vehicles.getByText('B-FW 123')).toBeVisible();
    await expect(vehicles.getByRole('link', { name: 'Zu den Fahrzeugen' })).toHaveAttribute(
      'href',
      '/vehicles',
    );

    const debits = tile(canvasElement, 'Fehlgeschlagene Lastschriften');
    const becker = debits.getByRole('link', { name: 'Jonas Becker' });
    await expect(becker).toHaveAttribute('href', '/students/edit/7?tab=payments');
    const beckerRow = becker.closest('li') as HTMLElement;
    await expect(beckerRow).toHaveTextContent('Klasse B · Lastschrift vom 24.11.2026');
    await expect(beckerRow).toHaveTextContent('84,00 €');
    await expect(beckerRow).toHaveTextContent('zurückgebucht');
    await expect(debits.getByText('249,50 €')).toBeVisible();
    await expect(debits.getByRole('link', { name: 'Zu Live-Pay' })).toHaveAttribute(
      'href',
      '/automatic-payments-live-pay',
    );

    const exams = tile(canvasElement, 'Prüfungsfrist läuft ab');
    const examRows = exams.getAllByRole('listitem');
    await expect(examRows[0]).toHaveTextContent('Sophie Hoffmann');
    await expect(examRows[0]).toHaveTextContent('Frist endete am 24.11.2026');
    await expect(examRows[0]).toHaveTextContent('abgelaufen');
    await expect(examRows[1]).toHaveTextContent('Frist endet am 26.11.2026');
    await expect(examRows[1]).toHaveTextContent('heute');
    await expect(examRows[2]).toHaveTextContent('Klasse B · Frist endet am 08.12.2026');
    await expect(examRows[2]).toHaveTextContent('noch 12 Tage');
    await expect(exams.getByRole('link', { name: 'Mia Wagner' })).toHaveAttribute(
      'href',
      '/students/edit/12?tab=educations',
    );

    const theory = tile(canvasElement, 'Nächste Theoriekurse');
    const course = theory.getByRole('link', { name: 'Grundstoff Dezember (abends)' });
    await expect(course).toHaveAttribute('href', '/theory?course=31');
    await expect(course.closest('li')).toHaveTextContent('01.12.2026 – 15.12.2026');
    await expect(course.closest('li')).toHaveTextContent('8 von 12 Plätzen belegt');
    await expect(theory.getByText('ausgebucht')).toBeVisible();
    await expect(theory.getByText('09.01.2027')).toBeVisible();
    await expect(theory.getByRole('link', { name: 'Zu den Theoriekursen' })).toHaveAttribute(
      'href',
      '/theory',
    );

    const revenue = tile(canvasElement, 'Umsatz');
    await expect(revenue.getByText('November 2026 bis heute')).toBeVisible();
    await expect(revenue.getByText('4812,50 €')).toBeVisible();
    await expect(revenue.getByText('+11,9 % gegenüber 1.–26. Oktober (4300,00 €)')).toBeVisible();
    await expect(revenue.getByText('Oktober gesamt: 9870,00 €')).toBeVisible();
    await expect(revenue.getByRole('link', { name: 'Zu den Finanzen' })).toHaveAttribute(
      'href',
      '/finances',
    );
  },
};

/** Büro: registrations, mail, to-dos, failed debits and theory courses; no fleet, no revenue. */
export const Office: Story = {
  parameters: { msw: { handlers: [officeDashboardHandlers.office] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('region', { name: 'Neue Anmeldungen' });
    await expect(tileTitles(canvasElement)).toEqual([
      'Neue Anmeldungen',
      'Ungelesene E-Mails',
      'Offene Aufgaben',
      'Fehlgeschlagene Lastschriften',
      'Nächste Theoriekurse',
    ]);
    await expect(canvas.getByText('84,00 €')).toBeVisible();
    await expect(canvas.queryByText('HU fällig 03.12.2026')).toBeNull();
    await expect(canvas.queryByRole('region', { name: 'Umsatz' })).toBeNull();
    await expect(canvas.queryByRole('link', { name: 'Zu den Finanzen' })).toBeNull();
  },
};

/** Fahrlehrer: their own to-dos and the next theory courses. */
export const Instructor: Story = {
  parameters: { msw: { handlers: [officeDashboardHandlers.instructor] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('region', { name: 'Offene Aufgaben' });
    await expect(tileTitles(canvasElement)).toEqual(['Offene Aufgaben', 'Nächste Theoriekurse']);
    const todos = tile(canvasElement, 'Offene Aufgaben');
    await expect(todos.getByText('2').parentElement).toHaveTextContent('2 offene Aufgaben');
    await expect(todos.queryByText(/überfällig/)).toBeNull();
    await expect(todos.getByText('fällig 27.11.2026')).toBeVisible();
    await expect(canvas.getAllByRole('link', { name: /^Grundstoff|^Ferienkurs/ })).toHaveLength(2);
  },
};

/** A user holding none of the sections' permissions: no tiles, a calm line. */
export const InstructorWithoutTiles: Story = {
  parameters: { msw: { handlers: [officeDashboardHandlers.todayOnly] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Nichts offen');
    await expect(canvas.queryAllByRole('heading', { level: 3 })).toHaveLength(0);
  },
};

/** Every section present, nothing to do: each tile stays, calm. */
export const Empty: Story = {
  parameters: { msw: { handlers: [officeDashboardHandlers.empty] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('region', { name: 'Neue Anmeldungen' });
    await expect(tileTitles(canvasElement)).toHaveLength(8);
    for (const name of [
      'Neue Anmeldungen',
      'Ungelesene E-Mails',
      'Offene Aufgaben',
      'Fahrzeuge mit fälliger HU/SP',
      'Fehlgeschlagene Lastschriften',
      'Prüfungsfrist läuft ab',
    ]) {
      await expect(tile(canvasElement, name).getByText('Nichts offen')).toBeVisible();
    }
    await expect(
      tile(canvasElement, 'Nächste Theoriekurse').getByText('Keine Kurse geplant'),
    ).toBeVisible();
    const revenue = tile(canvasElement, 'Umsatz');
    await expect(revenue.getByText('Dezember 2026 bis heute')).toBeVisible();
    await expect(revenue.getByText('0,00 €')).toBeVisible();
    await expect(revenue.getByText('1. November: kein Umsatz')).toBeVisible();
    await expect(revenue.getByText('November gesamt: 12045,00 €')).toBeVisible();
    // The links stay: the screens are there even with nothing open.
    await expect(canvas.getByRole('link', { name: 'Zu den Anmeldungen' })).toHaveAttribute(
      'href',
      '/registration',
    );
  },
};

const failingOnce = mockOfficeDashboard(ownerDashboard, 1);

/** The server fails (500): a German alert; "Erneut versuchen" loads the tiles. */
export const ErrorAndRetry: Story = {
  parameters: { msw: { handlers: failingOnce.handlers } },
  beforeEach: () => failingOnce.reset(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Die Übersicht konnte nicht geladen werden.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Erneut versuchen' }));
    await canvas.findByRole('region', { name: 'Umsatz' });
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(failingOnce.state.calls).toBe(2);
  },
};

/** The server stays down: the alert stays, nothing else. */
export const ServerDown: Story = {
  parameters: { msw: { handlers: [officeDashboardHandlers.down] } },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('Die Übersicht konnte nicht geladen werden.');
    await expect(within(canvasElement).queryAllByRole('heading', { level: 3 })).toHaveLength(0);
  },
};

/** While the answer is on its way: a spinner announced to screen readers, placeholders. */
export const Loading: Story = {
  parameters: { msw: { handlers: [officeDashboardHandlers.loading] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Übersicht wird geladen …');
    await expect(canvas.getByRole('heading', { name: 'Was heute ansteht' })).toBeVisible();
    await expect(canvas.queryAllByRole('heading', { level: 3 })).toHaveLength(0);
  },
};

/** A host under another base path maps the links. */
export const LinksOfAHost: Story = {
  args: { linkTo: (path: string) => `/fahrschule${path}` },
  parameters: { msw: { handlers: mockOfficeDashboard(emptyDashboard).handlers } },
  play: async ({ canvasElement }) => {
    const link = await within(canvasElement).findByRole('link', { name: 'Zu den Aufgaben' });
    await expect(link).toHaveAttribute('href', '/fahrschule/todo');
  },
};
