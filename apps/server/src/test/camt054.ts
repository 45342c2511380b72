/*
 * A bank's debit advice of returned SEPA direct debits (camt.054.001.08, "Rücklastschriften")
 * as online banking offers it, built for tests and the end-to-end flow: one entry per
 * returned debit with its end-to-end id, amount, reason code (`RtrInf/Rsn/Cd`) and the
 * bank's return fee (`Chrgs`). Pure: depends on nothing but Node.
 */

export type Camt054Return = {
  endToEndId: string;
  /** The returned amount in cents. */
  amount: number;
  /** ISO 20022 return reason, e.g. MD06 (refund on request), AM04 (insufficient funds), AC04. */
  reasonCode: string;
  /** The return fee in cents the bank charged, if any. */
  charges?: number;
  /** The entry's booking date (YYYY-MM-DD); default `Camt054Options.bookingDate`. */
  bookingDate?: string;
  /** Entry status: BOOK (booked) or PDNG (pending, a reject before settlement). */
  status?: 'BOOK' | 'PDNG' | 'INFO';
  mandateReference?: string;
};

export type Camt054Options = {
  /** The creditor's (the school's) IBAN. */
  iban?: string;
  /** Default booking date of the entries (YYYY-MM-DD); default today (UTC). */
  bookingDate?: string;
  messageId?: string;
  /** The created timestamp; default now. */
  createdAt?: Date;
};

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Cents as the decimal amount of ISO 20022 (`12.34`). */
const euros = (cents: number) => {
  const sign = cents < 0 ? '-' : '';
  const value = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`;
};

const isoSeconds = (date: Date) => `${date.toISOString().slice(0, 19)}`;

/** The camt.054.001.08 XML of the returns. */
export function buildCamt054(returns: Camt054Return[], options: Camt054Options = {}): string {
  const created = options.createdAt ?? new Date();
  const bookingDate = options.bookingDate ?? created.toISOString().slice(0, 10);
  const messageId = options.messageId ?? `CAMT054-${created.getTime().toString(36).toUpperCase()}`;
  const iban = options.iban ?? 'DE89370400440532013000';
  const entries = returns.map((item, index) => {
    const date = item.bookingDate ?? bookingDate;
    const amount = euros(item.amount);
    const charges =
      item.charges !== undefined && item.charges > 0
        ? `
              <Chrgs>
                <TtlChrgsAndTaxAmt Ccy="EUR">${euros(item.charges)}</TtlChrgsAndTaxAmt>
                <Rcrd>
                  <Amt Ccy="EUR">${euros(item.charges)}</Amt>
                  <CdtDbtInd>DBIT</CdtDbtInd>
                  <ChrgInclInd>false</ChrgInclInd>
                </Rcrd>
              </Chrgs>`
        : '';
    const mandate = item.mandateReference
      ? `
                <MndtId>${escapeXml(item.mandateReference)}</MndtId>`
      : '';
    return `
      <Ntry>
        <NtryRef>${index + 1}</NtryRef>
        <Amt Ccy="EUR">${amount}</Amt>
        <CdtDbtInd>DBIT</CdtDbtInd>
        <RvslInd>true</RvslInd>
        <Sts><Cd>${item.status ?? 'BOOK'}</Cd></Sts>
        <BookgDt><Dt>${date}</Dt></BookgDt>
        <ValDt><Dt>${date}</Dt></ValDt>
        <AcctSvcrRef>RET-${index + 1}</AcctSvcrRef>
        <BkTxCd>
          <Domn>
            <Cd>PMNT</Cd>
            <Fmly><Cd>RDDT</Cd><SubFmlyCd>UPDD</SubFmlyCd></Fmly>
          </Domn>
        </BkTxCd>
        <NtryDtls>
          <TxDtls>
            <Refs>
              <EndToEndId>${escapeXml(item.endToEndId)}</EndToEndId>${mandate}
            </Refs>
            <Amt Ccy="EUR">${amount}</Amt>
            <CdtDbtInd>DBIT</CdtDbtInd>
            <AmtDtls><InstdAmt><Amt Ccy="EUR">${amount}</Amt></InstdAmt></AmtDtls>${charges}
            <RtrInf>
              <Rsn><Cd>${escapeXml(item.reasonCode)}</Cd></Rsn>
            </RtrInf>
          </TxDtls>
        </NtryDtls>
      </Ntry>`;
  });
  const total = returns.reduce((sum, item) => sum + item.amount, 0);
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <BkToCstmrDbtCdtNtfctn>
    <GrpHdr>
      <MsgId>${escapeXml(messageId)}</MsgId>
      <CreDtTm>${isoSeconds(created)}</CreDtTm>
    </GrpHdr>
    <Ntfctn>
      <Id>${escapeXml(messageId)}-1</Id>
      <CreDtTm>${isoSeconds(created)}</CreDtTm>
      <Acct>
        <Id><IBAN>${escapeXml(iban)}</IBAN></Id>
        <Ccy>EUR</Ccy>
      </Acct>
      <TxsSummry>
        <TtlNtries><NbOfNtries>${returns.length}</NbOfNtries><Sum>${euros(total)}</Sum></TtlNtries>
      </TxsSummry>${entries.join('')}
    </Ntfctn>
  </BkToCstmrDbtCdtNtfctn>
</Document>
`;
}
