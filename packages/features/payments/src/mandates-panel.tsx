import { errorToastMessage } from '@fahrwerk/api';
import { useCan } from '@fahrwerk/core';
import {
  Button,
  ConfirmDialog,
  DescriptionList,
  EmptyState,
  ErrorState,
  formatDate,
  Section,
  Spinner,
  toIsoDate,
  useToast,
} from '@fahrwerk/ui';
import { useState } from 'react';
import {
  type Mandate,
  useConfirmMandate,
  useCreateMandate,
  useEducationsOf,
  useRevokeMandate,
  useSendMandateEmail,
  useStudentMandates,
} from './api/mandate-queries';
import { MandateConfirmDialog } from './mandate-confirm-dialog';
import { MandateCreateDialog } from './mandate-create-dialog';
import type { MandateEducation } from './mandate-education';
import { MandateEmailDialog } from './mandate-email-dialog';
import {
  effectiveMandateStatus,
  isMandateUsable,
  isOnlyUsableMandate,
  mandateExpiresAt,
  maskIban,
} from './mandate-rules';
import { MandateStatusBadge } from './mandate-status-badge';
import { usePaymentsTranslation } from './use-payments-translation';

export type MandatesPanelProps = {
  /** The student whose mandates are listed (`GET /live-pay-mandate/by-student/{id}`). */
  studentId: number;
  /** The education the record shows: preselected in the new-mandate and e-mail dialogs. */
  studentEducationId?: number;
  /** The student's educations for the dialogs; loaded (`GET /student-educations/student/{id}`) when absent. */
  educations?: readonly MandateEducation[];
  /** Prefills the address of "Mandat per E-Mail anfordern" (the student's payer e-mail). */
  defaultEmail?: string;
};

/**
 * The student record's payment tab: the student's SEPA mandates, newest first, with status,
 * reference, holder, masked IBAN, dates of signature and last debit and the day it lapses
 * (36 months unused). With write permission: enter a mandate, confirm an unconfirmed one,
 * revoke (confirmed once, twice for the only usable mandate; revoking is final) and request
 * a mandate by e-mail. Revoked and lapsed mandates have no actions.
 */
export function MandatesPanel({
  studentId,
  studentEducationId,
  educations: givenEducations,
  defaultEmail,
}: MandatesPanelProps) {
  const toast = useToast();
  const { t } = usePaymentsTranslation();
  const canWrite = useCan('MODULE_AUTOMATIC_PAYMENTS', 'MODULE_AUTOMATIC_PAYMENTS_WRITE');
  const mandates = useStudentMandates(studentId);
  const canReadEducations = useCan('MODULE_CUSTOMERS');
  const loadedEducations = useEducationsOf(
    studentId,
    givenEducations === undefined && canReadEducations,
  );
  const educations: readonly MandateEducation[] =
    givenEducations ?? (loadedEducations.data ?? []).filter((row) => !row.archived);
  const create = useCreateMandate();
  const confirm = useConfirmMandate();
  const revoke = useRevokeMandate();
  const sendEmail = useSendMandateEmail();
  const [creating, setCreating] = useState(false);
  const [emailing, setEmailing] = useState(false);
  const [confirming, setConfirming] = useState<Mandate | null>(null);
  const [revoking, setRevoking] = useState<Mandate | null>(null);
  const [revokingOnly, setRevokingOnly] = useState<Mandate | null>(null);
  const today = toIsoDate(new Date());
  const all = mandates.data ?? [];

  const classOf = (mandate: Mandate) => {
    if (mandate.studentEducationId === undefined) return t('mandates.allEducations');
    const education = educations.find((row) => row.id === mandate.studentEducationId);
    return education
      ? t('balance.licenseClass', { licenseClass: education.licenseClass })
      : `#${mandate.studentEducationId}`;
  };

  const doRevoke = async (mandate: Mandate) => {
    try {
      await revoke.mutateAsync(mandate.id);
      toast.success(t('mandates.revoke.done', { reference: mandate.reference }));
    } catch (error) {
      const text = errorToastMessage(error, t);
      if (text) toast.error(text);
      throw error;
    }
  };

  const details = (mandate: Mandate) => {
    const expiresAt = mandateExpiresAt(mandate);
    return [
      { label: t('mandates.fields.holderName'), value: mandate.holderName },
      {
        label: t('mandates.fields.iban'),
        value: <span className="font-mono tabular-nums">{maskIban(mandate.iban)}</span>,
      },
      ...(mandate.bic ? [{ label: t('mandates.fields.bic'), value: mandate.bic }] : []),
      { label: t('mandates.fields.education'), value: classOf(mandate) },
      {
        label: t('mandates.fields.signedAt'),
        value: mandate.signedAt ? formatDate(mandate.signedAt) : '–',
      },
      {
        label: t('mandates.fields.lastDebitAt'),
        value: mandate.lastDebitAt ? formatDate(mandate.lastDebitAt) : t('mandates.never'),
      },
      ...(expiresAt
        ? [{ label: t('mandates.fields.expiresAt'), value: formatDate(expiresAt) }]
        : []),
      // FRST or RCUR decides the pre-notification and the bank file of the next debit.
      ...(isMandateUsable(mandate, today)
        ? [
            {
              label: t('mandates.fields.sequenceType'),
              value: t(`mandates.sequence.${mandate.sequenceType}`),
            },
          ]
        : []),
      ...(mandate.revokedAt
        ? [{ label: t('mandates.fields.revokedAt'), value: formatDate(mandate.revokedAt) }]
        : []),
    ];
  };

  return (
    <Section
      title={t('mandates.title')}
      description={t('mandates.lapseHint')}
      actions={
        canWrite && (
          <>
            <Button
              variant="secondary"
              // The dialog starts with the student's educations: wait until they are known.
              isDisabled={givenEducations === undefined && loadedEducations.isLoading}
              onPress={() => setEmailing(true)}
            >
              {t('mandates.email.action')}
            </Button>
            <Button onPress={() => setCreating(true)}>{t('mandates.create.action')}</Button>
          </>
        )
      }
    >
      {mandates.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner label={t('mandates.loading')} />
        </div>
      ) : mandates.isError ? (
        <ErrorState
          message={t('mandates.loadError')}
          onRetry={() => void mandates.refetch()}
          isRetrying={mandates.isFetching}
        />
      ) : all.length === 0 ? (
        <EmptyState title={t('mandates.empty')} />
      ) : (
        <ul className="flex flex-col gap-3">
          {all.map((mandate) => {
            const status = effectiveMandateStatus(mandate, today);
            const usable = isMandateUsable(mandate, today);
            return (
              <li key={mandate.id}>
                <article
                  aria-label={mandate.reference}
                  className="flex flex-col gap-3 rounded-md border border-neutral-200 p-4"
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <div className="flex flex-wrap items-center gap-2">
                      <h3 className="font-mono text-sm font-semibold text-neutral-900">
                        {mandate.reference}
                      </h3>
                      <MandateStatusBadge status={status} />
                    </div>
                    {canWrite && usable && (
                      <div className="flex gap-2">
                        {status === 'UNCONFIRMED' && (
                          <Button
                            size="sm"
                            variant="secondary"
                            aria-label={`${t('mandates.confirm.action')}: ${mandate.reference}`}
                            onPress={() => setConfirming(mandate)}
                          >
                            {t('mandates.confirm.action')}
                          </Button>
                        )}
                        <Button
                          size="sm"
                          variant="secondary"
                          aria-label={`${t('mandates.revoke.action')}: ${mandate.reference}`}
                          onPress={() => setRevoking(mandate)}
                        >
                          {t('mandates.revoke.action')}
                        </Button>
                      </div>
                    )}
                  </div>
                  <DescriptionList items={details(mandate)} />
                </article>
              </li>
            );
          })}
        </ul>
      )}
      <MandateCreateDialog
        isOpen={creating}
        onOpenChange={setCreating}
        studentId={studentId}
        educations={educations}
        studentEducationId={studentEducationId}
        onSubmit={async (input) => {
          const mandate = await create.mutateAsync(input);
          toast.success(t('mandates.create.done', { reference: mandate.reference }));
          return mandate;
        }}
      />
      <MandateConfirmDialog
        mandate={confirming}
        onClose={() => setConfirming(null)}
        onSubmit={(signedAt) =>
          confirming
            ? confirm.mutateAsync({ id: confirming.id, signedAt })
            : Promise.resolve(undefined)
        }
        onSaved={() =>
          toast.success(t('mandates.confirm.done', { reference: confirming?.reference ?? '' }))
        }
      />
      <MandateEmailDialog
        isOpen={emailing}
        onOpenChange={setEmailing}
        educations={educations}
        studentEducationId={studentEducationId}
        defaultEmail={defaultEmail}
        onSubmit={(request) => sendEmail.mutateAsync(request)}
        onSaved={() => toast.success(t('messages.email_sent'))}
      />
      <ConfirmDialog
        isOpen={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        variant="destructive"
        title={t('mandates.revoke.title', { reference: revoking?.reference ?? '' })}
        confirmLabel={t('mandates.revoke.confirm')}
        onConfirm={() => {
          if (!revoking) return;
          if (isOnlyUsableMandate(revoking, all, today)) {
            // Spec 001 §4: the only mandate needs a second confirmation.
            setRevokingOnly(revoking);
            return;
          }
          return doRevoke(revoking);
        }}
      >
        {t('mandates.revoke.text')}
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={revokingOnly !== null}
        onOpenChange={(open) => !open && setRevokingOnly(null)}
        variant="destructive"
        title={t('mandates.revoke.onlyTitle')}
        confirmLabel={t('mandates.revoke.confirmOnly')}
        onConfirm={() => (revokingOnly ? doRevoke(revokingOnly) : undefined)}
      >
        {t('mandates.revoke.onlyText')}
      </ConfirmDialog>
    </Section>
  );
}
