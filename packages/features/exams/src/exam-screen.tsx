import { errorToastMessage, isApiError } from '@fahrwerk/api';
import { useCan } from '@fahrwerk/core';
import {
  Badge,
  Button,
  ConfirmDialog,
  DescriptionList,
  ErrorState,
  formatDate,
  formatDateTime,
  Link,
  PageHeader,
  Section,
  Select,
  Spinner,
  toIsoDate,
  useToast,
} from '@fahrwerk/ui';
import { useState } from 'react';
import {
  type Exam,
  type ExamParticipant,
  type ExamStatus,
  useExam,
  useExamActions,
  useTestingOrganizations,
  useUsers,
} from './api/exam-queries';
import { AddParticipantsDialog } from './components/add-participants-dialog';
import { DeadlineBadge } from './components/deadline-badge';
import { ExamStatusBadge } from './components/exam-status-badge';
import { ProtocolUploadDialog } from './components/protocol-upload-dialog';
import { ResultDialog } from './components/result-dialog';
import { EXAM_ROUTE, type ExamKind } from './exam-kind';
import { isRemovable, nextStatuses } from './exam-status';
import { useExamsTranslation } from './use-exams-translation';

export type ExamScreenProps = {
  kind: ExamKind;
  examId: number;
  /** `YYYY-MM-DD` of today (results only from the exam date on, deadline warnings). */
  today?: string;
  /** The exam list; `/theory-exam` or `/practical-exam` by default. */
  backHref?: string;
  /**
   * After the exam slot was deleted (the host returns to the list); without it the screen says
   * it is deleted and links back.
   */
  onDeleted?: () => void;
};

const fullName = (row: ExamParticipant) => `${row.firstName} ${row.lastName}`;

/** Names the participant for screen readers after a row button's visible text. */
const ForName = ({ name }: { name: string }) => <span className="sr-only"> ({name})</span>;

/**
 * One exam slot (`/theory-exam?exam={id}`, `/practical-exam?exam={id}`): its data, booking at the
 * testing organization and the participants — add (with the education status info), mark as
 * ready, set the status, remove, upload and download the protocol; after "failed" the repeat
 * fee is booked. Each call has its own pending and success state (spec 001 §4). Read-only
 * without MODULE_EXAM_WRITE.
 */
export function ExamScreen({
  kind,
  examId,
  today = toIsoDate(new Date()),
  backHref = EXAM_ROUTE[kind],
  onDeleted,
}: ExamScreenProps) {
  const { t } = useExamsTranslation();
  const exam = useExam(kind, examId);
  const organizations = useTestingOrganizations();
  const users = useUsers();

  if (exam.isPending) return <Spinner label={t('common.loading')} />;
  if (exam.isError) {
    const missing = isApiError(exam.error) && exam.error.status === 404;
    return (
      <div className="flex flex-col gap-4">
        <Link href={backHref}>{t('detail.back')}</Link>
        <ErrorState
          message={missing ? t('detail.notFound') : t('common.loadError')}
          onRetry={missing ? undefined : () => void exam.refetch()}
          isRetrying={exam.isFetching}
        />
      </div>
    );
  }
  const organization = organizations.data?.find(
    (row) => row.id === exam.data.testingOrganizationId,
  );
  const proctor = users.data?.find((row) => row.id === exam.data.proctorId);
  return (
    <ExamDetail
      kind={kind}
      exam={exam.data}
      today={today}
      backHref={backHref}
      onDeleted={onDeleted}
      organizationName={organization?.name}
      proctorName={proctor ? `${proctor.firstName} ${proctor.lastName}` : undefined}
    />
  );
}

function ExamDetail({
  kind,
  exam,
  today,
  backHref,
  onDeleted,
  organizationName,
  proctorName,
}: {
  kind: ExamKind;
  exam: Exam;
  today: string;
  backHref: string;
  onDeleted?: () => void;
  organizationName?: string;
  proctorName?: string;
}) {
  const toast = useToast();
  const { t } = useExamsTranslation();
  const canWrite = useCan('MODULE_EXAM_WRITE');
  const actions = useExamActions(kind, exam.id);
  const [adding, setAdding] = useState(false);
  const [uploadFor, setUploadFor] = useState<ExamParticipant | null>(null);
  const [removing, setRemoving] = useState<ExamParticipant | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const [result, setResult] = useState<{ participant: ExamParticipant; status: ExamStatus } | null>(
    null,
  );
  // Participants whose repeat fee could not be booked right after "failed": offered by hand.
  const [feeOpen, setFeeOpen] = useState<number[]>([]);
  const message = (error: unknown) => errorToastMessage(error, (key) => t(key));
  const full = exam.places !== undefined && exam.participants.length >= exam.places;

  const bookRepeatFee = async (participant: ExamParticipant) => {
    try {
      const booked = await actions.bookRepeatFee.mutateAsync({
        studentEducationId: participant.studentEducationId,
        studentExamId: participant.id,
      });
      setFeeOpen((ids) => ids.filter((id) => id !== participant.id));
      toast.success(
        t(
          Array.isArray(booked) && booked.length === 0
            ? 'detail.repeatFeeNone'
            : 'detail.repeatFeeBooked',
          {
            name: fullName(participant),
          },
        ),
      );
    } catch (error) {
      // The server booked it itself (master-data switch automaticExamOrganisationFees).
      if (isApiError(error) && error.body.error_message === 'errors.already_booked') {
        setFeeOpen((ids) => ids.filter((id) => id !== participant.id));
        return;
      }
      setFeeOpen((ids) => (ids.includes(participant.id) ? ids : [...ids, participant.id]));
      toast.error(
        t('detail.repeatFeeFailed', { name: fullName(participant), reason: message(error) }),
      );
    }
  };

  const changeStatus = async (
    participant: ExamParticipant,
    status: ExamStatus,
    points?: number,
  ) => {
    try {
      await actions.updateStatus.mutateAsync({
        studentExamId: participant.id,
        status,
        ...(points !== undefined ? { points } : {}),
      });
    } catch (error) {
      toast.error(message(error) ?? '');
      return;
    }
    toast.success(t('detail.statusSaved', { name: fullName(participant) }));
    // The contract: recording FAILED books nothing by itself; the screen books the repeat fee.
    if (status === 'FAILED') await bookRepeatFee(participant);
  };

  const kindName = t(`kinds.${kind}`);
  if (deleted) {
    return (
      <div className="flex flex-col gap-4">
        <Link href={backHref}>{t('detail.back')}</Link>
        <p role="status" className="text-sm text-neutral-700">
          {t('detail.deleted')}
        </p>
      </div>
    );
  }
  // Only a slot without results can go (the server answers errors.exam_has_results else).
  const deletable = canWrite && exam.participants.every((p) => isRemovable(p.status));
  return (
    <div className="flex flex-col gap-4">
      <Link href={backHref}>{t('detail.back')}</Link>
      <PageHeader
        title={t('detail.title', { kind: kindName, date: formatDate(exam.date) })}
        description={canWrite ? undefined : t('common.readOnly')}
        actions={
          <>
            {exam.booked ? (
              <Badge tone="brand">
                {exam.bookedAt
                  ? t('detail.booked', { date: formatDateTime(exam.bookedAt) })
                  : t('screen.bookedBadge')}
              </Badge>
            ) : (
              <Badge>{t('detail.notBooked')}</Badge>
            )}
            {canWrite && !exam.booked && (
              <Button
                isPending={actions.book.isPending}
                onPress={() =>
                  actions.book.mutate(undefined, {
                    onSuccess: () => toast.success(t('messages.save_success')),
                    // Spec 001 §8: the server's error_message in an error snackbar.
                    onError: (error) => toast.error(message(error) ?? ''),
                  })
                }
              >
                {t('detail.book')}
              </Button>
            )}
            {deletable && (
              <Button variant="secondary" onPress={() => setDeleting(true)}>
                {t('detail.delete')}
              </Button>
            )}
          </>
        }
      />
      <Section title={t('detail.facts')}>
        <DescriptionList
          items={[
            { label: t('screen.columns.date'), value: formatDate(exam.date) },
            {
              label: t('screen.columns.time'),
              value: t('common.timeValue', { time: exam.startTime }),
            },
            {
              label: t('screen.columns.minutes'),
              value: t('common.minutesValue', { minutes: exam.minutes }),
            },
            { label: t('screen.columns.organization'), value: organizationName ?? '–' },
            { label: t('screen.columns.listNumber'), value: exam.listNumber ?? '–' },
            {
              label: t(kind === 'theory' ? 'form.proctorTheory' : 'form.proctorPractical'),
              value: proctorName ?? '–',
            },
            { label: t('screen.columns.examiner'), value: exam.examiner ?? '–' },
            { label: t('form.location'), value: exam.location ?? '–' },
            {
              label: t('screen.columns.licenseClass'),
              value: exam.licenseClass ?? t('form.mixedClasses'),
            },
            {
              label: t('screen.columns.places'),
              value:
                exam.places !== undefined
                  ? t('screen.placesValue', {
                      taken: exam.participants.length,
                      places: exam.places,
                    })
                  : exam.participants.length,
            },
            ...(exam.note ? [{ label: t('form.note'), value: exam.note }] : []),
          ]}
        />
      </Section>
      <Section
        title={t('detail.participants')}
        description={t('detail.participantsCount', { count: exam.participants.length })}
        actions={
          canWrite && !exam.archived ? (
            <Button
              variant="secondary"
              isDisabled={full}
              onPress={() => {
                actions.setParticipants.reset();
                setAdding(true);
              }}
            >
              {t('detail.add')}
            </Button>
          ) : null
        }
      >
        {exam.participants.length === 0 ? (
          <p className="text-sm text-neutral-700">{t('detail.noParticipants')}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full border-collapse text-sm" aria-label={t('detail.participants')}>
              <thead>
                <tr className="border-b border-neutral-200 text-start text-neutral-700">
                  <th scope="col" className="px-2 py-2 text-start font-medium">
                    {t('detail.columns.name')}
                  </th>
                  <th scope="col" className="px-2 py-2 text-start font-medium">
                    {t('detail.columns.licenseClass')}
                  </th>
                  <th scope="col" className="px-2 py-2 text-start font-medium">
                    {t('detail.columns.status')}
                  </th>
                  <th scope="col" className="px-2 py-2 text-start font-medium">
                    {t('detail.columns.deadlines')}
                  </th>
                  <th scope="col" className="px-2 py-2 text-start font-medium">
                    {t('detail.columns.protocol')}
                  </th>
                  {canWrite && (
                    <th scope="col" className="px-2 py-2 text-start font-medium">
                      {t('detail.columns.actions')}
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {exam.participants.map((participant) => {
                  const name = fullName(participant);
                  const options = nextStatuses(participant.status, exam.date, today);
                  const statusPending =
                    actions.updateStatus.isPending &&
                    actions.updateStatus.variables?.studentExamId === participant.id;
                  return (
                    <tr key={participant.id} className="border-b border-neutral-100 align-top">
                      <th scope="row" className="px-2 py-2 text-start font-medium text-neutral-900">
                        {name}
                        <span className="block text-xs font-normal text-neutral-700">
                          {t('detail.attempt', { attempt: participant.attempt })}
                          {participant.points !== undefined &&
                            ` · ${t('detail.points')}: ${participant.points}`}
                        </span>
                      </th>
                      <td className="px-2 py-2">{participant.licenseClass}</td>
                      <td className="px-2 py-2">
                        {canWrite && options.length > 0 ? (
                          <div className="flex items-center gap-2">
                            <Select
                              aria-label={t('detail.statusFor', { name })}
                              items={[participant.status, ...options].map((status) => ({
                                id: status,
                                label: t(`status.${status}`),
                              }))}
                              selectedKey={participant.status}
                              isDisabled={statusPending}
                              onSelectionChange={(key) => {
                                const status = key as ExamStatus;
                                if (!key || status === participant.status) return;
                                // A theory exam's result takes its error points first.
                                if (
                                  kind === 'theory' &&
                                  (status === 'PASSED' || status === 'FAILED')
                                ) {
                                  setResult({ participant, status });
                                } else {
                                  void changeStatus(participant, status);
                                }
                              }}
                            />
                            {statusPending && <Spinner size="sm" label={t('common.loading')} />}
                          </div>
                        ) : (
                          <ExamStatusBadge status={participant.status} />
                        )}
                      </td>
                      <td className="px-2 py-2">
                        <div className="flex flex-col items-start gap-1">
                          {participant.practicalExamDeadline && (
                            <DeadlineBadge
                              kind="practical"
                              date={participant.practicalExamDeadline}
                              today={today}
                            />
                          )}
                          {participant.examApplicationExpiresAt && (
                            <DeadlineBadge
                              kind="application"
                              date={participant.examApplicationExpiresAt}
                              today={today}
                            />
                          )}
                        </div>
                      </td>
                      <td className="px-2 py-2">
                        <div className="flex flex-wrap gap-2">
                          {participant.protocol ? (
                            <Button
                              size="sm"
                              variant="secondary"
                              isPending={
                                actions.downloadProtocol.isPending &&
                                actions.downloadProtocol.variables?.id === participant.id
                              }
                              onPress={() =>
                                actions.downloadProtocol.mutate(participant, {
                                  onError: (error) => toast.error(message(error) ?? ''),
                                })
                              }
                            >
                              {t('detail.download')}
                              <ForName name={name} />
                            </Button>
                          ) : (
                            <span className="text-neutral-700">{t('detail.noProtocol')}</span>
                          )}
                          {canWrite && (
                            <Button
                              size="sm"
                              variant="secondary"
                              onPress={() => {
                                actions.uploadProtocol.reset();
                                setUploadFor(participant);
                              }}
                            >
                              {t('detail.upload')}
                              <ForName name={name} />
                            </Button>
                          )}
                        </div>
                      </td>
                      {canWrite && (
                        <td className="px-2 py-2">
                          <div className="flex flex-wrap gap-2">
                            {participant.status === 'PLANNED' && (
                              <Button
                                size="sm"
                                variant="secondary"
                                isPending={
                                  actions.markReady.isPending &&
                                  actions.markReady.variables?.includes(participant.id)
                                }
                                onPress={() =>
                                  actions.markReady.mutate([participant.id], {
                                    onSuccess: () =>
                                      toast.success(t('detail.markedReady', { name })),
                                    // Spec 001 §8: ready marking keeps only a false flag, no message.
                                    onError: () => toast.error(t('messages.operation_error')),
                                  })
                                }
                              >
                                {t('detail.markReady')}
                                <ForName name={name} />
                              </Button>
                            )}
                            {participant.status === 'FAILED' &&
                              feeOpen.includes(participant.id) && (
                                <Button
                                  size="sm"
                                  variant="secondary"
                                  isPending={actions.bookRepeatFee.isPending}
                                  onPress={() => void bookRepeatFee(participant)}
                                >
                                  {t('detail.repeatFee')}
                                  <ForName name={name} />
                                </Button>
                              )}
                            {isRemovable(participant.status) && (
                              <Button
                                size="sm"
                                variant="quiet"
                                onPress={() => {
                                  actions.remove.reset();
                                  setRemoving(participant);
                                }}
                              >
                                {t('detail.remove')}
                                <ForName name={name} />
                              </Button>
                            )}
                          </div>
                        </td>
                      )}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </Section>
      {adding && (
        <AddParticipantsDialog
          isOpen
          onOpenChange={setAdding}
          kind={kind}
          exam={exam}
          isPending={actions.setParticipants.isPending}
          onSubmit={(ids) =>
            actions.setParticipants.mutateAsync(ids, {
              onSuccess: () => toast.success(t('add.added')),
              onError: (error) => toast.error(message(error) ?? ''),
            })
          }
        />
      )}
      {result && (
        <ResultDialog
          name={fullName(result.participant)}
          status={result.status}
          points={result.participant.points}
          isPending={actions.updateStatus.isPending}
          onCancel={() => setResult(null)}
          onSave={async (points) => {
            await changeStatus(result.participant, result.status, points);
            setResult(null);
          }}
        />
      )}
      {uploadFor && (
        <ProtocolUploadDialog
          isOpen
          onOpenChange={(open) => !open && setUploadFor(null)}
          name={fullName(uploadFor)}
          isPending={actions.uploadProtocol.isPending}
          onUpload={(file) =>
            actions.uploadProtocol.mutateAsync(
              { studentExamId: uploadFor.id, file },
              { onSuccess: () => toast.success(t('upload.uploaded')) },
            )
          }
        />
      )}
      <ConfirmDialog
        isOpen={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('detail.removeTitle')}
        confirmLabel={t('detail.remove')}
        cancelLabel={t('common.cancel')}
        variant="destructive"
        isPending={actions.remove.isPending}
        onConfirm={async () => {
          if (!removing) return;
          const name = fullName(removing);
          try {
            await actions.remove.mutateAsync(removing.id);
            toast.success(t('detail.removed', { name }));
          } catch (error) {
            toast.error(message(error) ?? '');
          }
          setRemoving(null);
        }}
      >
        {removing ? t('detail.removeText', { name: fullName(removing) }) : null}
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={deleting}
        onOpenChange={setDeleting}
        title={t('detail.deleteTitle')}
        confirmLabel={t('detail.delete')}
        cancelLabel={t('common.cancel')}
        variant="destructive"
        isPending={actions.deleteExam.isPending}
        onConfirm={async () => {
          try {
            await actions.deleteExam.mutateAsync();
          } catch (error) {
            // Spec 001 §8: the server's error_message in an error snackbar.
            toast.error(message(error) ?? '');
            setDeleting(false);
            return;
          }
          setDeleting(false);
          toast.success(t('messages.delete_success'));
          if (onDeleted) onDeleted();
          else setDeleted(true);
        }}
      >
        {t(exam.booked ? 'detail.deleteTextBooked' : 'detail.deleteText', {
          kind: kindName,
          date: formatDate(exam.date),
        })}
      </ConfirmDialog>
    </div>
  );
}
