import { Button } from '@fahrwerk/ui';
import type { LearningChapter } from '../api/learning-queries';
import { chapterProgress } from '../learning-rules';
import { useLearningTranslation } from '../use-learning-translation';
import { ProgressBar } from './progress-bar';

/**
 * The chapters (subcategories) with official number, German name and progress: questions
 * answered correctly at the last answer of all; choosing one goes through its questions.
 */
export function ChapterList({
  chapters,
  onOpen,
}: {
  chapters: LearningChapter[];
  onOpen: (officialNumber: string) => void;
}) {
  const { t } = useLearningTranslation();
  return (
    <ul className="flex flex-col divide-y divide-neutral-200">
      {chapters.map((chapter) => {
        const progress = chapterProgress(chapter);
        const title = `${chapter.officialNumber} ${chapter.name}`;
        const summary = t('chapters.progress', {
          correct: progress.correct,
          total: progress.total,
        });
        return (
          <li key={chapter.officialNumber} className="flex flex-wrap items-center gap-4 py-3">
            <div className="flex min-w-64 flex-1 flex-col gap-1">
              <span className="font-medium text-neutral-900">
                <span className="tabular-nums text-neutral-700">{chapter.officialNumber}</span>{' '}
                {chapter.name}
              </span>
              <ProgressBar
                value={progress.correct}
                max={progress.total}
                label={t('chapters.progressOf', { name: title })}
                valueText={summary}
              />
              <span className="text-sm text-neutral-700">
                {summary}
                {progress.wrong > 0 && ` · ${t('chapters.wrong', { count: progress.wrong })}`}
              </span>
            </div>
            <Button
              variant="secondary"
              size="sm"
              aria-label={t('chapters.openNamed', { name: title })}
              onPress={() => onOpen(chapter.officialNumber)}
            >
              {t('chapters.open')}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
