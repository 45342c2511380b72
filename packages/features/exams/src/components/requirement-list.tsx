import { cn } from '@fahrwerk/ui';
import type { EducationRequirement } from '../api/exam-queries';
import { requirementKey } from '../exam-status';
import { useExamsTranslation } from '../use-exams-translation';

export type RequirementListProps = {
  requirements: EducationRequirement[];
  /** The list's accessible name, e.g. "Voraussetzungen von Lea Schulz". */
  label: string;
  className?: string;
};

/**
 * The education status info of one education: each requirement with ✓ or ✗ (and, when
 * counted, "3 von 5"); the spec's single "no data" entry reads "Keine Voraussetzungen zu prüfen".
 */
export function RequirementList({ requirements, label, className }: RequirementListProps) {
  const { t } = useExamsTranslation();
  return (
    <ul aria-label={label} className={cn('flex flex-col gap-0.5 text-sm', className)}>
      {requirements.map((requirement) => (
        <li key={requirement.name} className="flex items-baseline gap-1.5">
          <span
            aria-hidden="true"
            className={cn(
              'w-4 shrink-0 text-center font-semibold',
              requirement.status ? 'text-green-700' : 'text-red-700',
            )}
          >
            {requirement.status ? '✓' : '✗'}
          </span>
          <span className="text-neutral-800">
            {t(requirementKey(requirement.name))}
            {requirement.needed !== undefined &&
              ` (${t('requirements.count', { done: requirement.done ?? 0, needed: requirement.needed })})`}
            <span className="sr-only">
              {`: ${t(requirement.status ? 'requirements.fulfilled' : 'requirements.open')}`}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
