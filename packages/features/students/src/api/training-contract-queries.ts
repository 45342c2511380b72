import { asBinary, type components, fileNameFromResponse, toFormData, useApi } from '@fahrwerk/api';
import { useInvalidate } from '@fahrwerk/core';
import { useMutation, useQuery } from '@tanstack/react-query';

export type TrainingContract = components['schemas']['TrainingContract'];

/** The signature state of an education's training contract (`GET /training-contract/{id}`). */
export function useTrainingContract(studentEducationId: number) {
  const api = useApi();
  return useQuery({
    ...api.query.queryOptions('get', '/training-contract/{studentEducationId}', {
      params: { path: { studentEducationId } },
    }),
    // The section shows its own error with a retry.
    meta: { silentError: true },
  });
}

/** The signed contract's PDF with the name the server gives it. */
export type SignedContractFile = { blob: Blob; fileName: string };

/**
 * `GET /training-contract/{id}/signed-pdf`; 422 `errors.training_contract_not_signed` before
 * every required signature is there (the global error toast says so in German).
 */
export function useDownloadSignedContract() {
  const api = useApi();
  return useMutation({
    mutationFn: async (contract: TrainingContract): Promise<SignedContractFile> => {
      const { data, response } = await api.fetch.GET(
        '/training-contract/{studentEducationId}/signed-pdf',
        {
          params: { path: { studentEducationId: contract.studentEducationId } },
          parseAs: 'blob',
        },
      );
      return {
        blob: data as Blob,
        fileName:
          fileNameFromResponse(response) ??
          `Ausbildungsvertrag Klasse ${contract.licenseClass}.pdf`,
      };
    },
  });
}

/** Who signs: the student, or a parent of a minor (or of a student without a birth date). */
export type ContractSigner = 'student' | 'parent';

/**
 * The two sentences the student confirms before signing (German, from the server): the
 * booked add-ons with their prices, and the school's privacy notice and terms. Loaded when
 * the signing dialog asks (`enabled`); the dialog shows a failure itself.
 */
export function useContractCheckboxTexts(studentEducationId: number, enabled: boolean) {
  const api = useApi();
  const init = { params: { query: { studentEducationId } } };
  const addons = useQuery({
    ...api.query.queryOptions('get', '/training-contract/get-addons-checkbox-text', init),
    enabled,
    meta: { silentError: true },
  });
  const gdpr = useQuery({
    ...api.query.queryOptions('get', '/training-contract/get-gdpr-url-checkbox-text', init),
    enabled,
    meta: { silentError: true },
  });
  return { addons, gdpr };
}

export type ContractSignatureUpload = {
  studentEducationId: number;
  signer: ContractSigner;
  /** The pad's drawing. */
  png: Blob;
};

const SIGNATURE_PATHS = {
  student: '/training-contract/upload-student-signature',
  parent: '/training-contract/upload-parent-signature',
} as const;

/**
 * Uploads a signature (`POST /training-contract/upload-{student|parent}-signature`,
 * multipart `file`, a PNG of at most 1 MB) and answers the contract with it. Signing again
 * replaces the signature. Afterwards the contract and the student's documents (the signed
 * PDF is one once complete) load again. Silent: the dialog shows the refusal and keeps the
 * drawing.
 */
export function useUploadContractSignature() {
  const api = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    meta: { silentError: true },
    mutationFn: async ({ studentEducationId, signer, png }: ContractSignatureUpload) => {
      const file = new File([png], 'unterschrift.png', { type: 'image/png' });
      const { data } = await api.fetch.POST(SIGNATURE_PATHS[signer], {
        params: { query: { studentEducationId } },
        body: { file: asBinary(file) },
        bodySerializer: toFormData,
      });
      return data as TrainingContract;
    },
    onSuccess: () => invalidate('/training-contract', '/student-documents'),
  });
}
