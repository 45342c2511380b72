import { useCan } from '@fahrwerk/core';
import { ErrorState, PageHeader, Spinner } from '@fahrwerk/ui';
import { type MasterDataInput, useMasterData, useSaveMasterData } from './api/settings-queries';
import { MasterDataForm } from './components/master-data-form';
import { useSettingsTranslation } from './use-settings-translation';

/**
 * The school's master data (`/master-data`): name, contact, taxes, bank account and SEPA
 * creditor id, accounting and the four switches. Without MODULE_COMPANY_WRITE read-only.
 */
export function MasterDataScreen() {
  const { t } = useSettingsTranslation();
  const canWrite = useCan('MODULE_COMPANY_WRITE');
  const masterData = useMasterData();
  const save = useSaveMasterData();

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t('masterData.title')}
        description={canWrite ? t('masterData.description') : t('common.readOnly')}
      />
      {masterData.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner size="lg" />
        </div>
      ) : masterData.isError || !masterData.data ? (
        <ErrorState
          message={t('common.loadError')}
          onRetry={() => masterData.refetch()}
          isRetrying={masterData.isFetching}
        />
      ) : (
        <MasterDataForm
          masterData={masterData.data}
          isReadOnly={!canWrite}
          onSubmit={async (input: MasterDataInput) => save.mutateAsync(input)}
        />
      )}
    </div>
  );
}
