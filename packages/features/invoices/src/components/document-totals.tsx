import { formatMoney } from '@fahrwerk/ui';
import { useInvoicesTranslation } from '../use-invoices-translation';

export type DocumentTotalsTableProps = {
  /** Names the table ("Beträge nach Steuersatz (vorläufig)"). */
  label: string;
  rows: readonly { vatRate: number; net: number; vat: number; gross: number }[];
  total: { net: number; vat: number; gross: number };
};

/** Net, VAT and gross per VAT rate and in total, as §14 UStG requires them on an invoice. */
export function DocumentTotalsTable({ label, rows, total }: DocumentTotalsTableProps) {
  const { t } = useInvoicesTranslation();
  const cell = 'px-3 py-1.5 text-end tabular-nums';
  return (
    <table aria-label={label} className="w-full max-w-xl border-collapse self-end text-sm">
      <thead>
        <tr className="border-b border-neutral-200 text-neutral-600">
          <th scope="col" className="px-3 py-1.5 text-start font-medium">
            {t('forms.totals.rate')}
          </th>
          <th scope="col" className="px-3 py-1.5 text-end font-medium">
            {t('forms.totals.net')}
          </th>
          <th scope="col" className="px-3 py-1.5 text-end font-medium">
            {t('forms.totals.vat')}
          </th>
          <th scope="col" className="px-3 py-1.5 text-end font-medium">
            {t('forms.totals.gross')}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.vatRate} className="border-b border-neutral-100">
            <th scope="row" className="px-3 py-1.5 text-start font-normal">
              {t('forms.totals.rateValue', { rate: row.vatRate })}
            </th>
            <td className={cell}>{formatMoney(row.net)}</td>
            <td className={cell}>{formatMoney(row.vat)}</td>
            <td className={cell}>{formatMoney(row.gross)}</td>
          </tr>
        ))}
        <tr className="font-semibold">
          <th scope="row" className="px-3 py-1.5 text-start">
            {t('forms.totals.total')}
          </th>
          <td className={cell}>{formatMoney(total.net)}</td>
          <td className={cell}>{formatMoney(total.vat)}</td>
          <td className={cell}>{formatMoney(total.gross)}</td>
        </tr>
      </tbody>
    </table>
  );
}
