import { createI18n } from '@fahrwerk/ui';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { I18nextProvider } from 'react-i18next';
import { afterEach, expect, test, vi } from 'vitest';
import { z } from 'zod';
import { CORE_NAMESPACE } from '../errors';
import { registerCoreTexts } from '../fahrwerk-provider';
import { AddressFields } from './address-fields';
import { ApiForm } from './api-form';
import { type ApiFormApi, type UseApiFormOptions, useApiForm } from './use-api-form';

afterEach(cleanup);

// Rendering react-aria fields in jsdom takes seconds on a busy machine.
const SLOW = { timeout: 30_000 };

const addressShape = {
  street: z.string(),
  houseNumber: z.string(),
  postalCode: z.string().refine((value) => /^[0-9]{5}$/.test(value), 'own.postalCode'),
  city: z.string(),
};
/** The parts at the top, as in the cost bearer, testing organization and master data forms. */
const flatSchema = z.object({ name: z.string(), ...addressShape });
/** The parts in an object, as in the student form. */
const nestedSchema = z.object({ address: z.object(addressShape) });
/** Names of its own. */
const ownSchema = z.object({
  strasse: z.string(),
  nr: z.string(),
  plz: z.string(),
  ort: z.string(),
});

const ADDRESS = { street: 'Hauptstraße', houseNumber: '12a', postalCode: '10115', city: 'Berlin' };

type FormProps<TValues extends FieldValues> = Pick<
  UseApiFormOptions<TValues, TValues>,
  'schema' | 'defaultValues' | 'submit'
> & { fields: (form: ApiFormApi<TValues, TValues>) => ReactNode };

function Form<TValues extends FieldValues>({
  fields,
  ...options
}: FormProps<TValues> & { t: (key: string) => string }) {
  const form = useApiForm(options);
  return (
    <ApiForm form={form} aria-label="Formular">
      {fields(form)}
      <button type="submit">Speichern</button>
    </ApiForm>
  );
}

/** Renders `fields` in an `ApiForm` with a Save button, in German or English. */
function renderForm<TValues extends FieldValues>(lng: 'de' | 'en', props: FormProps<TValues>) {
  const i18n = createI18n({ lng });
  registerCoreTexts(i18n);
  // The feature's texts: an own key, then the shared ones.
  const t = (key: string) =>
    key === 'own.postalCode' ? 'Fünf Ziffern' : String(i18n.t(key, { ns: CORE_NAMESPACE }));
  render(
    <I18nextProvider i18n={i18n}>
      <Form {...props} t={t} />
    </I18nextProvider>,
  );
}

const textbox = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const names = () => (screen.getAllByRole('textbox') as HTMLInputElement[]).map((f) => f.name);
const save = () =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
  });

test(
  'the parts under their own names, German labels, the postal code error at its field',
  SLOW,
  async () => {
    const submit = vi.fn(async () => undefined);
    renderForm('de', {
      schema: flatSchema,
      defaultValues: { name: 'TÜV', ...ADDRESS, postalCode: '1011' },
      submit,
      fields: ({ control }) => <AddressFields control={control} />,
    });
    // Two to a row of the surrounding grid: street | house number, postal code | city.
    expect(names()).toEqual(['street', 'houseNumber', 'postalCode', 'city']);
    expect(textbox('Straße')).toMatchObject({ value: 'Hauptstraße', maxLength: 100 });
    expect(textbox('Hausnummer')).toMatchObject({ value: '12a', maxLength: 10 });
    expect(textbox('PLZ')).toMatchObject({ value: '1011', maxLength: 5, inputMode: 'numeric' });
    expect(textbox('Ort')).toMatchObject({ value: 'Berlin', maxLength: 100 });
    // No group of its own without a legend.
    expect(screen.queryByRole('group')).toBeNull();

    await save();
    expect(submit).not.toHaveBeenCalled();
    // The message is the form's text, once, at the postal code only.
    expect(screen.getAllByText('Fünf Ziffern')).toHaveLength(1);
    expect(textbox('PLZ').getAttribute('aria-invalid')).toBe('true');
    expect(textbox('Ort').getAttribute('aria-invalid')).toBeNull();

    fireEvent.change(textbox('PLZ'), { target: { value: '10115' } });
    await save();
    expect(submit).toHaveBeenCalledWith({ name: 'TÜV', ...ADDRESS });
  },
);

test('with a prefix and a legend: a captioned group, city before postal code', SLOW, async () => {
  const submit = vi.fn(async () => undefined);
  renderForm('de', {
    schema: nestedSchema,
    defaultValues: { address: ADDRESS },
    submit,
    fields: ({ control }) => (
      <AddressFields control={control} prefix="address" legend="Anschrift" />
    ),
  });
  const group = screen.getByRole('group', { name: 'Anschrift' });
  // Wide | narrow: street | house number, city | postal code.
  expect(
    within(group)
      .getAllByRole('textbox')
      .map((f) => (f as HTMLInputElement).name),
  ).toEqual(['address.street', 'address.houseNumber', 'address.city', 'address.postalCode']);
  fireEvent.change(textbox('Ort'), { target: { value: 'Potsdam' } });
  await save();
  expect(submit).toHaveBeenCalledWith({ address: { ...ADDRESS, city: 'Potsdam' } });
});

test('names of its own, read-only, English labels', SLOW, () => {
  renderForm('en', {
    schema: ownSchema,
    defaultValues: { strasse: 'Ring', nr: '1', plz: '80331', ort: 'München' },
    submit: async () => undefined,
    fields: ({ control }) => (
      <AddressFields
        control={control}
        names={{ street: 'strasse', houseNumber: 'nr', postalCode: 'plz', city: 'ort' }}
        isReadOnly
      />
    ),
  });
  expect(names()).toEqual(['strasse', 'nr', 'plz', 'ort']);
  expect(textbox('Street')).toMatchObject({ value: 'Ring', readOnly: true });
  expect(textbox('House number')).toMatchObject({ value: '1', readOnly: true });
  expect(textbox('Postal code')).toMatchObject({ value: '80331', readOnly: true });
  expect(textbox('City')).toMatchObject({ value: 'München', readOnly: true });
});

/** Never rendered: the names are checked against the form's values. */
export function TypeChecks() {
  const flat = useApiForm({
    schema: flatSchema,
    defaultValues: { name: '', ...ADDRESS },
    submit: async () => undefined,
    t: String,
  });
  const nested = useApiForm({
    schema: nestedSchema,
    defaultValues: { address: ADDRESS },
    submit: async () => undefined,
    t: String,
  });
  return (
    <>
      <AddressFields control={flat.control} />
      {/* @ts-expect-error -- the parts are not at the top of this form */}
      <AddressFields control={nested.control} />
      {/* @ts-expect-error -- `name` holds no address */}
      <AddressFields control={flat.control} prefix="name" />
      <AddressFields
        control={nested.control}
        names={{
          // @ts-expect-error -- `address` is an object, not a part's text
          street: 'address',
          houseNumber: 'address.houseNumber',
          postalCode: 'address.postalCode',
          city: 'address.city',
        }}
      />
    </>
  );
}
