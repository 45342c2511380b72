import { useCan } from '@fahrwerk/core';
import {
  CostBearerQrUploadScreen,
  type CostBearerRecordTab,
  CostBearersScreen,
} from '@fahrwerk/cost-bearers';
import { Button, Spinner } from '@fahrwerk/ui';
import { useLocation, useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { documentFormRoute } from './document-routes';
import type { Pages } from './screens';

// The invoices come with their own package, loaded when the tab is first shown.
const DocumentsPanel = lazy(() =>
  import('@fahrwerk/invoices').then((invoices) => ({ default: invoices.DocumentsPanel })),
);

/** The cost bearer's invoices tab (automatic-payments module): documents, services, classic pay. */
function useCostBearerTabs(): CostBearerRecordTab[] {
  const { t } = useTranslation('backoffice');
  const navigate = useNavigate();
  const canInvoices = useCan('MODULE_AUTOMATIC_PAYMENTS');
  if (!canInvoices) return [];
  return [
    {
      id: 'invoices',
      label: t('costBearerRecord.invoices'),
      render: (costBearer) => (
        <Suspense fallback={<Spinner label={t('loading')} />}>
          <DocumentsPanel
            costBearerId={costBearer.id}
            onNewPaymentRequest={() =>
              navigate({ href: `/payers/payment-request?costBearerId=${costBearer.id}` })
            }
            onEditDraft={(document) => {
              const route = documentFormRoute(document.type, 'costBearer');
              if (route) navigate({ href: `${route}?documentId=${document.id}` });
            }}
            actions={
              <>
                <Button
                  variant="secondary"
                  onPress={() => navigate({ href: `/payers/services/${costBearer.id}` })}
                >
                  {t('costBearerRecord.services')}
                </Button>
                <Button
                  variant="quiet"
                  onPress={() => navigate({ href: `/payers/classic-pay/${costBearer.id}` })}
                >
                  {t('costBearerRecord.classicPay')}
                </Button>
              </>
            }
          />
        </Suspense>
      ),
    },
  ];
}

/** The list, and the open cost bearer with `?id=` (so the browser's back button works). */
function CostBearersPage() {
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { id?: unknown };
  const id = Number(search.id);
  const extraTabs = useCostBearerTabs();
  return (
    <CostBearersScreen
      selectedId={Number.isInteger(id) && id > 0 ? id : null}
      onSelect={(next) => navigate({ href: next === null ? '/payers' : `/payers?id=${next}` })}
      onOpenStudent={(studentId) => navigate({ href: `/students/edit/${studentId}` })}
      extraTabs={extraTabs}
    />
  );
}

/**
 * The public QR-code page. The tokens are read from the raw query string: the router's
 * search parser would turn a token of digits into a number.
 */
function CostBearerQrUploadPage() {
  const { searchStr } = useLocation();
  const query = new URLSearchParams(searchStr);
  return (
    <CostBearerQrUploadScreen
      schoolToken={query.get('schoolToken')}
      costBearerToken={query.get('costBearerToken')}
    />
  );
}

/** The pages of cost bearers and their QR-code upload page (issue 4): `costBearers.<name>` in the route table. */
export const COST_BEARER_PAGES = {
  list: CostBearersPage,
  qrUpload: CostBearerQrUploadPage,
} satisfies Pages;
