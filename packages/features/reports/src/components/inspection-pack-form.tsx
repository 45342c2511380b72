import { errorToastMessage } from '@fahrwerk/api';
import { Button, DateField, Section, Select } from '@fahrwerk/ui';
import { useState } from 'react';
import { useInspectionPack, useInstructors } from '../api/report-queries';
import { inspectionPackPeriodError, type Period, presetPeriod } from '../period';
import { inspectionPackFileName } from '../report-data';
import { useReportsTranslation } from '../use-reports-translation';

export type InspectionPackFormProps = {
  /** The day the default period (last month) counts from (`YYYY-MM-DD`). */
  today: string;
};

/**
 * "Prüfungsmappe für die Fahrschulüberwachung": an instructor's daily records and their
 * students' training records over at most 92 days (`POST /reports/inspection-pack`), saved
 * as `pruefungsmappe_<Name>_<von>_<bis>.pdf`. Opens on last month.
 */
export function InspectionPackForm({ today }: InspectionPackFormProps) {
  const { t } = useReportsTranslation();
  const instructors = useInstructors();
  const pack = useInspectionPack();
  const lastMonth = presetPeriod('lastMonth', today) as Period;
  const [instructorId, setInstructorId] = useState<number | null>(null);
  const [from, setFrom] = useState(lastMonth.from);
  const [to, setTo] = useState(lastMonth.to);
  const [submitted, setSubmitted] = useState(false);
  const [fileName, setFileName] = useState('');

  const instructor = (instructors.data ?? []).find((user) => user.id === instructorId);
  const periodError = inspectionPackPeriodError({ from, to });
  const instructorError = instructorId === null ? t('inspectionPack.instructorRequired') : null;

  const create = () => {
    setSubmitted(true);
    if (!instructor || periodError) return;
    const name = inspectionPackFileName(instructor, from, to);
    setFileName(name);
    pack.mutate({ body: { instructorId: instructor.id, from, to }, fileName: name });
  };

  return (
    <Section title={t('inspectionPack.title')} description={t('inspectionPack.description')}>
      <div className="flex flex-wrap items-start gap-3">
        <Select
          label={t('inspectionPack.instructor')}
          isRequired
          isDisabled={instructors.isPending}
          items={(instructors.data ?? []).map((user) => ({
            id: user.id,
            label: `${user.firstName} ${user.lastName}`,
          }))}
          selectedKey={instructorId}
          onSelectionChange={(key) => setInstructorId(key === null ? null : Number(key))}
          isInvalid={submitted && instructorError !== null}
          errorMessage={instructorError ?? undefined}
        />
        <DateField
          label={t('inspectionPack.from')}
          isRequired
          value={from || null}
          onChange={(value) => setFrom(value ?? '')}
          isInvalid={submitted && periodError !== null && (periodError !== 'missing' || !from)}
        />
        <DateField
          label={t('inspectionPack.to')}
          isRequired
          value={to || null}
          onChange={(value) => setTo(value ?? '')}
          isInvalid={submitted && periodError !== null}
          errorMessage={periodError ? t(`inspectionPack.${periodError}`) : undefined}
        />
        <div className="flex flex-col gap-1 pt-6">
          <Button onPress={create} isPending={pack.isPending}>
            {t('inspectionPack.submit')}
          </Button>
        </div>
      </div>
      {pack.isError ? (
        <p role="alert" className="text-sm text-danger-700">
          {t('inspectionPack.failed', {
            reason: errorToastMessage(pack.error, (key) => t(key)) ?? '',
          })}
        </p>
      ) : pack.isSuccess ? (
        <p role="status" className="text-sm text-success-700">
          {t('inspectionPack.done', { fileName })}
        </p>
      ) : null}
    </Section>
  );
}
