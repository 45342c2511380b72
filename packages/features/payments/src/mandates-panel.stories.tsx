import { errorBody } from '@fahrwerk/api/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { MandatesPanel } from './mandates-panel';
import {
  confirmedMandate,
  mandatesHandlers,
  recordMandateCalls,
  revokedMandate,
  STUDENT_ID,
  unconfirmedMandate,
} from './mocks/mandates-handlers';

const body = () => within(document.body);

const cardOf = (canvas: ReturnType<typeof within>, reference: string) =>
  within(canvas.getByRole('article', { name: reference }));

/** Pastes a long value in one input event: typing it key by key took most of a story's time. */
async function fill(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

async function typeDate(scope: ReturnType<typeof within>, digits: string) {
  const [day] = scope.getAllByRole('spinbutton', { name: /Tag/ });
  await userEvent.type(day as HTMLElement, digits);
}

const meta = {
  title: 'Features/Payments/MandatesPanel',
  component: MandatesPanel,
  args: { studentId: STUDENT_ID, defaultEmail: 'lena.berger@example.de' },
} satisfies Meta<typeof MandatesPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every status: the confirmed mandate with its lapse day, the unconfirmed one to confirm, revoked and lapsed ones without actions. */
export const Mandates: Story = {
  parameters: { msw: { handlers: recordMandateCalls().handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('article', { name: 'FS-2026-0011-01' });
    const confirmed = cardOf(canvas, 'FS-2026-0011-01');
    await expect(confirmed.getByText('Bestätigt')).toBeInTheDocument();
    await expect(confirmed.getByText('DE89 •••• •••• •••• ••30 00')).toBeInTheDocument();
    await expect(confirmed.getByText('Lena Berger')).toBeInTheDocument();
    await expect(confirmed.getByText('10.02.2026')).toBeInTheDocument();
    await expect(confirmed.getByText('15.10.2026')).toBeInTheDocument();
    // Lapses 36 months after the last debit.
    await expect(confirmed.getByText('15.10.2029')).toBeInTheDocument();
    await expect(confirmed.getByText('Folgelastschrift (RCUR)')).toBeInTheDocument();
    await expect(await confirmed.findByText('Klasse B')).toBeInTheDocument();
    await expect(confirmed.queryByRole('button', { name: /Bestätigen/ })).toBeNull();
    await expect(confirmed.getByRole('button', { name: /Widerrufen/ })).toBeInTheDocument();

    const unconfirmed = cardOf(canvas, 'FS-2026-0011-02');
    await expect(unconfirmed.getByText('Unbestätigt')).toBeInTheDocument();
    await expect(unconfirmed.getByText('Alle Ausbildungen')).toBeInTheDocument();
    await expect(unconfirmed.getByText('Erstlastschrift (FRST)')).toBeInTheDocument();
    await expect(unconfirmed.getByRole('button', { name: /Bestätigen/ })).toBeInTheDocument();

    const revoked = cardOf(canvas, 'FS-2024-0011-01');
    await expect(revoked.getByText('Widerrufen')).toBeInTheDocument();
    await expect(revoked.getByText('01.12.2025')).toBeInTheDocument();
    await expect(revoked.queryByRole('button')).toBeNull();
    const expired = cardOf(canvas, 'FS-2021-0011-01');
    await expect(expired.getByText('Verfallen')).toBeInTheDocument();
    await expect(expired.queryByRole('button')).toBeNull();
  },
};

const createCalls = recordMandateCalls();

/** A signed paper form with its date: the mandate is confirmed at once; the IBAN is sent without spaces. */
export const CreateConfirmed: Story = {
  args: { studentEducationId: 111 },
  parameters: { msw: { handlers: createCalls.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Mandat erfassen' }));
    const dialog = within(
      await body().findByRole('dialog', { name: 'Lastschriftmandat erfassen' }),
    );
    await fill(dialog.getByLabelText(/^Kontoinhaber/), 'Lena Berger');
    await fill(dialog.getByLabelText(/^IBAN/), 'de44 5001 0517 5407 3249 31');
    await fill(dialog.getByLabelText(/^Mandatsreferenz/), 'FS-2026-0011-09');
    await typeDate(dialog, '20112026');
    await userEvent.click(dialog.getByRole('button', { name: 'Mandat anlegen' }));
    await body().findByText('Das Mandat FS-2026-0011-09 wurde angelegt.');
    await expect(createCalls.created).toEqual([
      {
        studentId: STUDENT_ID,
        studentEducationId: 111,
        holderName: 'Lena Berger',
        iban: 'DE44500105175407324931',
        reference: 'FS-2026-0011-09',
        signedAt: '2026-11-20',
      },
    ]);
    const card = within(await canvas.findByRole('article', { name: 'FS-2026-0011-09' }));
    await expect(card.getByText('Bestätigt')).toBeInTheDocument();
  },
};

const unsignedCalls = recordMandateCalls();

/** Without a date of signature the mandate stays unconfirmed; without an education it serves all. */
export const CreateUnconfirmed: Story = {
  parameters: { msw: { handlers: unsignedCalls.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Mandat erfassen' }));
    const dialog = within(
      await body().findByRole('dialog', { name: 'Lastschriftmandat erfassen' }),
    );
    await fill(dialog.getByLabelText(/^Kontoinhaber/), 'Monika Berger');
    await fill(dialog.getByLabelText(/^IBAN/), 'DE15370501980001234567');
    await userEvent.click(dialog.getByRole('button', { name: 'Mandat anlegen' }));
    await body().findByText(/Das Mandat FS-2026-0011-600 wurde angelegt\./);
    await expect(unsignedCalls.created).toEqual([
      { studentId: STUDENT_ID, holderName: 'Monika Berger', iban: 'DE15370501980001234567' },
    ]);
    const card = within(await canvas.findByRole('article', { name: 'FS-2026-0011-600' }));
    await expect(card.getByText('Unbestätigt')).toBeInTheDocument();
  },
};

const invalidCalls = recordMandateCalls();

/** A typo in the IBAN (check digits), a BIC too short, an umlaut in the reference: said at the fields, nothing sent. */
export const CreateInvalid: Story = {
  parameters: { msw: { handlers: invalidCalls.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Mandat erfassen' }));
    const dialog = within(
      await body().findByRole('dialog', { name: 'Lastschriftmandat erfassen' }),
    );
    await fill(dialog.getByLabelText(/^Kontoinhaber/), 'Lena Berger');
    await fill(dialog.getByLabelText(/^IBAN/), 'DE89 3704 0044 0532 0130 01');
    await fill(dialog.getByLabelText(/^BIC/), 'COBADE');
    await fill(dialog.getByLabelText(/^Mandatsreferenz/), 'Müller-1');
    await userEvent.click(dialog.getByRole('button', { name: 'Mandat anlegen' }));
    await dialog.findByText('Bitte geben Sie eine gültige IBAN ein.');
    await expect(
      dialog.getByText('Bitte geben Sie eine gültige BIC mit 8 oder 11 Zeichen ein.'),
    ).toBeInTheDocument();
    await expect(dialog.getByText(/Erlaubt sind Buchstaben ohne Umlaute/)).toBeInTheDocument();
    await expect(invalidCalls.created).toEqual([]);
  },
};

const takenCalls = recordMandateCalls({
  createError: errorBody('validation.reference_taken', {
    fieldErrors: [{ field: 'reference', error: 'validation.reference_taken' }],
  }),
});

/** The server refuses a reference already used in the school: shown at the field, the dialog stays open. */
export const CreateRefused: Story = {
  parameters: { msw: { handlers: takenCalls.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Mandat erfassen' }));
    const dialog = within(
      await body().findByRole('dialog', { name: 'Lastschriftmandat erfassen' }),
    );
    await fill(dialog.getByLabelText(/^Kontoinhaber/), 'Lena Berger');
    await fill(dialog.getByLabelText(/^IBAN/), 'DE89370400440532013000');
    await fill(dialog.getByLabelText(/^Mandatsreferenz/), 'FS-2026-0011-01');
    await userEvent.click(dialog.getByRole('button', { name: 'Mandat anlegen' }));
    await dialog.findByText('Diese Mandatsreferenz ist bereits vergeben.');
    await expect(takenCalls.created).toHaveLength(1);
    await expect(dialog.getByLabelText(/^Mandatsreferenz/)).toHaveAttribute('aria-invalid', 'true');
  },
};

const confirmCalls = recordMandateCalls();

/** The signed form of the unconfirmed mandate arrived: confirmed with its date of signature. */
export const ConfirmMandate: Story = {
  parameters: { msw: { handlers: confirmCalls.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Bestätigen: FS-2026-0011-02' }),
    );
    const dialog = within(
      await body().findByRole('dialog', { name: 'Mandat FS-2026-0011-02 bestätigen' }),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Bestätigen' }));
    await dialog.findByText('Pflichtfeld');
    await typeDate(dialog, '24112026');
    await userEvent.click(dialog.getByRole('button', { name: 'Bestätigen' }));
    await body().findByText('Das Mandat FS-2026-0011-02 ist bestätigt.');
    await expect(confirmCalls.confirmed).toEqual([{ id: 502, signedAt: '2026-11-24' }]);
    const card = cardOf(canvas, 'FS-2026-0011-02');
    await waitFor(() => expect(card.getByText('Bestätigt')).toBeInTheDocument());
    await expect(card.getByText('24.11.2026')).toBeInTheDocument();
  },
};

/** The server refuses the confirmation (confirmed elsewhere meanwhile): its message in the dialog, which stays open. */
export const ConfirmRefused: Story = {
  parameters: {
    msw: {
      handlers: recordMandateCalls({
        confirmError: errorBody('errors.invalid_status_transition', {
          globalErrors: ['errors.invalid_status_transition'],
        }),
      }).handlers,
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Bestätigen: FS-2026-0011-02' }),
    );
    const dialog = within(
      await body().findByRole('dialog', { name: 'Mandat FS-2026-0011-02 bestätigen' }),
    );
    await typeDate(dialog, '24112026');
    await userEvent.click(dialog.getByRole('button', { name: 'Bestätigen' }));
    await within(await dialog.findByRole('alert')).findByText(
      'Dieser Statuswechsel ist nicht möglich.',
    );
    await expect(cardOf(canvas, 'FS-2026-0011-02').getByText('Unbestätigt')).toBeInTheDocument();
  },
};

const revokeCalls = recordMandateCalls({ mandates: [unconfirmedMandate, confirmedMandate] });

/** Another mandate remains: one confirmation, then revoked for good (no actions left). */
export const Revoke: Story = {
  parameters: { msw: { handlers: revokeCalls.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Widerrufen: FS-2026-0011-02' }),
    );
    const dialog = within(await body().findByRole('alertdialog'));
    await expect(
      dialog.getByText(/Ein widerrufenes Mandat kann nicht wieder aktiviert werden/),
    ).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Widerrufen' }));
    await body().findByText('Das Mandat FS-2026-0011-02 ist widerrufen.');
    await expect(revokeCalls.revoked).toEqual([502]);
    const card = cardOf(canvas, 'FS-2026-0011-02');
    await waitFor(() => expect(card.getByText('Widerrufen')).toBeInTheDocument());
    await expect(card.queryByRole('button')).toBeNull();
  },
};

const onlyCalls = recordMandateCalls({ mandates: [confirmedMandate, revokedMandate] });

/** The student's only usable mandate: a second confirmation before anything is sent. */
export const RevokeOnlyMandate: Story = {
  parameters: { msw: { handlers: onlyCalls.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Widerrufen: FS-2026-0011-01' }),
    );
    const first = within(
      await body().findByRole('alertdialog', { name: /Mandat FS-2026-0011-01 widerrufen/ }),
    );
    await userEvent.click(first.getByRole('button', { name: 'Widerrufen' }));
    const second = within(
      await body().findByRole('alertdialog', { name: /Wirklich das einzige Mandat widerrufen/ }),
    );
    await expect(second.getByText(/kein gültiges Lastschriftmandat mehr/)).toBeInTheDocument();
    await expect(onlyCalls.revoked).toEqual([]);
    await userEvent.click(second.getByRole('button', { name: 'Endgültig widerrufen' }));
    await body().findByText('Das Mandat FS-2026-0011-01 ist widerrufen.');
    await expect(onlyCalls.revoked).toEqual([501]);
  },
};

const cancelOnlyCalls = recordMandateCalls({ mandates: [confirmedMandate] });

/** Cancelling the second confirmation revokes nothing. */
export const RevokeOnlyMandateCancelled: Story = {
  parameters: { msw: { handlers: cancelOnlyCalls.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Widerrufen: FS-2026-0011-01' }),
    );
    const first = within(await body().findByRole('alertdialog'));
    await userEvent.click(first.getByRole('button', { name: 'Widerrufen' }));
    const second = within(
      await body().findByRole('alertdialog', { name: /Wirklich das einzige Mandat widerrufen/ }),
    );
    await userEvent.click(second.getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(body().queryByRole('alertdialog')).toBeNull());
    await expect(cancelOnlyCalls.revoked).toEqual([]);
    await expect(cardOf(canvas, 'FS-2026-0011-01').getByText('Bestätigt')).toBeInTheDocument();
  },
};

/** The server refuses (already revoked elsewhere): its German message, the mandate unchanged here. */
export const RevokeRefused: Story = {
  parameters: {
    msw: {
      handlers: recordMandateCalls({
        mandates: [unconfirmedMandate, confirmedMandate],
        revokeError: errorBody('errors.mandate_revoked', {
          globalErrors: ['errors.mandate_revoked'],
        }),
      }).handlers,
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Widerrufen: FS-2026-0011-02' }),
    );
    const dialog = within(await body().findByRole('alertdialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Widerrufen' }));
    await body().findByText('Das Mandat ist widerrufen und kann nicht wieder aktiviert werden.');
    await expect(cardOf(canvas, 'FS-2026-0011-02').getByText('Unbestätigt')).toBeInTheDocument();
  },
};

const emailCalls = recordMandateCalls();

/** The link to the online form goes to the prefilled payer address, for the record's education. */
export const RequestByEmail: Story = {
  args: { studentEducationId: 112 },
  parameters: { msw: { handlers: emailCalls.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const request = await canvas.findByRole('button', { name: 'Mandat per E-Mail anfordern' });
    await waitFor(() => expect(request).toBeEnabled());
    await userEvent.click(request);
    const dialog = within(
      await body().findByRole('dialog', { name: 'Mandat per E-Mail anfordern' }),
    );
    await expect(dialog.getByLabelText(/^E-Mail-Adresse/)).toHaveValue('lena.berger@example.de');
    await userEvent.click(dialog.getByRole('button', { name: 'E-Mail senden' }));
    await body().findByText('Die E-Mail wurde gesendet.');
    await expect(emailCalls.emails).toEqual([
      { email: 'lena.berger@example.de', educationId: 112 },
    ]);
  },
};

/** The mail server refused: "Die E-Mail wurde nicht gesendet." in the dialog, which stays open. */
export const EmailNotSent: Story = {
  parameters: {
    msw: {
      handlers: recordMandateCalls({
        emailError: errorBody('errors.email_not_sent', { globalErrors: ['errors.email_not_sent'] }),
      }).handlers,
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const request = await canvas.findByRole('button', { name: 'Mandat per E-Mail anfordern' });
    await waitFor(() => expect(request).toBeEnabled());
    await userEvent.click(request);
    const dialog = within(
      await body().findByRole('dialog', { name: 'Mandat per E-Mail anfordern' }),
    );
    const email = dialog.getByLabelText(/^E-Mail-Adresse/);
    // The live-pay education (B) is chosen when the record names none.
    await expect(dialog.getByRole('button', { name: /Klasse B/ })).toBeInTheDocument();
    await userEvent.clear(email);
    await userEvent.type(email, 'eltern.berger@example.de');
    await userEvent.click(dialog.getByRole('button', { name: 'E-Mail senden' }));
    await within(await dialog.findByRole('alert')).findByText('Die E-Mail wurde nicht gesendet.');
  },
};

export const Empty: Story = {
  parameters: {
    msw: { handlers: [mandatesHandlers.mandatesEmpty, ...recordMandateCalls().handlers] },
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText(
      'Für diesen Fahrschüler gibt es noch kein Lastschriftmandat.',
    );
  },
};

export const Loading: Story = {
  parameters: {
    msw: { handlers: [mandatesHandlers.mandatesLoading, ...recordMandateCalls().handlers] },
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('status');
  },
};

export const LoadError: Story = {
  parameters: {
    msw: { handlers: [mandatesHandlers.mandatesError, ...recordMandateCalls().handlers] },
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Die Mandate konnten nicht geladen werden.');
  },
};

/** Read permission only: the mandates without any action. */
export const ReadOnly: Story = {
  args: { educations: [{ id: 111, licenseClass: 'B' }] },
  parameters: {
    msw: { handlers: recordMandateCalls().handlers },
    permissions: ['MODULE_AUTOMATIC_PAYMENTS'],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('article', { name: 'FS-2026-0011-01' });
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};
