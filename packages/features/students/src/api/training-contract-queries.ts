import { type components, fileNameFromResponse, useApi } from '@fahrwerk/api';
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
