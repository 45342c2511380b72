import { ApiError, toErrorBody } from '@fahrwerk/api';
import { createI18n } from '@fahrwerk/ui';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, expect, test, vi } from 'vitest';
import { z } from 'zod';
import { CORE_NAMESPACE } from '../errors';
import { registerCoreTexts } from '../fahrwerk-provider';
import { ApiForm } from './api-form';
import { FormCodeField } from './form-code-field';
import { FormFieldError } from './form-field-error';
import { FormSwitch } from './form-fields';
import { useApiForm } from './use-api-form';

const schema = z.object({ plate: z.string().min(1, 'validation.required'), standard: z.boolean() });
type Values = z.infer<typeof schema>;

const i18n = createI18n({ lng: 'de' });
registerCoreTexts(i18n);
const t = (key: string) => String(i18n.t(key, { ns: CORE_NAMESPACE }));

afterEach(cleanup);

// Rendering react-aria fields in jsdom takes seconds on a busy machine.
const SLOW = { timeout: 30_000 };

function Inner({ submit }: { submit: (values: Values) => Promise<unknown> }) {
  const form = useApiForm({ schema, defaultValues: { plate: '', standard: false }, submit, t });
  return (
    <ApiForm form={form} aria-label="Test">
      <FormCodeField control={form.control} name="plate" label="Kennzeichen" />
      <FormSwitch control={form.control} name="standard">
        Standard
      </FormSwitch>
      <FormFieldError control={form.control} name="standard" />
      <button type="submit">Speichern</button>
    </ApiForm>
  );
}

function renderForm(submit: (values: Values) => Promise<unknown>) {
  render(
    <I18nextProvider i18n={i18n}>
      <Inner submit={submit} />
    </I18nextProvider>,
  );
}

test('FormCodeField keeps what is typed in capitals', SLOW, async () => {
  const submit = vi.fn(async () => undefined);
  renderForm(submit);
  const plate = screen.getByRole('textbox', { name: 'Kennzeichen' });
  fireEvent.change(plate, { target: { value: 'b-fs 4711' } });
  expect(plate).toHaveProperty('value', 'B-FS 4711');
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
  });
  expect(submit).toHaveBeenCalledWith({ plate: 'B-FS 4711', standard: false });
});

test('FormFieldError shows the server error of a field that shows none itself', SLOW, async () => {
  const refused = new ApiError(
    422,
    toErrorBody(422, {
      error_message: 'errors.validation',
      fieldErrors: [{ field: 'standard', error: 'validation.required' }],
    }),
  );
  renderForm(async () => Promise.reject(refused));
  fireEvent.change(screen.getByRole('textbox', { name: 'Kennzeichen' }), {
    target: { value: 'B-FS 1' },
  });
  expect(screen.queryByText(t('validation.required'))).toBeNull();
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
  });
  expect(screen.getByText(t('validation.required'))).toBeTruthy();
  expect(screen.queryByRole('alert')).toBeNull();
});
