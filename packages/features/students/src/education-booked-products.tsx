import { useApi } from '@fahrwerk/api';
import { Badge, Button, ErrorState, formatDate, formatMoney, Spinner } from '@fahrwerk/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useStudentsTranslation } from './use-students-translation';

/**
 * What is booked for an education (`GET /student-educations/{id}/booked-products`): basic
 * fee, material, add-ons, exam fees and repeat presentations, with the price booked and
 * whether it is invoiced. Loaded when opened, so a record with many educations makes no
 * call per education up front.
 */
export function EducationBookedProducts({ educationId }: { educationId: number }) {
  const { t } = useStudentsTranslation();
  const [open, setOpen] = useState(false);
  const api = useApi();
  const booked = useQuery({
    ...api.query.queryOptions('get', '/student-educations/{id}/booked-products', {
      params: { path: { id: educationId } },
    }),
    enabled: open,
    meta: { silentError: true },
  });
  const listId = `booked-products-${educationId}`;
  return (
    <div className="mt-3">
      <Button
        variant="quiet"
        size="sm"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onPress={() => setOpen(!open)}
      >
        {t(open ? 'educations.bookedProducts.hide' : 'educations.bookedProducts.show')}
      </Button>
      {open && (
        <div id={listId} className="mt-2">
          {booked.isPending ? (
            <Spinner label={t('common.loading')} />
          ) : booked.isError ? (
            <ErrorState
              message={t('educations.bookedProducts.loadError')}
              onRetry={() => void booked.refetch()}
              isRetrying={booked.isFetching}
            />
          ) : booked.data.length === 0 ? (
            <p className="text-sm text-neutral-700">{t('educations.bookedProducts.empty')}</p>
          ) : (
            <table
              aria-label={t('educations.bookedProducts.title')}
              className="w-full border-collapse text-sm"
            >
              <thead>
                <tr className="border-b border-neutral-200 text-start text-neutral-600">
                  <th scope="col" className="py-1.5 pe-4 text-start font-medium">
                    {t('educations.bookedProducts.bookedAt')}
                  </th>
                  <th scope="col" className="py-1.5 pe-4 text-start font-medium">
                    {t('educations.bookedProducts.product')}
                  </th>
                  <th scope="col" className="py-1.5 pe-4 text-end font-medium">
                    {t('educations.bookedProducts.quantity')}
                  </th>
                  <th scope="col" className="py-1.5 pe-4 text-end font-medium">
                    {t('educations.bookedProducts.price')}
                  </th>
                  <th scope="col" className="py-1.5 text-start font-medium">
                    {t('educations.bookedProducts.state')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {booked.data.map((row) => (
                  <tr key={row.id} className="border-b border-neutral-100">
                    <td className="py-1.5 pe-4 whitespace-nowrap tabular-nums">
                      {formatDate(row.bookedAt)}
                    </td>
                    <td className="py-1.5 pe-4">{row.name}</td>
                    <td className="py-1.5 pe-4 text-end tabular-nums">{row.quantity}</td>
                    <td className="py-1.5 pe-4 text-end whitespace-nowrap tabular-nums">
                      {formatMoney(row.price)}
                    </td>
                    <td className="py-1.5">
                      {row.invoiced ? (
                        <Badge tone="neutral">{t('educations.bookedProducts.invoiced')}</Badge>
                      ) : (
                        <Badge tone="warning">{t('educations.bookedProducts.open')}</Badge>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </div>
  );
}
