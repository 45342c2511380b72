import { isApiError } from '@fahrwerk/api';
import { FormAlert, useCan, useDebounced, useStudentPicker } from '@fahrwerk/core';
import {
  Button,
  ComboBox,
  Dialog,
  EmptyState,
  ErrorState,
  formatDateTime,
  Link,
  Modal,
  PageHeader,
  Section,
  Spinner,
  TextField,
} from '@fahrwerk/ui';
import { useEffect, useMemo, useState } from 'react';
import { type TheoryQuestion, useStudentName } from './api/learning-queries';
import {
  type StudentThemeLoopCategory,
  type ThemeLoopSubcategory,
  useStudentThemeLoop,
  useThemeLoopCatalogue,
  useThemeLoopDetails,
  useUpdateThemeLoopDetails,
} from './api/theme-loop-queries';
import { ProgressBar } from './components/progress-bar';
import { useLearningTranslation } from './use-learning-translation';

export type ThemeLoopScreenProps = {
  /** The student to show at first (e.g. the host's `?studentId=`). */
  studentId?: number;
  /** A student chosen (null: cleared), e.g. to keep it in the URL. */
  onStudentChange?: (studentId: number | null) => void;
};

/**
 * The theme loop: the student choice, then either the catalogue of categories and
 * subcategories (question counts, "Erläuterung öffnen", with MODULE_THEORY_WRITE the link
 * edited) or the chosen student's categories with progress per subcategory, whose questions
 * open with the student's state and the solution on demand. The student part needs
 * MODULE_CUSTOMERS; without it only the catalogue shows.
 */
export function ThemeLoopScreen({ studentId, onStudentChange }: ThemeLoopScreenProps) {
  const { t } = useLearningTranslation();
  const canReadStudents = useCan('MODULE_CUSTOMERS');
  const [chosen, setChosen] = useState<number | null>(studentId ?? null);
  // The host's student wins when it changes (a link, back in the browser).
  useEffect(() => setChosen(studentId ?? null), [studentId]);
  const choose = (next: number | null) => {
    setChosen(next);
    onStudentChange?.(next);
  };

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('themeLoop.title')} description={t('themeLoop.description')} />
      <Section title={t('themeLoop.student')}>
        {canReadStudents ? (
          <>
            <StudentPicker studentId={chosen} onChange={choose} />
            {chosen === null && (
              <p className="text-sm text-neutral-700">{t('themeLoop.studentHint')}</p>
            )}
          </>
        ) : (
          <EmptyState title={t('forbidden.title')} description={t('forbidden.text')} />
        )}
      </Section>
      {canReadStudents && chosen !== null ? (
        <StudentThemeLoop key={chosen} studentId={chosen} />
      ) : (
        <Catalogue />
      )}
    </div>
  );
}

function StudentPicker({
  studentId,
  onChange,
}: {
  studentId: number | null;
  onChange: (studentId: number | null) => void;
}) {
  const { t } = useLearningTranslation();
  const [search, setSearch] = useState('');
  const found = useStudentPicker(useDebounced(search, 250), { size: 20 });
  const name = useStudentName(studentId);
  const options = useMemo(() => {
    const rows = (found.data ?? []).map((row) => ({
      id: row.id,
      label: `${row.firstName} ${row.lastName}`,
    }));
    if (studentId !== null && !rows.some((row) => row.id === studentId)) {
      rows.unshift({
        id: studentId,
        label: name.data ?? t('choice.studentUnknown', { id: studentId }),
      });
    }
    return rows;
  }, [found.data, studentId, name.data, t]);
  return (
    <ComboBox
      label={t('choice.student')}
      placeholder={t('choice.studentPlaceholder')}
      items={options}
      selectedKey={studentId}
      onInputChange={(text) =>
        // Choosing a row writes its name into the input: that is no new search.
        setSearch(options.some((option) => option.label === text) ? '' : text)
      }
      onSelectionChange={(key) => {
        const next = key === null ? null : Number(key);
        if (next !== studentId) onChange(next);
      }}
    />
  );
}

function Loading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-10 text-brand-600">
      <Spinner size="lg" label={label} />
    </div>
  );
}

/** The catalogue: every category with its subcategories, counts and detail links. */
function Catalogue() {
  const { t } = useLearningTranslation();
  const catalogue = useThemeLoopCatalogue();
  const canEdit = useCan('MODULE_THEORY_WRITE');
  const [editing, setEditing] = useState<ThemeLoopSubcategory | null>(null);

  let content: React.ReactNode;
  if (catalogue.isPending) content = <Loading label={t('themeLoop.catalogueLoading')} />;
  else if (catalogue.isError) {
    content = (
      <ErrorState
        message={t('themeLoop.catalogueError')}
        onRetry={() => void catalogue.refetch()}
        isRetrying={catalogue.isFetching}
      />
    );
  } else if (catalogue.data.length === 0) {
    content = <EmptyState title={t('themeLoop.catalogueEmpty')} />;
  } else {
    content = (
      <div className="flex flex-col gap-6">
        {catalogue.data.map((category) => (
          <div key={category.officialNumber} className="flex flex-col gap-2">
            <h3 className="font-semibold text-neutral-900">
              <span className="tabular-nums text-neutral-700">{category.officialNumber}</span>{' '}
              {category.name}
            </h3>
            <ul className="flex flex-col divide-y divide-neutral-200">
              {category.subcategories.map((sub) => {
                const title = `${sub.officialNumber} ${sub.name}`;
                return (
                  <li
                    key={sub.officialNumber}
                    className="flex flex-wrap items-center justify-between gap-3 py-2"
                  >
                    <span className="flex flex-col">
                      <span className="text-neutral-900">
                        <span className="tabular-nums text-neutral-700">{sub.officialNumber}</span>{' '}
                        {sub.name}
                      </span>
                      <span className="text-sm text-neutral-700">
                        {t('themeLoop.questions', { count: sub.questionCount })}
                      </span>
                    </span>
                    <span className="flex flex-wrap items-center gap-3">
                      {sub.detailsUrl ? (
                        <Link
                          href={sub.detailsUrl}
                          target="_blank"
                          rel="noopener noreferrer"
                          aria-label={t('themeLoop.openDetailsNamed', { name: title })}
                        >
                          {t('themeLoop.openDetails')}
                        </Link>
                      ) : (
                        <span className="text-sm text-neutral-600">{t('themeLoop.noDetails')}</span>
                      )}
                      {canEdit && (
                        <Button
                          variant="secondary"
                          size="sm"
                          aria-label={t('themeLoop.editDetailsNamed', { name: title })}
                          onPress={() => setEditing(sub)}
                        >
                          {t('themeLoop.editDetails')}
                        </Button>
                      )}
                    </span>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </div>
    );
  }
  return (
    <Section title={t('themeLoop.catalogue')}>
      {content}
      {editing && <DetailsLinkDialog subcategory={editing} onClose={() => setEditing(null)} />}
    </Section>
  );
}

/** "Erläuterungs-Link bearbeiten": the URL as plain text; 422 `validation.url` in German. */
function DetailsLinkDialog({
  subcategory,
  onClose,
}: {
  subcategory: ThemeLoopSubcategory;
  onClose: () => void;
}) {
  const { t } = useLearningTranslation();
  const update = useUpdateThemeLoopDetails();
  const [url, setUrl] = useState(subcategory.detailsUrl ?? '');
  const error: unknown = update.error;
  const invalid = isApiError(error) && error.status === 422;
  const name = `${subcategory.officialNumber} ${subcategory.name}`;
  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()}>
      <Dialog title={t('themeLoop.editTitle', { name })}>
        <form
          // The server judges the address (422 `validation.url`), not the browser.
          noValidate
          className="flex flex-col gap-4 px-6 pt-3 pb-5"
          onSubmit={(event) => {
            event.preventDefault();
            update.mutate(
              { subCategoryNumber: subcategory.officialNumber, url: url.trim() },
              { onSuccess: onClose },
            );
          }}
        >
          <TextField
            label={t('themeLoop.urlLabel')}
            description={t('themeLoop.urlDescription')}
            type="url"
            value={url}
            onChange={(value) => {
              setUrl(value);
              if (update.isError) update.reset();
            }}
            isRequired
            isInvalid={invalid}
            errorMessage={invalid ? t('themeLoop.invalidUrl') : undefined}
            validationBehavior="aria"
          />
          {update.isError && !invalid && <FormAlert>{t('themeLoop.saveError')}</FormAlert>}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onPress={onClose}>
              {t('themeLoop.cancel')}
            </Button>
            <Button type="submit" isPending={update.isPending}>
              {t('themeLoop.save')}
            </Button>
          </div>
        </form>
      </Dialog>
    </Modal>
  );
}

type Opened = { officialNumber: string; name: string; licenseClass: string };

/** A student's categories with progress; a subcategory opens its questions. */
function StudentThemeLoop({ studentId }: { studentId: number }) {
  const { t } = useLearningTranslation();
  const list = useStudentThemeLoop(studentId);
  const [opened, setOpened] = useState<Opened | null>(null);

  if (list.isPending) return <Loading label={t('themeLoop.studentLoading')} />;
  if (list.isError) {
    const error: unknown = list.error;
    if (isApiError(error) && error.status === 403) {
      return <EmptyState title={t('forbidden.title')} description={t('forbidden.text')} />;
    }
    return (
      <ErrorState
        message={t('themeLoop.studentError')}
        onRetry={() => void list.refetch()}
        isRetrying={list.isFetching}
      />
    );
  }
  if (list.data.length === 0) return <EmptyState title={t('themeLoop.studentEmpty')} />;
  if (opened) {
    return (
      <SubcategoryDetails studentId={studentId} opened={opened} onBack={() => setOpened(null)} />
    );
  }
  // The base category has no class of its own: its questions are the same for every class,
  // so they open with the student's first education class (B when there is none).
  const firstClass = list.data.find((c) => !c.base && c.licenseClass)?.licenseClass ?? 'B';
  return (
    <>
      {list.data.map((category) => (
        <StudentCategory
          key={`${category.name}-${category.studentEducationId ?? 0}`}
          category={category}
          onOpen={(sub) =>
            setOpened({
              officialNumber: sub.officialNumber,
              name: `${sub.officialNumber} ${sub.name}`,
              licenseClass: category.licenseClass ?? firstClass,
            })
          }
        />
      ))}
    </>
  );
}

function StudentCategory({
  category,
  onOpen,
}: {
  category: StudentThemeLoopCategory;
  onOpen: (sub: StudentThemeLoopCategory['subcategories'][number]) => void;
}) {
  const { t } = useLearningTranslation();
  const title = category.base
    ? t('themeLoop.basic')
    : t('themeLoop.classCategory', { licenseClass: category.licenseClass ?? category.name });
  return (
    <Section title={title}>
      <ul className="flex flex-col divide-y divide-neutral-200">
        {category.subcategories.map((sub) => {
          const name = `${sub.officialNumber} ${sub.name}`;
          const summary = t('themeLoop.progress', {
            correct: sub.correctCount,
            total: sub.questionCount,
          });
          return (
            <li key={sub.officialNumber} className="flex flex-wrap items-center gap-4 py-3">
              <div className="flex min-w-64 flex-1 flex-col gap-1">
                <span className="font-medium text-neutral-900">
                  <span className="tabular-nums text-neutral-700">{sub.officialNumber}</span>{' '}
                  {sub.name}
                </span>
                <ProgressBar
                  value={sub.correctCount}
                  max={sub.questionCount}
                  label={t('themeLoop.progressOf', { name })}
                  valueText={summary}
                />
                <span className="text-sm text-neutral-700">{summary}</span>
              </div>
              <Button
                variant="secondary"
                size="sm"
                aria-label={t('themeLoop.openSubcategoryNamed', { name })}
                onPress={() => onOpen(sub)}
              >
                {t('themeLoop.openSubcategory')}
              </Button>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

function SubcategoryDetails({
  studentId,
  opened,
  onBack,
}: {
  studentId: number;
  opened: Opened;
  onBack: () => void;
}) {
  const { t } = useLearningTranslation();
  const details = useThemeLoopDetails(studentId, opened.officialNumber, opened.licenseClass);
  const back = (
    <Button variant="secondary" size="sm" onPress={onBack}>
      {t('themeLoop.back')}
    </Button>
  );
  let content: React.ReactNode;
  if (details.isPending) content = <Loading label={t('themeLoop.detailsLoading')} />;
  else if (details.isError) {
    content = (
      <ErrorState
        message={t('themeLoop.detailsError')}
        onRetry={() => void details.refetch()}
        isRetrying={details.isFetching}
      />
    );
  } else if (details.data.questions.length === 0) {
    content = <EmptyState title={t('themeLoop.detailsEmpty')} />;
  } else {
    content = (
      <>
        {details.data.detailsUrl && (
          <Link href={details.data.detailsUrl} target="_blank" rel="noopener noreferrer">
            {t('themeLoop.openDetails')}
          </Link>
        )}
        <ol className="flex flex-col gap-4">
          {details.data.questions.map((question) => (
            <QuestionWithState key={question.id} question={question} />
          ))}
        </ol>
      </>
    );
  }
  return (
    <Section
      title={t('themeLoop.detailsTitle', { name: opened.name, licenseClass: opened.licenseClass })}
      actions={back}
    >
      {content}
    </Section>
  );
}

/** A question with the student's state; the solution shows on demand (no answering here). */
function QuestionWithState({ question }: { question: TheoryQuestion }) {
  const { t } = useLearningTranslation();
  const [showSolution, setShowSolution] = useState(false);
  const state = question.studentState;
  const answered = state && state.timesAnswered > 0;
  return (
    <li className="flex flex-col gap-2 rounded-md border border-neutral-200 p-4">
      <h3 className="text-sm font-semibold text-neutral-900">
        <span>{t('question.number', { officialNumber: question.officialNumber })}</span>
        <span className="font-normal text-neutral-700">
          {' · '}
          {t('themeLoop.points', { count: question.points })}
        </span>
      </h3>
      <p className="text-neutral-900">{question.text}</p>
      <p className="text-sm text-neutral-700">
        {answered
          ? [
              t('themeLoop.stateCounts', { correct: state.timesCorrect, wrong: state.timesWrong }),
              state.lastAnswerCorrect === undefined
                ? null
                : t(state.lastAnswerCorrect ? 'themeLoop.lastRight' : 'themeLoop.lastWrong'),
              state.lastAnsweredAt
                ? t('themeLoop.lastAnsweredAt', { when: formatDateTime(state.lastAnsweredAt) })
                : null,
            ]
              .filter(Boolean)
              .join(' · ')
          : t('themeLoop.stateNever')}
      </p>
      <div>
        <Button variant="secondary" size="sm" onPress={() => setShowSolution((s) => !s)}>
          {showSolution ? t('themeLoop.hideSolution') : t('themeLoop.showSolution')}
        </Button>
      </div>
      {showSolution && (
        <ul aria-label={t('themeLoop.solution')} className="flex flex-col gap-1 text-sm">
          {question.answers.map((answer) => (
            <li
              key={answer.id}
              className={answer.correct ? 'font-medium text-green-800' : 'text-neutral-700'}
            >
              {question.numeric
                ? `${answer.text}: ${answer.value ?? ''}`
                : `${answer.text} (${t(answer.correct ? 'themeLoop.correctAnswer' : 'themeLoop.wrongAnswer')})`}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
