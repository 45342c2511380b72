import { E_INVOICE_FORMATS, useApi } from '@fahrwerk/api';
import {
  FormComboBox,
  FormSelect,
  FormTextField,
  useDebounced,
  useStudentEducations,
  useStudentPicker,
} from '@fahrwerk/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useCostBearerOptions } from '../api/form-queries';
import { useInvoicesTranslation } from '../use-invoices-translation';

type StudentValues = { studentId: number | null; studentEducationId: number | null };

/**
 * The student (core's picker: only the students the user may see) and one of their active
 * educations; the only education is chosen by itself. `isReadOnly` for a draft, whose
 * student does not change.
 */
export function StudentPayerFields({ isReadOnly = false }: { isReadOnly?: boolean }) {
  const { t } = useInvoicesTranslation();
  const { query } = useApi();
  const { control, setValue, getValues } = useFormContext<StudentValues>();
  const studentId = useWatch({ control, name: 'studentId' });
  const [search, setSearch] = useState('');
  const found = useStudentPicker(useDebounced(search, 250), { size: 20, enabled: !isReadOnly });
  const rows = found.data ?? [];
  const isListed = rows.some((row) => row.id === studentId);
  // The chosen student's name when the search does not list them (a draft, a given id).
  const chosen = useQuery(
    query.queryOptions(
      'get',
      '/students/{id}',
      { params: { path: { id: studentId ?? 0 } } },
      { enabled: studentId !== null && !isListed, meta: { silentError: true } },
    ),
  );
  const chosenStudent = isListed ? undefined : chosen.data;
  const options = useMemo(
    () => [
      ...(chosenStudent
        ? [{ id: chosenStudent.id, label: `${chosenStudent.firstName} ${chosenStudent.lastName}` }]
        : []),
      ...(found.data ?? []).map((row) => ({
        id: row.id,
        label: `${row.firstName} ${row.lastName}`,
      })),
    ],
    [found.data, chosenStudent],
  );
  const educations = useStudentEducations(studentId, { activeOnly: true });
  const educationOptions = useMemo(
    () =>
      (educations.data ?? []).map((row) => ({
        id: row.id,
        label: t('forms.payer.educationValue', { licenseClass: row.licenseClass }),
      })),
    [educations.data, t],
  );

  useEffect(() => {
    if (!educations.data) return;
    const current = getValues('studentEducationId');
    if (current !== null && educations.data.some((row) => row.id === current)) return;
    const [only] = educations.data;
    setValue('studentEducationId', educations.data.length === 1 && only ? only.id : null);
  }, [educations.data, getValues, setValue]);

  return (
    <>
      <FormComboBox<StudentValues, StudentValues, number>
        control={control}
        name="studentId"
        label={t('forms.payer.student')}
        placeholder={t('forms.payer.studentPlaceholder')}
        options={options}
        emptyValue={null}
        isReadOnly={isReadOnly}
        isRequired
        onInputChange={(text) => setSearch(options.some((row) => row.label === text) ? '' : text)}
      />
      <FormSelect<StudentValues, StudentValues, number>
        control={control}
        name="studentEducationId"
        label={t('forms.payer.education')}
        options={educationOptions}
        emptyValue={null}
        isDisabled={studentId === null || educationOptions.length === 0}
        description={
          studentId !== null && educations.isSuccess && educationOptions.length === 0
            ? t('forms.payer.noEducation')
            : undefined
        }
      />
    </>
  );
}

type CostBearerValues = {
  costBearerId: number | null;
  eInvoiceFormat: 'PDF' | 'XRECHNUNG' | 'ZUGFERD' | null;
  buyerReference: string;
  voucherNumber: string;
};

/**
 * The cost bearer, from the active ones by name, and what its invoice needs: the e-invoice
 * format and the buyer reference (Leitweg-ID, required for XRechnung), taken from the cost
 * bearer when it is chosen, and a voucher number.
 */
export function CostBearerPayerField({ isReadOnly = false }: { isReadOnly?: boolean }) {
  const { t } = useInvoicesTranslation();
  const { control, setValue, getFieldState } = useFormContext<CostBearerValues>();
  const costBearers = useCostBearerOptions();
  const costBearerId = useWatch({ control, name: 'costBearerId' });
  const format = useWatch({ control, name: 'eInvoiceFormat' });
  const options = useMemo(
    () => (costBearers.data ?? []).map((row) => ({ id: row.id, label: row.name })),
    [costBearers.data],
  );
  const chosen = costBearers.data?.find((row) => row.id === costBearerId);

  // The chosen cost bearer's format and Leitweg-ID, unless the office typed its own.
  useEffect(() => {
    if (!chosen || isReadOnly) return;
    if (!getFieldState('eInvoiceFormat').isDirty) setValue('eInvoiceFormat', chosen.eInvoiceFormat);
    if (!getFieldState('buyerReference').isDirty)
      setValue('buyerReference', chosen.leitwegId ?? '');
  }, [chosen, isReadOnly, getFieldState, setValue]);

  return (
    <>
      <FormComboBox<CostBearerValues, CostBearerValues, number>
        control={control}
        name="costBearerId"
        label={t('forms.payer.costBearer')}
        placeholder={t('forms.payer.costBearerPlaceholder')}
        options={options}
        emptyValue={null}
        isReadOnly={isReadOnly}
        isRequired
      />
      <FormSelect
        control={control}
        name="eInvoiceFormat"
        label={t('payers.eInvoiceFormat')}
        options={E_INVOICE_FORMATS.map((id) => ({ id, label: t(`payers.formats.${id}`) }))}
        emptyValue={null}
      />
      <FormTextField
        control={control}
        name="buyerReference"
        label={t('payers.buyerReference')}
        description={t('payers.buyerReferenceHint')}
        maxLength={100}
        isRequired={format === 'XRECHNUNG'}
      />
      <FormTextField
        control={control}
        name="voucherNumber"
        label={t('payers.voucherNumber')}
        description={t('payers.voucherNumberHint')}
        maxLength={50}
      />
    </>
  );
}
