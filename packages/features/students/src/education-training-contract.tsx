import { saveBlob } from '@fahrwerk/api';
import { useCan } from '@fahrwerk/core';
import {
  Badge,
  type BadgeTone,
  Button,
  ConfirmDialog,
  ErrorState,
  formatDateTime,
  Spinner,
} from '@fahrwerk/ui';
import { useState } from 'react';
import {
  type ContractSigner,
  type TrainingContract,
  useDownloadSignedContract,
  useTrainingContract,
} from './api/training-contract-queries';
import { ContractSigningDialog } from './education-contract-signing-dialog';
import { useStudentsTranslation } from './use-students-translation';

type ContractStage = 'unsigned' | 'waitingForParent' | 'signed';

/** Where the contract stands: nobody signed, the student signed (a parent must too), complete. */
export function contractStage(contract: TrainingContract): ContractStage {
  if (contract.signed) return 'signed';
  return contract.studentSignedAt ? 'waitingForParent' : 'unsigned';
}

const STAGE_TONE: Record<ContractStage, BadgeTone> = {
  unsigned: 'warning',
  waitingForParent: 'warning',
  signed: 'success',
};

/** When the signer has signed before: signing again replaces it (asked first). */
const signedAt = (contract: TrainingContract, signer: ContractSigner) =>
  signer === 'student' ? contract.studentSignedAt : contract.parentSignedAt;

/**
 * The training contract (Ausbildungsvertrag) of one education in the student record: its
 * signature state — not signed, signed by the student (a minor's parent still to sign), or
 * complete — who must sign, and once complete the signed PDF to download. The same for
 * every user who sees the record. With MODULE_CUSTOMERS_WRITE (and the education not
 * archived) "Vertrag unterschreiben" opens the signing dialog (the student, then a parent
 * when one may), and once the student signed "Erziehungsberechtigte/r unterschreibt" lets a
 * parent sign later; signing again asks first, as it replaces the earlier signature.
 */
export function EducationTrainingContract({
  educationId,
  licenseClass,
  isArchived = false,
  studentName,
}: {
  educationId: number;
  /** Names the section ("Ausbildungsvertrag Klasse B"): a record shows one per education. */
  licenseClass: string;
  /** An archived education cannot be signed (the server refuses): no sign buttons. */
  isArchived?: boolean;
  /** Names the student in the signing dialog. */
  studentName?: string;
}) {
  const { t } = useStudentsTranslation();
  const canSign = useCan('MODULE_CUSTOMERS_WRITE') && !isArchived;
  const contract = useTrainingContract(educationId);
  const download = useDownloadSignedContract();
  const [signing, setSigning] = useState<ContractSigner | null>(null);
  const [replacing, setReplacing] = useState<ContractSigner | null>(null);
  const [lastSigner, setLastSigner] = useState<ContractSigner>('student');

  const startSigning = (state: TrainingContract, signer: ContractSigner) => {
    setLastSigner(signer);
    if (signedAt(state, signer)) setReplacing(signer);
    else setSigning(signer);
  };

  let body: React.ReactNode;
  if (contract.isPending) body = <Spinner label={t('common.loading')} />;
  else if (contract.isError)
    body = (
      <ErrorState
        className="py-4"
        message={t('educations.contract.loadError')}
        onRetry={() => void contract.refetch()}
        isRetrying={contract.isFetching}
      />
    );
  else {
    const state = contract.data;
    const stage = contractStage(state);
    const studentSignedAt = state.studentSignedAt ? formatDateTime(state.studentSignedAt) : '';
    body = (
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={STAGE_TONE[stage]}>
            {t(`educations.contract.stage.${stage}`, { date: studentSignedAt })}
          </Badge>
          <span className="ms-auto" />
          {canSign && (
            <Button
              variant={stage === 'unsigned' ? 'primary' : 'secondary'}
              size="sm"
              onPress={() => startSigning(state, 'student')}
            >
              {t('educations.contract.sign')}
            </Button>
          )}
          {canSign && state.parentSignatureAllowed && state.studentSignedAt && (
            <Button
              variant={stage === 'waitingForParent' ? 'primary' : 'secondary'}
              size="sm"
              onPress={() => startSigning(state, 'parent')}
            >
              {t('educations.contract.signParent')}
            </Button>
          )}
          {state.signed && (
            <Button
              variant="secondary"
              size="sm"
              isPending={download.isPending}
              onPress={() =>
                download.mutate(state, {
                  onSuccess: (file) => saveBlob(file.blob, file.fileName),
                })
              }
            >
              {t('educations.contract.download')}
            </Button>
          )}
        </div>
        <ContractDetails contract={state} stage={stage} />
      </div>
    );
  }

  const replacedAt = contract.data ? signedAt(contract.data, lastSigner) : undefined;
  return (
    <section
      aria-label={t('educations.contract.titleFor', { licenseClass })}
      className="mt-3 rounded-md border border-neutral-200 bg-neutral-50 p-3"
    >
      <h4 className="mb-2 text-sm font-semibold text-neutral-900">
        {t('educations.contract.title')}
      </h4>
      {body}
      {contract.data && (
        <>
          <ContractSigningDialog
            isOpen={signing !== null}
            onOpenChange={(open) => !open && setSigning(null)}
            contract={contract.data}
            signer={signing ?? lastSigner}
            studentName={studentName}
          />
          <ConfirmDialog
            isOpen={replacing !== null}
            onOpenChange={(open) => !open && setReplacing(null)}
            title={t('educations.contract.replace.title')}
            confirmLabel={t('educations.contract.replace.confirm')}
            onConfirm={() => setSigning(replacing)}
          >
            {replacedAt &&
              t(`educations.contract.replace.${lastSigner}`, { date: formatDateTime(replacedAt) })}
          </ConfirmDialog>
        </>
      )}
    </section>
  );
}

/** Who signed when, and who still has to. */
function ContractDetails({
  contract,
  stage,
}: {
  contract: TrainingContract;
  stage: ContractStage;
}) {
  const { t } = useStudentsTranslation();
  const lines: string[] = [];
  if (contract.studentSignedAt) {
    lines.push(
      t('educations.contract.studentSignedAt', { date: formatDateTime(contract.studentSignedAt) }),
    );
  }
  if (contract.parentSignedAt) {
    lines.push(
      t('educations.contract.parentSignedAt', { date: formatDateTime(contract.parentSignedAt) }),
    );
  }
  if (stage === 'waitingForParent') lines.push(t('educations.contract.parentMissing'));
  if (stage === 'unsigned') {
    lines.push(
      t(
        contract.parentSignatureRequired
          ? 'educations.contract.whoMinor'
          : contract.parentSignatureAllowed
            ? 'educations.contract.whoNoBirthDate'
            : 'educations.contract.whoAdult',
      ),
    );
  }
  return (
    <ul className="flex flex-col gap-0.5 text-sm text-neutral-700">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
