import { isApiError } from '@fahrwerk/api';
import { FormAlert } from '@fahrwerk/core';
import { Button } from '@fahrwerk/ui';
import { type ReactNode, useId, useState } from 'react';
import { usePublicCostBearerUpload } from './api/cost-bearer-queries';
import { DocumentUploadForm } from './components/cost-bearer-documents';
import { useCostBearersTranslation } from './use-cost-bearers-translation';

/** The contract's PublicToken. */
const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

export type CostBearerQrUploadScreenProps = {
  /** `schoolToken` from the link's query. */
  schoolToken: string | null;
  /** `costBearerToken` from the link's query. */
  costBearerToken: string | null;
};

/**
 * `/payers/upload-qrcode-document`: the page a cost bearer opens from the school's QR code,
 * without signing in, to send documents (a voucher, a cost approval) into its file.
 */
export function CostBearerQrUploadScreen({
  schoolToken,
  costBearerToken,
}: CostBearerQrUploadScreenProps) {
  const { t } = useCostBearersTranslation();
  const titleId = useId();
  const upload = usePublicCostBearerUpload();
  const [sent, setSent] = useState<string | null>(null);
  const [linkInvalid, setLinkInvalid] = useState(false);
  const tokensValid =
    schoolToken !== null &&
    costBearerToken !== null &&
    TOKEN.test(schoolToken) &&
    TOKEN.test(costBearerToken);

  let content: ReactNode;
  if (!tokensValid || linkInvalid) {
    content = <FormAlert>{t('qrUpload.invalidLink')}</FormAlert>;
  } else if (sent !== null) {
    content = (
      <div className="flex flex-col gap-4">
        <p
          role="status"
          className="rounded-md border border-success-200 bg-success-50 px-3 py-2 text-sm text-success-800"
        >
          {t('qrUpload.sent', { name: sent })}
        </p>
        <div>
          <Button variant="secondary" onPress={() => setSent(null)}>
            {t('qrUpload.another')}
          </Button>
        </div>
      </div>
    );
  } else {
    content = (
      <DocumentUploadForm
        fileLabel={t('qrUpload.file')}
        typeLabel={t('qrUpload.type')}
        submitLabel={t('qrUpload.submit')}
        isPending={upload.isPending}
        onUpload={async (file, type) => {
          try {
            await upload.mutateAsync({ schoolToken, costBearerToken, file, type });
            setSent(file.name);
          } catch (error) {
            // 404: the tokens name no (active) cost bearer any more.
            if (isApiError(error) && error.status === 404) {
              setLinkInvalid(true);
              return;
            }
            throw error;
          }
        }}
      />
    );
  }

  return (
    <section
      aria-labelledby={titleId}
      className="w-full max-w-xl rounded-xl border border-neutral-200 bg-white p-8 shadow-sm"
    >
      <h1 id={titleId} className="text-2xl font-semibold text-neutral-900">
        {t('qrUpload.title')}
      </h1>
      <p className="mt-2 text-sm text-neutral-600">{t('qrUpload.intro')}</p>
      <div className="mt-6">{content}</div>
    </section>
  );
}
