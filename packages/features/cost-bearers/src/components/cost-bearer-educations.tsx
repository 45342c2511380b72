import { Badge, EmptyState, formatDate } from '@fahrwerk/ui';
import type { CostBearerEducation } from '../api/cost-bearer-queries';
import { useCostBearersTranslation } from '../use-cost-bearers-translation';

export type CostBearerEducationsProps = {
  educations: CostBearerEducation[];
  /** Opens the student's page; without it the names are plain text. */
  onOpenStudent?: (studentId: number) => void;
};

/** The educations a cost bearer pays, with student and class (archived ones included). */
export function CostBearerEducations({ educations, onOpenStudent }: CostBearerEducationsProps) {
  const { t } = useCostBearersTranslation();
  if (educations.length === 0) return <EmptyState title={t('educations.empty')} />;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" aria-label={t('educations.tableLabel')}>
        <thead>
          <tr className="border-b border-neutral-200 text-start text-neutral-600">
            <th className="px-3 py-2 text-start font-medium">{t('educations.student')}</th>
            <th className="px-3 py-2 text-start font-medium">{t('educations.birthDate')}</th>
            <th className="px-3 py-2 text-start font-medium">{t('educations.licenseClass')}</th>
            <th className="px-3 py-2 text-start font-medium">{t('educations.status')}</th>
            <th className="px-3 py-2 text-start font-medium">{t('educations.startDate')}</th>
          </tr>
        </thead>
        <tbody>
          {educations.map((education) => {
            const name = `${education.lastName}, ${education.firstName}`;
            return (
              <tr key={education.studentEducationId} className="border-b border-neutral-100">
                <td className="px-3 py-2">
                  {onOpenStudent ? (
                    <button
                      type="button"
                      className="text-brand-700 underline-offset-2 hover:underline"
                      aria-label={t('educations.openStudent', { name })}
                      onClick={() => onOpenStudent(education.studentId)}
                    >
                      {name}
                    </button>
                  ) : (
                    name
                  )}
                </td>
                <td className="px-3 py-2">
                  {education.birthDate ? formatDate(education.birthDate) : '–'}
                </td>
                <td className="px-3 py-2 font-medium">{education.licenseClass}</td>
                <td className="px-3 py-2">
                  <span className="flex flex-wrap items-center gap-1">
                    {t(`educations.statusValue.${education.status}`)}
                    {education.finished ? (
                      <Badge tone="success">{t('educations.finished')}</Badge>
                    ) : null}
                    {education.archived ? (
                      <Badge tone="neutral">{t('educations.archived')}</Badge>
                    ) : null}
                  </span>
                </td>
                <td className="px-3 py-2">
                  {education.startDate ? formatDate(education.startDate) : '–'}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
