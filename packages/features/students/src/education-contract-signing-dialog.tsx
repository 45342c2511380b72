import { errorToastMessage, isApiError } from '@fahrwerk/api';
import { FormAlert } from '@fahrwerk/core';
import {
  Button,
  Checkbox,
  CheckboxGroup,
  Dialog,
  ErrorState,
  Modal,
  SignatureField,
  type SignaturePadHandle,
  Spinner,
  useToast,
} from '@fahrwerk/ui';
import { useId, useRef, useState } from 'react';
import {
  type ContractSigner,
  type TrainingContract,
  useContractCheckboxTexts,
  useUploadContractSignature,
} from './api/training-contract-queries';
import { type StudentsT, useStudentsTranslation } from './use-students-translation';

export type ContractSigningDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The contract as the section shows it. */
  contract: TrainingContract;
  /** Who signs first: the student (then a parent, when one may), or a parent alone. */
  signer: ContractSigner;
  /** Names the student above the pad. */
  studentName?: string;
};

/**
 * Signing the training contract on the tablet. The student first confirms the two sentences
 * the server words (the booked add-ons, the privacy notice and terms) and signs; when the
 * contract then allows a parent's signature (a minor: required; no birth date: optional) a
 * second step asks for it, which can be left for later ("Später unterschreiben"). Started
 * with `signer: 'parent'` only the parent's step shows. Each signature is uploaded as a PNG
 * on "Unterschreiben"; a refusal shows in German above the pad and keeps the drawing.
 */
export function ContractSigningDialog({
  isOpen,
  onOpenChange,
  contract,
  signer,
  studentName,
}: ContractSigningDialogProps) {
  const { t } = useStudentsTranslation();
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} size="lg" isDismissable={false}>
      <Dialog
        title={t('educations.contract.signing.title', { licenseClass: contract.licenseClass })}
      >
        {({ close }) => (
          <SigningSteps
            contract={contract}
            first={signer}
            studentName={studentName}
            close={close}
          />
        )}
      </Dialog>
    </Modal>
  );
}

type Confirmation = 'addons' | 'gdpr';

function SigningSteps({
  contract,
  first,
  studentName,
  close,
}: {
  contract: TrainingContract;
  first: ContractSigner;
  studentName?: string;
  close: () => void;
}) {
  const toast = useToast();
  const { t } = useStudentsTranslation();
  const [step, setStep] = useState<ContractSigner>(first);
  /** The contract after the student's upload: it decides whether a parent signs too. */
  const [afterStudent, setAfterStudent] = useState<TrainingContract | null>(null);
  const [confirmed, setConfirmed] = useState<Confirmation[]>([]);
  const [isEmpty, setEmpty] = useState(true);
  const pad = useRef<SignaturePadHandle>(null);
  const reasonId = useId();
  const texts = useContractCheckboxTexts(contract.studentEducationId, step === 'student');
  const upload = useUploadContractSignature();
  const failure = upload.error ? signatureErrorMessage(upload.error, t) : null;

  const parentRule = afterStudent ?? contract;
  // "Schritt 1 von 2" only when a parent must still sign after the student.
  const twoSteps =
    first === 'student' && parentRule.parentSignatureRequired && !parentRule.parentSignedAt;
  const textsReady = texts.addons.isSuccess && texts.gdpr.isSuccess;
  const allConfirmed = confirmed.includes('addons') && confirmed.includes('gdpr');
  const reason =
    step === 'student' && textsReady && !allConfirmed
      ? t('educations.contract.signing.needConfirmations')
      : isEmpty
        ? t('educations.contract.signing.needSignature')
        : null;
  const canSubmit = (step === 'parent' || (textsReady && allConfirmed)) && !isEmpty;

  const submit = async () => {
    if (!canSubmit || !pad.current || pad.current.isEmpty()) return;
    try {
      const saved = await upload.mutateAsync({
        studentEducationId: contract.studentEducationId,
        signer: step,
        png: await pad.current.toPng(),
      });
      toast.success(t('educations.contract.signing.saved'));
      if (step === 'student' && saved.parentSignatureAllowed && !saved.parentSignedAt) {
        setAfterStudent(saved);
        setEmpty(true);
        upload.reset();
        setStep('parent');
      } else {
        close();
      }
    } catch {
      // The alert says why; the drawing stays for another try.
    }
  };

  let confirmations: React.ReactNode = null;
  if (step === 'student') {
    if (texts.addons.isError || texts.gdpr.isError) {
      confirmations = (
        <ErrorState
          className="py-4"
          message={t('educations.contract.signing.textsError')}
          onRetry={() => {
            if (texts.addons.isError) void texts.addons.refetch();
            if (texts.gdpr.isError) void texts.gdpr.refetch();
          }}
          isRetrying={texts.addons.isFetching || texts.gdpr.isFetching}
        />
      );
    } else if (texts.addons.isSuccess && texts.gdpr.isSuccess) {
      confirmations = (
        <CheckboxGroup
          label={t('educations.contract.signing.confirmations')}
          value={confirmed}
          onChange={(value) => setConfirmed(value as Confirmation[])}
        >
          <Checkbox value="addons">{texts.addons.data.value}</Checkbox>
          <Checkbox value="gdpr">{texts.gdpr.data.value}</Checkbox>
        </CheckboxGroup>
      );
    } else {
      confirmations = <Spinner label={t('educations.contract.signing.textsLoading')} />;
    }
  }

  const stepLabel = t(`educations.contract.signing.${step}`);
  return (
    <div className="flex flex-col gap-4">
      {failure && <FormAlert>{failure}</FormAlert>}
      <h3 className="font-medium text-neutral-900">
        {twoSteps && (
          <span className="me-2 text-neutral-600">
            {t('educations.contract.signing.step', { step: step === 'student' ? 1 : 2 })}
          </span>
        )}
        {stepLabel}
      </h3>
      {step === 'student' ? (
        <p>
          {studentName
            ? t('educations.contract.signing.studentIntroNamed', { name: studentName })
            : t('educations.contract.signing.studentIntro')}
        </p>
      ) : (
        <div className="flex flex-col gap-1">
          {afterStudent && (
            <p className="text-success-600">{t('educations.contract.signing.studentSaved')}</p>
          )}
          <p>
            {t(
              parentRule.parentSignatureRequired
                ? 'educations.contract.signing.parentRequired'
                : 'educations.contract.signing.parentOptional',
            )}
          </p>
        </div>
      )}
      {confirmations}
      <SignatureField key={step} ref={pad} label={stepLabel} onChange={setEmpty} />
      <div className="flex flex-wrap items-center justify-end gap-3 border-t border-neutral-100 pt-4">
        {reason && (
          <p id={reasonId} className="me-auto text-sm text-neutral-600">
            {reason}
          </p>
        )}
        <Button variant="secondary" size="lg" onPress={close}>
          {afterStudent
            ? t(
                parentRule.parentSignatureRequired
                  ? 'educations.contract.signing.later'
                  : 'common.close',
              )
            : t('common.cancel')}
        </Button>
        <Button
          size="lg"
          isDisabled={!canSubmit}
          isPending={upload.isPending}
          aria-describedby={reason ? reasonId : undefined}
          onPress={submit}
        >
          {t('educations.contract.signing.submit')}
        </Button>
      </div>
    </div>
  );
}

/**
 * The refusal in German: 413 as "too large" for a signature, everything else through the
 * core error mapping (422: the first field or global error; the `file` field named
 * "Unterschrift").
 */
function signatureErrorMessage(error: unknown, t: StudentsT): string | null {
  if (isApiError(error) && error.status === 413) return t('educations.contract.signing.tooLarge');
  return errorToastMessage(error, (key) =>
    key === 'fields.file' ? t('educations.contract.signing.signatureField') : t(key),
  );
}
