import { errorToastMessage } from '@fahrwerk/api';
import { FormAlert, useCan, useStudentEducations } from '@fahrwerk/core';
import {
  Badge,
  Button,
  cn,
  EmptyState,
  ErrorState,
  formatDateTime,
  PageHeader,
  Section,
  Spinner,
} from '@fahrwerk/ui';
import { useState } from 'react';
import {
  type LicenseClass,
  type TheoryPreExam,
  type TheoryPreExamDetail,
  type TheoryPreExamStarted,
  useFinishedPreExam,
  useStartPreExam,
  useStudentPreExams,
} from './api/exam-queries';
import { PreExamOutcome } from './components/pre-exam-outcome';
import { PreExamRunner } from './components/pre-exam-runner';
import { useExamsTranslation } from './use-exams-translation';

export type PreExamScreenProps = {
  /** The student (`/pre-exam/{id}/{class}`). */
  studentId: number;
  /** The licence class whose pre-exams are shown. */
  licenseClass: LicenseClass;
};

/**
 * A student's pre-exams (exam simulations of the learning app) in one class, and the questions
 * of a finished one with the answers given, right and wrong marked. With
 * MODULE_CUSTOMERS_WRITE a pre-exam is taken here with the student: started for the student's
 * active education of the class, answered without solutions, handed in and scored; then its
 * result and its questions are shown. While one runs, the list and the finished pre-exams'
 * solutions are not shown.
 */
export function PreExamScreen({ studentId, licenseClass }: PreExamScreenProps) {
  const { t } = useExamsTranslation();
  const canStart = useCan('MODULE_CUSTOMERS_WRITE');
  const list = useStudentPreExams(studentId);
  const educations = useStudentEducations(canStart ? studentId : null, { activeOnly: true });
  const education = educations.data?.find((row) => row.licenseClass === licenseClass);
  const start = useStartPreExam();
  const [running, setRunning] = useState<TheoryPreExamStarted | null>(null);
  const [handedIn, setHandedIn] = useState<TheoryPreExam | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const detail = useFinishedPreExam(openId);
  const preExams = (list.data ?? []).filter((row) => row.licenseClass === licenseClass);

  const startPreExam = (studentEducationId: number) =>
    start.mutate(studentEducationId, {
      onSuccess: (started) => {
        setHandedIn(null);
        setOpenId(null);
        setRunning(started);
      },
    });

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t('preExam.title', { licenseClass })}
        description={t('preExam.description')}
        actions={
          canStart &&
          education &&
          !running && (
            <Button isPending={start.isPending} onPress={() => startPreExam(education.id)}>
              {t('preExam.start')}
            </Button>
          )
        }
      />
      {canStart && educations.isError && (
        <div className="flex flex-wrap items-center gap-2 text-sm text-neutral-800">
          <p>{t('preExam.educationsError')}</p>
          <Button
            size="sm"
            variant="secondary"
            isPending={educations.isFetching}
            onPress={() => void educations.refetch()}
          >
            {t('preExam.retry')}
          </Button>
        </div>
      )}
      {canStart && educations.isSuccess && !education && (
        <p className="text-sm text-neutral-800">{t('preExam.noEducation', { licenseClass })}</p>
      )}
      {start.isError && (
        <FormAlert>
          {t('preExam.startError', {
            message: errorToastMessage(start.error, (key) => t(key)) ?? '',
          })}
        </FormAlert>
      )}
      {running ? (
        <PreExamRunner
          key={running.preExam.id}
          started={running}
          onFinished={(scored) => {
            setRunning(null);
            setHandedIn(scored);
            setOpenId(scored.id);
          }}
        />
      ) : (
        <>
          {handedIn && (
            <PreExamOutcome
              preExam={handedIn}
              detail={detail.data}
              questionsShown={openId === handedIn.id}
            />
          )}
          {list.isPending ? (
            <Spinner label={t('common.loading')} />
          ) : list.isError ? (
            <ErrorState
              message={t('common.loadError')}
              onRetry={() => void list.refetch()}
              isRetrying={list.isFetching}
            />
          ) : preExams.length === 0 ? (
            <EmptyState title={t('preExam.empty', { licenseClass })} />
          ) : (
            <>
              <table className="w-full border-collapse text-sm" aria-label={t('preExam.table')}>
                <thead>
                  <tr className="border-b border-neutral-200 text-neutral-700">
                    {['started', 'finishedAt', 'questions', 'errorPoints', 'result'].map((key) => (
                      <th key={key} scope="col" className="px-2 py-2 text-start font-medium">
                        {t(`preExam.${key}`)}
                      </th>
                    ))}
                    <th scope="col" className="px-2 py-2">
                      <span className="sr-only">{t('common.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {preExams.map((preExam) => (
                    <PreExamRow
                      key={preExam.id}
                      preExam={preExam}
                      isOpen={openId === preExam.id}
                      onOpen={() => setOpenId(preExam.id)}
                    />
                  ))}
                </tbody>
              </table>
              {preExams.some((preExam) => !preExam.finished) && (
                <p className="text-sm text-neutral-700">{t('preExam.notHandedIn')}</p>
              )}
            </>
          )}
          {openId !== null &&
            (detail.isPending ? (
              <Spinner label={t('common.loading')} />
            ) : detail.isError ? (
              <ErrorState
                message={t('preExam.detailError')}
                onRetry={() => void detail.refetch()}
              />
            ) : (
              <PreExamQuestions detail={detail.data} />
            ))}
        </>
      )}
    </div>
  );
}

function PreExamRow({
  preExam,
  isOpen,
  onOpen,
}: {
  preExam: TheoryPreExam;
  isOpen: boolean;
  onOpen: () => void;
}) {
  const { t } = useExamsTranslation();
  const started = formatDateTime(preExam.startedAt);
  return (
    <tr className={cn('border-b border-neutral-100', isOpen && 'bg-brand-50')}>
      <td className="px-2 py-2">{started}</td>
      <td className="px-2 py-2">{preExam.finishedAt ? formatDateTime(preExam.finishedAt) : '–'}</td>
      <td className="px-2 py-2">{preExam.questionCount}</td>
      <td className="px-2 py-2">{preExam.errorPoints ?? '–'}</td>
      <td className="px-2 py-2">
        {!preExam.finished ? (
          <Badge>{t('preExam.running')}</Badge>
        ) : preExam.passed ? (
          <Badge tone="success">{t('preExam.passed')}</Badge>
        ) : (
          <Badge tone="danger">{t('preExam.failed')}</Badge>
        )}
      </td>
      <td className="px-2 py-2 text-end">
        {preExam.finished && (
          <Button size="sm" variant="secondary" onPress={onOpen}>
            {t('preExam.show')}
            <span className="sr-only"> ({started})</span>
          </Button>
        )}
      </td>
    </tr>
  );
}

function PreExamQuestions({ detail }: { detail: TheoryPreExamDetail }) {
  const { t } = useExamsTranslation();
  const { preExam, questions } = detail;
  return (
    <Section
      title={t('preExam.detailTitle', { date: formatDateTime(preExam.startedAt) })}
      description={t('preExam.detailSummary', {
        errorPoints: preExam.errorPoints ?? 0,
        count: questions.length,
      })}
    >
      <ol className="flex flex-col gap-3">
        {questions.map(({ question, chosenAnswerIds, numericValue, correct }, index) => (
          <li
            key={question.id}
            aria-label={t('preExam.question', { number: index + 1 })}
            className={cn('rounded-md border p-3', correct ? 'border-green-300' : 'border-red-300')}
          >
            <div className="mb-2 flex flex-wrap items-center gap-2 text-xs text-neutral-700">
              <span className="font-semibold text-neutral-900">
                {t('preExam.question', { number: index + 1 })}
              </span>
              <span>{t('preExam.officialNumber', { number: question.officialNumber })}</span>
              <span>{t('preExam.pointsValue', { points: question.points })}</span>
              <Badge tone={correct ? 'success' : 'danger'} icon={correct ? '✓' : '✗'}>
                {t(correct ? 'preExam.right' : 'preExam.wrong')}
              </Badge>
            </div>
            <p className="mb-2 text-sm text-neutral-900">{question.text}</p>
            {question.numeric ? (
              <p className="text-sm text-neutral-800">
                {t('preExam.numericGiven', { value: numericValue ?? '–' })}
                {' · '}
                {t('preExam.numericExpected', {
                  value: question.answers.find((answer) => answer.value)?.value ?? '–',
                })}
              </p>
            ) : (
              <ul className="flex flex-col gap-1 text-sm">
                {question.answers.map((answer) => {
                  const chosen = chosenAnswerIds.includes(answer.id);
                  return (
                    <li key={answer.id} className="flex items-baseline gap-2">
                      <span aria-hidden="true" className="w-4 shrink-0 text-center">
                        {chosen ? '☒' : '☐'}
                      </span>
                      <span
                        className={cn(
                          answer.correct ? 'font-medium text-green-800' : 'text-neutral-800',
                          chosen && !answer.correct && 'text-red-800 line-through',
                        )}
                      >
                        {answer.text}
                      </span>
                      <span className="text-xs text-neutral-700">
                        ({t(chosen ? 'preExam.chosen' : 'preExam.notChosen')}
                        {answer.correct ? `, ${t('preExam.correctAnswer')}` : ''})
                      </span>
                    </li>
                  );
                })}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </Section>
  );
}
