import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { masterDataFixture } from './mocks/handlers';
import {
  FRESH_SCHOOL,
  READY_SCHOOL,
  resetSetupMocks,
  type SetupAnswers,
  setupHandlers,
} from './mocks/setup-handlers';
import { OnboardingSuccessScreen } from './onboarding-success-screen';

const meta = {
  title: 'Features/Settings/OnboardingSuccessScreen',
  component: OnboardingSuccessScreen,
  args: { onOpenStep: fn() },
  beforeEach: () => resetSetupMocks(),
  parameters: { msw: { handlers: setupHandlers(FRESH_SCHOOL) } },
} satisfies Meta<typeof OnboardingSuccessScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const withAnswers = (answers: Partial<SetupAnswers>) => ({
  msw: { handlers: setupHandlers({ ...FRESH_SCHOOL, ...answers }) },
});

/** The list item of a step, found by its heading. */
async function step(canvasElement: HTMLElement, title: string) {
  const heading = await within(canvasElement).findByRole('heading', { name: title, level: 3 });
  return within(heading.closest('li') as HTMLElement);
}

/** Right after the online onboarding: every step open, the master data says what it lacks. */
export const AllOpen: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Willkommen bei Fahrwerk', level: 1 });
    await canvas.findByText(/Die Online-Einrichtung von Fahrschule Sonnenschein/);
    await canvas.findByText('0 von 6 erledigt');
    await expect(canvas.getAllByText('Offen')).toHaveLength(6);
    const masterData = await step(canvasElement, 'Stammdaten vervollständigen');
    await masterData.findByText(
      'Es fehlen noch: E-Mail, Anschrift, Bundesland, Steuernummer oder USt-IdNr., IBAN und Gläubiger-ID.',
    );
    const vehicle = await step(canvasElement, 'Fahrzeug anlegen');
    await vehicle.findByText(/Noch kein Fahrzeug/);
    await expect(
      canvas.getByRole('progressbar', { name: 'Fortschritt der Einrichtung' }),
    ).toHaveAttribute('aria-valuenow', '0');
    // The first open step is the one to start with.
    await userEvent.click(masterData.getByRole('button', { name: 'Zu den Stammdaten' }));
    await expect(args.onOpenStep).toHaveBeenCalledWith('masterData');
  },
};

/** Part of the way: the counts come from the school's data. */
export const SomeDone: Story = {
  parameters: withAnswers({
    masterData: { ...masterDataFixture, iban: undefined, creditorId: undefined },
    mailAccounts: 2,
    instructors: 1,
    vehicles: 3,
    branches: 1,
  }),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('4 von 6 erledigt');
    const masterData = await step(canvasElement, 'Stammdaten vervollständigen');
    await masterData.findByText('Offen');
    await masterData.findByText('Es fehlen noch: IBAN und Gläubiger-ID.');
    const mail = await step(canvasElement, 'E-Mail-Konto einrichten');
    await mail.findByText('Erledigt');
    await mail.findByText('2 E-Mail-Konten sind eingerichtet.');
    const instructor = await step(canvasElement, 'Ersten Fahrlehrer anlegen');
    await instructor.findByText('1 Fahrlehrer ist angelegt.');
    const priceList = await step(canvasElement, 'Preisliste anlegen');
    await priceList.findByText('Offen');
    await userEvent.click(canvas.getByRole('button', { name: 'Zu den Preislisten' }));
    await expect(args.onOpenStep).toHaveBeenCalledWith('priceList');
    await userEvent.click(canvas.getByRole('button', { name: 'Zu den Fahrzeugen' }));
    await expect(args.onOpenStep).toHaveBeenCalledWith('vehicle');
  },
};

export const AllDone: Story = {
  parameters: { msw: { handlers: setupHandlers(READY_SCHOOL) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('6 von 6 erledigt – Alles erledigt – Ihre Fahrschule ist startklar.');
    await expect(canvas.getAllByText('Erledigt')).toHaveLength(6);
    await expect(canvas.queryByText('Offen')).toBeNull();
    await canvas.findByText(
      'E-Mail, Anschrift, Steuernummer, IBAN und Gläubiger-ID sind hinterlegt.',
    );
    await canvas.findByText('4 Fahrzeuge sind angelegt.');
    await expect(canvas.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '6');
  },
};

export const Loading: Story = {
  parameters: {
    msw: {
      handlers: setupHandlers({
        masterData: 'loading',
        mailAccounts: 'loading',
        priceLists: 'loading',
        instructors: 'loading',
        vehicles: 'loading',
        branches: 'loading',
      }),
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      'Die Schritte werden geprüft …',
    );
    await expect(canvas.getAllByText('Wird geprüft …')).toHaveLength(6);
    // The steps' screens can be opened meanwhile.
    await expect(canvas.getByRole('button', { name: 'Zu den Filialen' })).toBeInTheDocument();
  },
};

/** One call fails: that step says so and asks again on its own; the others are unaffected. */
export const StepFailsWithRetry: Story = {
  parameters: withAnswers({ mailAccounts: { failOnce: 1 }, vehicles: 2 }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const mail = await step(canvasElement, 'E-Mail-Konto einrichten');
    await expect(await mail.findByRole('alert')).toHaveTextContent(
      'Der Stand konnte nicht geprüft werden.',
    );
    await mail.findByText('Nicht geprüft');
    await canvas.findByText('1 von 6 erledigt');
    const vehicle = await step(canvasElement, 'Fahrzeug anlegen');
    await vehicle.findByText('Erledigt');
    await expect(canvas.getAllByRole('button', { name: 'Erneut prüfen' })).toHaveLength(1);

    await userEvent.click(mail.getByRole('button', { name: 'Erneut prüfen' }));
    await mail.findByText('1 E-Mail-Konto ist eingerichtet.');
    await canvas.findByText('2 von 6 erledigt');
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** The server refuses one call (403): the step is "not visible", the page works on. */
export const StepForbidden: Story = {
  parameters: withAnswers({ vehicles: 'forbidden', branches: 1 }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const vehicle = await step(canvasElement, 'Fahrzeug anlegen');
    await vehicle.findByText('Nicht einsehbar');
    await vehicle.findByText(/Dafür fehlt Ihrer Rolle die Berechtigung/);
    await expect(vehicle.queryByRole('button')).toBeNull();
    await canvas.findByText('1 von 6 erledigt');
    await canvas.findByText('1 Schritt ist für Ihre Rolle nicht einsehbar.');
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/**
 * A user without the company module: the calls that need it are not made, their steps are
 * "not visible"; the instructors (any user may list them) still show. The host offers no
 * button to screens the user may not open.
 */
export const WithoutCompanyModule: Story = {
  args: { canOpenStep: () => false },
  parameters: { permissions: [], ...withAnswers({ instructors: 2 }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('1 von 6 erledigt');
    await expect(canvas.getAllByText('Nicht einsehbar')).toHaveLength(5);
    await canvas.findByText('5 Schritte sind für Ihre Rolle nicht einsehbar.');
    const instructor = await step(canvasElement, 'Ersten Fahrlehrer anlegen');
    await instructor.findByText('2 Fahrlehrer sind angelegt.');
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** The same page in English. */
export const English: Story = {
  globals: { locale: 'en' },
  parameters: withAnswers({
    masterData: { ...masterDataFixture, vatId: undefined, vatTaxNumber: undefined },
    branches: 2,
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Welcome to Fahrwerk', level: 1 });
    await canvas.findByText('1 of 6 done');
    await canvas.findByText('Still missing: tax number or VAT id.');
    await waitFor(() => expect(canvas.getByText('2 branches exist.')).toBeInTheDocument());
  },
};
