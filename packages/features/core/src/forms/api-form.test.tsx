import { ApiError, toErrorBody } from '@fahrwerk/api';
import { createI18n } from '@fahrwerk/ui';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, expect, test, vi } from 'vitest';
import { z } from 'zod';
import { CORE_NAMESPACE } from '../errors';
import { registerCoreTexts } from '../fahrwerk-provider';
import { ApiForm } from './api-form';
import { FormTextField } from './form-fields';
import { readServerErrors } from './server-errors';
import { useApiForm } from './use-api-form';

const schema = z.object({
  name: z.string().min(1, 'validation.required'),
  address: z.object({ postalCode: z.string() }),
});
type Values = z.infer<typeof schema>;

function refused(
  body: Partial<{ fieldErrors: { field: string; error: string }[] }> & {
    globalErrors?: string[];
  },
) {
  return new ApiError(422, toErrorBody(422, { error_message: 'errors.validation', ...body }));
}

const i18n = createI18n({ lng: 'de' });
registerCoreTexts(i18n);

afterEach(cleanup);

// Rendering react-aria fields in jsdom takes seconds on a busy machine.
const SLOW = { timeout: 30_000 };

function TestForm({ submit }: { submit: (values: Values) => Promise<unknown> }) {
  return (
    <I18nextProvider i18n={i18n}>
      <Inner submit={submit} t={(key) => String(i18n.t(key, { ns: CORE_NAMESPACE }))} />
    </I18nextProvider>
  );
}

function Inner({
  submit,
  t,
}: {
  submit: (values: Values) => Promise<unknown>;
  t: (key: string) => string;
}) {
  const form = useApiForm({
    schema,
    defaultValues: { name: 'Paul', address: { postalCode: '' } },
    submit,
    t,
  });
  return (
    <ApiForm form={form} aria-label="Test">
      <FormTextField control={form.control} name="name" label="Name" />
      <FormTextField control={form.control} name="address.postalCode" label="PLZ" />
      <button type="submit">Speichern</button>
    </ApiForm>
  );
}

async function save() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
  });
}

test(
  "a 422's field error lands on its field and its global error in the one alert",
  SLOW,
  async () => {
    const submit = vi.fn(async () => {
      throw refused({
        fieldErrors: [{ field: 'address.postalCode', error: 'validation.pattern' }],
        globalErrors: ['errors.duplicate'],
      });
    });
    render(<TestForm submit={submit} />);
    await save();
    expect(submit).toHaveBeenCalledWith({ name: 'Paul', address: { postalCode: '' } });
    const postalCode = screen.getByRole('textbox', { name: 'PLZ' });
    expect(postalCode.getAttribute('aria-invalid')).toBe('true');
    // The message is the field's description, so a screen reader reads it with the field.
    const described = postalCode.getAttribute('aria-describedby') ?? '';
    const texts = described.split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(texts).toContain('Das Format ist ungültig.');
    expect(screen.getByRole('alert').textContent).toBe('Ein solcher Eintrag existiert bereits.');
    expect(screen.getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).toBeNull();
  },
);

test(
  'a field error the form has no field for goes into the alert; zod messages translate',
  SLOW,
  async () => {
    render(
      <TestForm
        submit={async () => {
          throw refused({ fieldErrors: [{ field: 'email', error: 'validation.email_in_use' }] });
        }}
      />,
    );
    await save();
    // With the field's name, as the toast says it (spec 000 §8).
    expect(screen.getByRole('alert').textContent).toBe(
      'E-Mail: Diese E-Mail-Adresse wird bereits verwendet.',
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: '' } });
    await save();
    expect(screen.getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Pflichtfeld')).toBeTruthy();
    expect(screen.queryByText('validation.required')).toBeNull();
  },
);

test('readServerErrors: which failures say what', () => {
  const fieldFor = (field: string) => (field === 'name' ? 'name' : null);
  const every = { fieldFor, alertOn: 'every-failure' as const };
  expect(readServerErrors(new Error('boom'), every)).toEqual({
    fields: [],
    alert: [{ key: 'errors.unknown' }],
  });
  const serverDown = new ApiError(500, toErrorBody(500, { error_message: 'errors.internal' }));
  expect(readServerErrors(serverDown, every).alert).toEqual([{ key: 'errors.internal' }]);
  expect(readServerErrors(serverDown, { ...every, alertOn: 'validation' }).alert).toEqual([]);
  const cancelled = new DOMException('aborted', 'AbortError');
  expect(readServerErrors(cancelled, every).alert).toEqual([]);
  const notFound = new ApiError(404, toErrorBody(404, {}));
  expect(
    readServerErrors(notFound, {
      ...every,
      describeFailure: (error) => (error === notFound ? 'errors.no_user' : undefined),
    }).alert,
  ).toEqual([{ key: 'errors.no_user' }]);
});
