import { errorBody } from '@fahrwerk/api/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import {
  MANDATE_FORM_TOKEN,
  mandatesHandlers,
  recordMandateCalls,
} from './mocks/mandates-handlers';
import { PublicMandateFormScreen } from './public-mandate-form-screen';

const meta = {
  title: 'Features/Payments/PublicMandateFormScreen',
  component: PublicMandateFormScreen,
  args: { token: MANDATE_FORM_TOKEN, onSuccess: fn(), onFailure: fn() },
  parameters: {
    layout: 'fullscreen',
    // The public page needs no sign-in and no permission.
    permissions: [],
  },
} satisfies Meta<typeof PublicMandateFormScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

async function fillAccount(canvas: ReturnType<typeof within>, iban: string) {
  await userEvent.type(await canvas.findByLabelText(/^Kontoinhaber/), 'Monika Berger');
  await userEvent.type(canvas.getByLabelText(/^IBAN/), iban);
}

/** The creditor, the reference, student and class, the SEPA mandate text with the 8-week refund right. */
export const Form: Story = {
  parameters: { msw: { handlers: recordMandateCalls().handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Fahrschule Sonnenschein', level: 1 });
    await expect(canvas.getByText('Hauptstraße 5, 50667 Köln')).toBeInTheDocument();
    await expect(canvas.getByText('DE98ZZZ09999999999')).toBeInTheDocument();
    await expect(canvas.getByText('FS-2026-0011-03')).toBeInTheDocument();
    await expect(canvas.getByText('Lena Berger, Klasse B')).toBeInTheDocument();
    await expect(
      canvas.getByText(
        /Ich ermächtige Fahrschule Sonnenschein, Zahlungen von meinem Konto mittels Lastschrift einzuziehen\. Zugleich weise ich mein Kreditinstitut an/,
      ),
    ).toBeInTheDocument();
    await expect(
      canvas.getByText(/innerhalb von acht Wochen, beginnend mit dem Belastungsdatum/),
    ).toBeInTheDocument();
    await expect(
      canvas.getByText('Dieser Link ist gültig bis 10.12.2026 17:30 Uhr.'),
    ).toBeInTheDocument();
  },
};

const giveCalls = recordMandateCalls();

/** Holder, IBAN (with spaces) and the consent: the mandate is given, the host shows the success page. */
export const GiveMandate: Story = {
  parameters: { msw: { handlers: giveCalls.handlers } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await fillAccount(canvas, 'DE02 1203 0000 0000 2020 51');
    await userEvent.click(
      canvas.getByRole('checkbox', { name: /Ich erteile das SEPA-Lastschriftmandat/ }),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Mandat erteilen' }));
    await waitFor(() => expect(args.onSuccess).toHaveBeenCalled());
    await expect(giveCalls.publicSubmits).toEqual([
      { holderName: 'Monika Berger', iban: 'DE02120300000000202051', consent: true },
    ]);
    await expect(args.onFailure).not.toHaveBeenCalled();
  },
};

const invalidCalls = recordMandateCalls();

/** A typo in the IBAN and no consent: said at the fields, nothing sent. */
export const Invalid: Story = {
  parameters: { msw: { handlers: invalidCalls.handlers } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await fillAccount(canvas, 'DE02 1203 0000 0000 2020 15');
    await userEvent.click(canvas.getByRole('button', { name: 'Mandat erteilen' }));
    await canvas.findByText('Bitte geben Sie eine gültige IBAN ein.');
    await expect(
      canvas.getByText('Bitte bestätigen Sie, dass Sie das Mandat erteilen.'),
    ).toBeInTheDocument();
    await expect(invalidCalls.publicSubmits).toEqual([]);
    await expect(args.onSuccess).not.toHaveBeenCalled();
  },
};

/** The server refuses the IBAN (422 `validation.iban`): shown at the field, the page stays. */
export const IbanRefused: Story = {
  parameters: {
    msw: {
      handlers: recordMandateCalls({
        publicSubmitError: errorBody('validation.iban', {
          fieldErrors: [{ field: 'iban', error: 'validation.iban' }],
        }),
      }).handlers,
    },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await fillAccount(canvas, 'DE89370400440532013000');
    await userEvent.click(canvas.getByRole('checkbox', { name: /Ich erteile/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Mandat erteilen' }));
    await canvas.findByText('Bitte geben Sie eine gültige IBAN ein.');
    await expect(canvas.getByLabelText(/^IBAN/)).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onSuccess).not.toHaveBeenCalled();
    await expect(args.onFailure).not.toHaveBeenCalled();
  },
};

/** The link was used meanwhile (404 on sending): the host shows the failure page. */
export const LinkUsedMeanwhile: Story = {
  parameters: {
    msw: { handlers: recordMandateCalls({ publicSubmitError: 'unknown' }).handlers },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await fillAccount(canvas, 'DE89370400440532013000');
    await userEvent.click(canvas.getByRole('checkbox', { name: /Ich erteile/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Mandat erteilen' }));
    await waitFor(() => expect(args.onFailure).toHaveBeenCalled());
    await expect(args.onSuccess).not.toHaveBeenCalled();
  },
};

/** An unknown, used or expired link (404): straight to the failure page. */
export const UnknownLink: Story = {
  parameters: { msw: { handlers: recordMandateCalls({ publicForm: 'unknown' }).handlers } },
  play: async ({ args }) => {
    await waitFor(() => expect(args.onFailure).toHaveBeenCalledTimes(1));
    await expect(args.onSuccess).not.toHaveBeenCalled();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [mandatesHandlers.publicFormLoading] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('status');
  },
};

/** The server is down: a German message and "try again", not the failure page. */
export const LoadError: Story = {
  parameters: { msw: { handlers: [mandatesHandlers.publicFormDown] } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(
      'Das Formular konnte nicht geladen werden. Bitte versuchen Sie es später erneut.',
    );
    await expect(args.onFailure).not.toHaveBeenCalled();
  },
};

/** On a phone: one column, the button across the width. */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  parameters: { msw: { handlers: recordMandateCalls().handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('button', { name: 'Mandat erteilen' });
  },
};
