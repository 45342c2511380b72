import { Badge } from '@fahrwerk/ui';
import type { ExamStatus } from '../api/exam-queries';
import { EXAM_STATUS_TONE } from '../exam-status';
import { useExamsTranslation } from '../use-exams-translation';

/** A participant's exam status in German: Geplant, Angemeldet, Bestanden, … */
export function ExamStatusBadge({ status }: { status: ExamStatus }) {
  const { t } = useExamsTranslation();
  return <Badge tone={EXAM_STATUS_TONE[status]}>{t(`status.${status}`)}</Badge>;
}
