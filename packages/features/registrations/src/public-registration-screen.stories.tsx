import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { DEMO_TOKEN, registrationHandlers } from './mocks/handlers';
import { PublicRegistrationScreen } from './public-registration-screen';

const meta = {
  title: 'Features/Registrations/PublicRegistrationScreen',
  component: PublicRegistrationScreen,
  args: { token: DEMO_TOKEN },
  parameters: {
    layout: 'fullscreen',
    // The public page needs no sign-in and no permission.
    permissions: [],
    msw: { handlers: [registrationHandlers.publicForm, registrationHandlers.submitOk] },
  },
} satisfies Meta<typeof PublicRegistrationScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

async function fillPerson(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.type(await canvas.findByLabelText(/^Vorname/), 'Lena');
  await userEvent.type(canvas.getByLabelText(/^Nachname/), 'Neumann');
  const birth = canvas.getAllByRole('spinbutton', { name: /Tag|Monat|Jahr/ });
  await userEvent.type(birth[0] as HTMLElement, '14032008');
  await userEvent.type(canvas.getByLabelText(/^E-Mail-Adresse/), 'lena@example.de');
  await userEvent.click(canvas.getByRole('checkbox', { name: 'Klasse B' }));
  await userEvent.click(canvas.getByRole('checkbox', { name: /Datenschutzerklärung/ }));
}

/** The full form of a school with two branches and a theory course. */
export const Full: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Fahrschule Sonnenschein' });
    await expect(canvas.getByRole('link', { name: /Datenschutzerklärung lesen/ })).toHaveAttribute(
      'href',
      'https://fahrschule-sonnenschein.de/datenschutz',
    );
  },
};

/** Sending a complete form shows the thank-you state. */
export const Submits: Story = {
  play: async ({ canvasElement }) => {
    await fillPerson(canvasElement);
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Anmeldung absenden' }));
    await canvas.findByRole('heading', { name: 'Vielen Dank für Ihre Anmeldung!' });
  },
};

/** Missing input gets German messages at the fields; nothing is sent. */
export const MissingInput: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Anmeldung absenden' }));
    await canvas.findByText('Bitte geben Sie Ihren Vornamen ein.');
    await canvas.findByText('Bitte geben Sie Ihr Geburtsdatum ein.');
    await canvas.findByText('Bitte wählen Sie mindestens eine Führerscheinklasse.');
    await expect(
      canvas.getAllByText('Bitte geben Sie eine E-Mail-Adresse oder eine Telefonnummer an.'),
    ).toHaveLength(2);
    await canvas.findByText(
      'Bitte stimmen Sie der Datenschutzerklärung zu, um die Anmeldung abzusenden.',
    );
    await userEvent.type(canvas.getByLabelText(/^Postleitzahl/), '123');
    await userEvent.click(canvas.getByRole('button', { name: 'Anmeldung absenden' }));
    await canvas.findByText('Die Postleitzahl besteht aus fünf Ziffern.');
  },
};

/** A school with one branch and no courses: no branch or course choice ("empty" extras). */
export const SimpleSchool: Story = {
  parameters: {
    msw: { handlers: [registrationHandlers.publicFormSimple, registrationHandlers.submitOk] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Fahrschule Klein' });
    await expect(canvas.queryByText('Filiale')).toBeNull();
    await expect(canvas.queryByText('Theoriekurs')).toBeNull();
    await expect(canvas.queryByRole('link', { name: /Datenschutzerklärung lesen/ })).toBeNull();
  },
};

/** The server refuses the registration: its German message appears above the form. */
export const RefusedByServer: Story = {
  parameters: {
    msw: { handlers: [registrationHandlers.publicForm, registrationHandlers.submitRefused] },
  },
  play: async ({ canvasElement }) => {
    await fillPerson(canvasElement);
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Anmeldung absenden' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Bitte geben Sie eine E-Mail-Adresse oder eine Telefonnummer an.',
    );
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [registrationHandlers.publicFormLoading] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Anmeldeformular wird geladen …');
  },
};

/** A token that names no school. */
export const UnknownLink: Story = {
  parameters: { msw: { handlers: [registrationHandlers.publicFormUnknown] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText(/Dieser Anmeldelink ist ungültig/);
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: [registrationHandlers.publicFormDown] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText(/konnte nicht geladen werden/);
  },
};

/** The fast-lane link (`?fastlane=1`): only the intensive course is offered, and one is asked for. */
export const Fastlane: Story = {
  args: { preset: { fastlane: true } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(/Anmeldung zum Intensivkurs \(Fast Lane\)/);
    await fillPerson(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Anmeldung absenden' }));
    await canvas.findByText('Bitte wählen Sie einen Intensivkurs.');
    await userEvent.click(canvas.getByRole('button', { name: /Intensivkurs$/ }));
    const options = await screen.findAllByRole('option');
    await expect(options.map((option) => option.textContent)).toEqual([
      'Kein bestimmter Kurs',
      'Ferienkurs Klasse B (06.07.2099 – 17.07.2099)',
    ]);
  },
};

/** A class link (`?klasse=B`) ticks the class; a class the school does not offer is ignored. */
export const ClassPreset: Story = {
  args: { preset: { licenseClass: 'B' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('checkbox', { name: 'Klasse B' })).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: 'Klasse A' })).not.toBeChecked();
  },
};
