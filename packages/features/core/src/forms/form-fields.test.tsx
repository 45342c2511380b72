import { createI18n } from '@fahrwerk/ui';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, expect, test, vi } from 'vitest';
import { z } from 'zod';
import { registerCoreTexts } from '../fahrwerk-provider';
import { ApiForm } from './api-form';
import {
  FormCheckbox,
  FormCheckboxGroup,
  FormComboBox,
  FormDateField,
  FormMoneyField,
  FormNumberField,
  FormPasswordField,
  FormSelect,
  FormSwitch,
  FormTextField,
  FormTimeField,
} from './form-fields';
import { useApiForm } from './use-api-form';

const i18n = createI18n({ lng: 'de' });
registerCoreTexts(i18n);
afterEach(cleanup);

const refuse = <T,>() => z.custom<T>(() => false, 'own.refused');
const schema = z.object({
  text: refuse<string>(),
  password: refuse<string>(),
  number: refuse<number | null>(),
  money: refuse<number | null>(),
  date: refuse<string | null>(),
  time: refuse<string | null>(),
  select: refuse<string>(),
  combo: refuse<number | null>(),
  classes: refuse<string[]>(),
  consent: refuse<boolean>(),
  on: z.boolean(),
});
type Values = z.infer<typeof schema>;

const DEFAULTS: Values = {
  text: 'Paul',
  password: 'Geheim#1',
  number: 3,
  money: 123450,
  date: '2025-03-14',
  time: '08:30',
  select: 'B',
  combo: 2,
  classes: ['B'],
  consent: true,
  on: true,
};

function AllFields({ submit }: { submit: (values: Values) => Promise<unknown> }) {
  const form = useApiForm({
    schema,
    defaultValues: DEFAULTS,
    submit,
    // The feature's texts: an own key, then the shared ones.
    t: (key) => (key === 'own.refused' ? 'Abgelehnt' : String(i18n.t(key, { ns: 'core' }))),
  });
  const { control } = form;
  const options = [
    { id: 'B', label: 'B' },
    { id: 'BE', label: 'BE' },
  ];
  return (
    <ApiForm form={form} aria-label="Alle Felder">
      <FormTextField control={control} name="text" label="Text" />
      <FormPasswordField control={control} name="password" label="Passwort" />
      <FormNumberField control={control} name="number" label="Zahl" />
      <FormMoneyField control={control} name="money" label="Betrag" />
      <FormDateField control={control} name="date" label="Datum" />
      <FormTimeField control={control} name="time" label="Uhrzeit" />
      <FormSelect control={control} name="select" label="Klasse" options={options} />
      <FormComboBox
        control={control}
        name="combo"
        label="Filiale"
        emptyValue={null}
        options={[
          { id: 1, label: 'Mitte' },
          { id: 2, label: 'Pankow' },
        ]}
      />
      <FormCheckboxGroup control={control} name="classes" label="Klassen" options={options} />
      <FormCheckbox control={control} name="consent">
        Einverstanden
      </FormCheckbox>
      <FormSwitch control={control} name="on">
        Aktiv
      </FormSwitch>
      <button type="submit">Speichern</button>
    </ApiForm>
  );
}

test('every form-bound field shows its value and its own error, translated with the form t', {
  timeout: 30_000,
}, async () => {
  const submit = vi.fn(async () => undefined);
  render(
    <I18nextProvider i18n={i18n}>
      <AllFields submit={submit} />
    </I18nextProvider>,
  );
  expect(screen.getByRole('textbox', { name: 'Text' })).toHaveProperty('value', 'Paul');
  expect(screen.getByRole('textbox', { name: 'Zahl' })).toHaveProperty('value', '3');
  // Cents shown as euros (the test runs without the German locale of the app).
  expect((screen.getByRole('textbox', { name: 'Betrag' }) as HTMLInputElement).value).toMatch(
    /1234[.,]50/,
  );
  expect(screen.getByRole('combobox', { name: 'Filiale' })).toHaveProperty('value', 'Pankow');
  expect(screen.getByRole('checkbox', { name: 'B' })).toHaveProperty('checked', true);
  expect(screen.getByRole('checkbox', { name: 'Einverstanden' })).toHaveProperty('checked', true);
  expect(screen.getByRole('switch', { name: 'Aktiv' })).toHaveProperty('checked', true);

  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
  });
  expect(submit).not.toHaveBeenCalled();
  // Ten refused values, ten messages: each field reads its own error.
  expect(screen.getAllByText('Abgelehnt')).toHaveLength(10);
  expect(screen.getByRole('textbox', { name: 'Text' }).getAttribute('aria-invalid')).toBe('true');
});
