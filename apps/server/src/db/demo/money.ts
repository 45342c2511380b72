import { and, eq, sql } from 'drizzle-orm';
import { VAT_EXEMPT_CLASSES } from '../../modules/licence-data/licence-data';
import {
  priceLine,
  TAX_EXEMPTION_NOTE,
  vatRateOn,
} from '../../modules/payment-documents/payment-documents.resources';
import {
  automaticPaymentTriggers,
  broadcasts,
  broadcastTemplates,
  costBearers,
  datevExportItems,
  emailConfigs,
  emails,
  emailTemplateCategories,
  emailTemplates,
  invoiceNumberSequences,
  livePayMandates,
  paymentDocumentLines,
  paymentDocuments,
  payments,
  prices,
  products,
  studentEducationCostBearers,
  studentEducations,
  students,
} from '../schema';
import { type DemoContext, insertBatched } from './context';

/*
 * The money and communication part of the demo school: for every education a payment
 * request for the basic fee, partial invoices for the lessons as the training goes on, the
 * final invoice of finished educations (cost-bearer invoices for the educations a cost
 * bearer pays), a few drafts and cancellations with their corrected invoice; payments by
 * transfer, cash, card and live-pay debit that leave some balances open; SEPA mandates;
 * e-mail templates, mailbox mails, automatic service bundles and broadcasts. Invoice
 * numbers are gapless per year in the order of their dates. Rows are built in memory and
 * inserted in batches; only `context.faker` decides, and every date follows `context.today`.
 */

type DocumentRow = typeof paymentDocuments.$inferInsert;
type LineRow = Omit<typeof paymentDocumentLines.$inferInsert, 'drivingSchoolId' | 'documentId'>;
type PaymentRow = typeof payments.$inferInsert;

/** A document being built: its row, its lines, and (for a cancellation) whom it cancels. */
type Draft = {
  row: DocumentRow;
  lines: LineRow[];
  cancels?: Draft;
  /** The id once inserted. */
  id?: number;
  /** Who pays: the student (for live pay, with a mandate) or a cost bearer. */
  mandate?: MandateDraft;
};

type MandateDraft = {
  row: typeof livePayMandates.$inferInsert;
  id?: number;
  debits: number;
};

const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};
const earlier = (a: string, b: string) => (a < b ? a : b);
/** An instant on a day, in office hours (Berlin is UTC+1/+2). */
const at = (day: string, hour = 9, minute = 0) =>
  new Date(`${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00Z`);

/** German bank codes (BLZ) and BICs of real banks, for plausible accounts. */
const BANKS = [
  ['70150000', 'SSKMDEMMXXX'],
  ['70020270', 'HYVEDEMMXXX'],
  ['37040044', 'COBADEFFXXX'],
  ['10070000', 'DEUTDEBBXXX'],
  ['70090100', 'GENODEF1M04'],
  ['70050000', 'BYLADEMMXXX'],
] as const;

/** A German IBAN with valid check digits (ISO 13616, mod 97). */
function germanIban(bankCode: string, account: string): string {
  const bban = `${bankCode}${account}`;
  const numeric = `${bban}131400`; // D = 13, E = 14, check digits 00
  let remainder = 0;
  for (const digit of numeric) remainder = (remainder * 10 + Number(digit)) % 97;
  return `DE${String(98 - remainder).padStart(2, '0')}${bban}`;
}

const TEMPLATE_CATEGORIES = ['Termine', 'Zahlungen', 'Prüfungen'] as const;
const TEMPLATES: {
  category: (typeof TEMPLATE_CATEGORIES)[number];
  name: string;
  subject: string;
  body: string;
}[] = [
  {
    category: 'Termine',
    name: 'Terminbestätigung',
    subject: 'Ihre Fahrstunde am {{appointment.date}}',
    body: '<p>Hallo {{student.firstName}},</p><p>wir bestätigen Ihre Fahrstunde am {{appointment.date}} um {{appointment.startTime}} Uhr mit {{appointment.instructorName}}.</p><p>Viele Grüße<br>{{school.name}}</p>',
  },
  {
    category: 'Termine',
    name: 'Terminabsage',
    subject: 'Ihre Fahrstunde am {{appointment.date}} fällt aus',
    body: '<p>Hallo {{student.firstName}},</p><p>leider müssen wir Ihre Fahrstunde am {{appointment.date}} um {{appointment.startTime}} Uhr absagen. Wir melden uns mit einem neuen Termin.</p><p>Viele Grüße<br>{{school.name}}</p>',
  },
  {
    category: 'Zahlungen',
    name: 'Zahlungserinnerung',
    subject: 'Zahlungserinnerung zur Rechnung {{invoice.number}}',
    body: '<p>Hallo {{student.firstName}} {{student.lastName}},</p><p>sicher haben Sie es nur übersehen: Die Rechnung {{invoice.number}} über {{invoice.totalGross}} war am {{invoice.dueDate}} fällig. Offen sind noch {{invoice.openAmount}}.</p><p>Bitte überweisen Sie den Betrag in den nächsten Tagen.</p><p>Viele Grüße<br>{{school.name}}</p>',
  },
  {
    category: 'Zahlungen',
    name: 'Rechnung',
    subject: 'Ihre Rechnung {{invoice.number}}',
    body: '<p>Hallo {{student.firstName}},</p><p>anbei erhalten Sie Ihre Rechnung {{invoice.number}} über {{invoice.totalGross}}, zahlbar bis {{invoice.dueDate}}.</p><p>Viele Grüße<br>{{school.name}}</p>',
  },
  {
    category: 'Prüfungen',
    name: 'Prüfungstermin',
    subject: 'Ihr Prüfungstermin am {{exam.date}}',
    body: '<p>Hallo {{student.firstName}},</p><p>Ihre {{exam.kind}} ist am {{exam.date}} um {{exam.time}} Uhr ({{exam.location}}). Bitte bringen Sie Ihren Personalausweis mit und seien Sie 15 Minuten vorher da.</p><p>Viel Erfolg!<br>{{school.name}}</p>',
  },
  {
    category: 'Prüfungen',
    name: 'Glückwunsch zur bestandenen Prüfung',
    subject: 'Herzlichen Glückwunsch, {{student.firstName}}!',
    body: '<p>Hallo {{student.firstName}},</p><p>herzlichen Glückwunsch zur bestandenen Prüfung der Klasse {{education.licenseClass}}! Allzeit gute Fahrt wünscht Ihnen {{school.name}}.</p>',
  },
];

const MAIL_SUBJECTS = [
  'Frage zur nächsten Fahrstunde',
  'Terminverschiebung',
  'Rechnung erhalten – Frage zur Zahlung',
  'Sehtest und Erste-Hilfe-Kurs nachgereicht',
  'Wann ist meine Theorieprüfung?',
  'Krankmeldung für Donnerstag',
  'Antrag auf Fahrerlaubnis',
];

/** The money area's part of the demo school; answers how many rows it created, by table. */
export async function seedMoney(context: DemoContext): Promise<Record<string, number>> {
  const { db, schoolId, faker, today, ids } = context;
  const counts: Record<string, number> = {};

  // ---- what the earlier areas made (one query each) ------------------------------------
  const studentRows = await db
    .select({
      id: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      address: students.address,
      email: students.email,
    })
    .from(students)
    .where(eq(students.drivingSchoolId, schoolId));
  const studentsById = new Map(studentRows.map((row) => [row.id, row]));
  const workflows = new Map(
    (
      await db
        .select({ id: studentEducations.id, paymentWorkflow: studentEducations.paymentWorkflow })
        .from(studentEducations)
        .where(eq(studentEducations.drivingSchoolId, schoolId))
    ).map((row) => [row.id, row.paymentWorkflow]),
  );
  const bearerRows = await db
    .select({
      id: costBearers.id,
      name: costBearers.name,
      address: costBearers.address,
      eInvoiceFormat: costBearers.eInvoiceFormat,
      leitwegId: costBearers.leitwegId,
    })
    .from(costBearers)
    .where(eq(costBearers.drivingSchoolId, schoolId));
  const bearersById = new Map(bearerRows.map((row) => [row.id, row]));
  const paidBy = new Map(
    (
      await db
        .select({
          educationId: studentEducationCostBearers.studentEducationId,
          costBearerId: studentEducationCostBearers.costBearerId,
        })
        .from(studentEducationCostBearers)
        .where(eq(studentEducationCostBearers.drivingSchoolId, schoolId))
    ).map((row) => [row.educationId, row.costBearerId]),
  );
  const productVat = new Map(
    (
      await db
        .select({ id: products.id, vatRate: products.vatRate })
        .from(products)
        .where(eq(products.drivingSchoolId, schoolId))
    ).map((row) => [row.id, row.vatRate as number]),
  );
  const standardList = ids.priceLists[0];
  const classPrices = new Map<string, number>();
  if (standardList !== undefined) {
    const rows = await db
      .select({
        productId: prices.productId,
        licenseClass: prices.licenseClass,
        price: prices.price,
      })
      .from(prices)
      .where(and(eq(prices.drivingSchoolId, schoolId), eq(prices.priceListId, standardList)));
    for (const row of rows)
      classPrices.set(`${row.productId}:${row.licenseClass ?? ''}`, row.price);
  }

  type Priced = { id?: number; name: string; price: number; vatRate?: number | undefined };
  /** The product of a kind offered for a class, and its price for that class. */
  const productFor = (
    licenseClass: string,
    test: (name: string, type: string) => boolean,
  ): Priced | undefined => {
    const product =
      ids.products.find(
        (p) => test(p.name, p.type) && p.licenseClasses.includes(licenseClass as never),
      ) ?? ids.products.find((p) => test(p.name, p.type) && p.licenseClasses.length === 0);
    if (!product) return undefined;
    const price =
      classPrices.get(`${product.id}:${licenseClass}`) ??
      classPrices.get(`${product.id}:`) ??
      product.priceCents;
    return { id: product.id, name: product.name, price, vatRate: productVat.get(product.id) };
  };
  const FALLBACK: Record<'basic' | 'lesson' | 'presentation', Priced> = {
    basic: { name: 'Grundgebühr', price: 39_900 },
    lesson: { name: 'Fahrstunde (45 Min.)', price: 6_500 },
    presentation: { name: 'Vorstellung zur praktischen Prüfung', price: 17_900 },
  };

  // ---- mandates: the students of live-pay educations ----------------------------------
  const educations = [...ids.educations].sort((a, b) => a.id - b.id);
  const mandates: MandateDraft[] = [];
  const mandateOf = new Map<number, MandateDraft>();
  for (const education of educations) {
    if (mandateOf.has(education.studentId)) continue;
    const livePay = workflows.get(education.id) === 'LIVE_PAY';
    if (!livePay && !faker.datatype.boolean({ probability: 0.12 })) continue;
    const student = studentsById.get(education.studentId);
    if (!student) continue;
    const [bankCode, bic] = faker.helpers.arrayElement(BANKS);
    const parentPays = faker.datatype.boolean({ probability: 0.3 });
    const start = earlier(education.startDate ?? today, today);
    const roll = faker.number.float();
    const status = roll < 0.85 ? 'CONFIRMED' : roll < 0.95 ? 'UNCONFIRMED' : 'REVOKED';
    const mandate: MandateDraft = {
      debits: 0,
      row: {
        drivingSchoolId: schoolId,
        reference: `FW-${education.studentId}-${String(mandates.length + 1).padStart(4, '0')}`,
        studentId: education.studentId,
        studentEducationId: livePay ? education.id : null,
        holderName: parentPays
          ? `${faker.person.firstName()} ${student.lastName}`
          : `${student.firstName} ${student.lastName}`,
        iban: germanIban(bankCode, faker.string.numeric({ length: 10, allowLeadingZeros: true })),
        bic,
        signedAt: status === 'UNCONFIRMED' ? null : start,
        status,
        sequenceType: 'FRST',
        revokedAt: status === 'REVOKED' ? at(earlier(addDays(start, 60), today), 11) : null,
        createdAt: at(start, 8),
      },
    };
    mandates.push(mandate);
    mandateOf.set(education.studentId, mandate);
  }

  // The mandate screens show every state: make sure one mandate of a student outside live
  // pay was revoked and one still waits for its signature (no faker call: the rest of the
  // school stays as it was).
  const outsideLivePay = mandates.filter((mandate) => mandate.row.studentEducationId === null);
  if (!mandates.some((mandate) => mandate.row.status === 'REVOKED')) {
    const revoked = outsideLivePay.at(-1);
    if (revoked) {
      const signed = revoked.row.signedAt ?? earlier(addDays(today, -90), today);
      Object.assign(revoked.row, {
        status: 'REVOKED',
        signedAt: signed,
        revokedAt: at(earlier(addDays(signed, 60), today), 11),
      });
    }
  }
  if (!mandates.some((mandate) => mandate.row.status === 'UNCONFIRMED')) {
    const waiting = outsideLivePay.find((mandate) => mandate.row.status === 'CONFIRMED');
    if (waiting) Object.assign(waiting.row, { status: 'UNCONFIRMED', signedAt: null });
  }

  // ---- documents ------------------------------------------------------------------------
  const documents: Draft[] = [];
  const add = (draft: Draft) => {
    documents.push(draft);
    return draft;
  };
  /** A document from its lines; amounts per line, totals, exemption note. */
  const documentOf = (
    base: Omit<DocumentRow, 'drivingSchoolId' | 'recipientName'> & { recipientName: string },
    lines: {
      description: string;
      quantity: number;
      unitPrice: number;
      vatRate: number;
      productId?: number;
      serviceDate?: string;
    }[],
  ): Omit<Draft, 'mandate'> => {
    const priced: LineRow[] = lines.map((line, index) => ({
      position: index + 1,
      description: line.description,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      vatRate: line.vatRate,
      ...priceLine(line.quantity, line.unitPrice, line.vatRate),
      productId: line.productId ?? null,
      serviceDate: line.serviceDate ?? null,
    }));
    const total = (key: 'net' | 'vat' | 'gross') =>
      priced.reduce((sum, line) => sum + line[key], 0);
    return {
      row: {
        ...base,
        drivingSchoolId: schoolId,
        totalNet: total('net'),
        totalVat: total('vat'),
        totalGross: total('gross'),
        taxExemptionNote: priced.some((line) => line.vatRate === 0) ? TAX_EXEMPTION_NOTE : null,
      },
      lines: priced,
    };
  };

  for (const education of educations) {
    const student = studentsById.get(education.studentId);
    if (!student) continue;
    const licenseClass = education.licenseClass;
    const start = earlier(education.startDate ?? addDays(today, -60), today);
    const exempt = VAT_EXEMPT_CLASSES.has(licenseClass);
    const bearerId =
      paidBy.get(education.id) ??
      (exempt && bearerRows.length > 0 && faker.datatype.boolean({ probability: 0.4 })
        ? faker.helpers.arrayElement(bearerRows).id
        : undefined);
    const bearer = bearerId === undefined ? undefined : bearersById.get(bearerId);
    const payer = bearer
      ? {
          costBearerId: bearer.id,
          recipientName: bearer.name,
          recipientAddress: bearer.address ?? null,
          eInvoiceFormat:
            bearer.eInvoiceFormat === 'XRECHNUNG' && !bearer.leitwegId
              ? ('PDF' as const)
              : bearer.eInvoiceFormat,
          buyerReference: bearer.eInvoiceFormat === 'XRECHNUNG' ? bearer.leitwegId : null,
          voucherNumber: `BGS-${faker.string.numeric(6)}`,
        }
      : {
          costBearerId: null,
          recipientName: `${student.firstName} ${student.lastName}`,
          recipientAddress: student.address ?? null,
        };
    const common = {
      studentId: education.studentId,
      studentEducationId: education.id,
      ...payer,
    };
    const mandate = bearer ? undefined : mandateOf.get(education.studentId);
    const vat = (productRate: number | undefined, day: string) =>
      vatRateOn(day, licenseClass, productRate);
    const basic = productFor(licenseClass, (_, type) => type === 'BASIC_FEE') ?? FALLBACK.basic;
    const lesson =
      productFor(
        licenseClass,
        (name, type) => type === 'DRIVING_LESSON' && name.startsWith('Fahrstunde'),
      ) ?? FALLBACK.lesson;
    const presentation =
      productFor(licenseClass, (name) => name.includes('Vorstellung')) ?? FALLBACK.presentation;
    const issued = (day: string) => ({
      issueDate: day,
      issuedAt: at(day, 9, faker.number.int({ min: 0, max: 59 })),
      dueDate: addDays(day, 14),
      createdAt: at(day, 8),
    });

    // The basic fee at the start: a payment request to the student (a draft for a few new
    // students); a cost bearer gets an invoice.
    const requestDraft =
      !bearer && education.status === 'REGISTERED' && faker.datatype.boolean({ probability: 0.15 });
    add({
      ...documentOf(
        {
          ...common,
          type: bearer ? 'COST_BEARER_INVOICE' : 'PAYMENT_REQUEST',
          status: requestDraft ? 'DRAFT' : 'ISSUED',
          ...(requestDraft
            ? { dueDate: addDays(start, 14), createdAt: at(start, 8) }
            : issued(start)),
          serviceDate: start,
        },
        [
          {
            description: basic.name.includes('Klasse')
              ? basic.name
              : `${basic.name} Klasse ${licenseClass}`,
            quantity: 1,
            unitPrice: basic.price,
            vatRate: vat(basic.vatRate, start),
            ...(basic.id ? { productId: basic.id } : {}),
            serviceDate: start,
          },
        ],
      ),
      mandate,
    });
    if (education.status === 'REGISTERED' || education.status === 'CANCELLED') continue;

    // The lessons, billed every four to eight weeks; a training lasts a few months.
    const end = earlier(
      addDays(
        start,
        education.status === 'FINISHED'
          ? faker.number.int({ min: 70, max: 200 })
          : faker.number.int({ min: 120, max: 330 }),
      ),
      today,
    );
    let from = start;
    let day = addDays(start, faker.number.int({ min: 21, max: 50 }));
    const lessonLines = (until: string) => {
      const count = faker.number.int({ min: 3, max: 10 });
      return [
        {
          description: `${lesson.name}, ${count} × vom ${from} bis ${until}`,
          quantity: count,
          unitPrice: lesson.price,
          vatRate: vat(lesson.vatRate, until),
          ...(lesson.id ? { productId: lesson.id } : {}),
          serviceDate: until,
        },
      ];
    };
    while (day < end) {
      const draft = add({
        ...documentOf(
          {
            ...common,
            type: bearer ? 'COST_BEARER_INVOICE' : 'PARTIAL_INVOICE',
            status: 'ISSUED',
            ...issued(day),
            servicePeriodFrom: from,
            servicePeriodTo: day,
          },
          lessonLines(day),
        ),
        mandate,
      });
      // A mistake now and then: cancelled a few days later and issued again, corrected.
      const correctionDay = addDays(day, faker.number.int({ min: 1, max: 10 }));
      if (correctionDay <= today && faker.datatype.boolean({ probability: 0.05 })) {
        const reversed = draft.lines.map((line) => ({
          ...line,
          unitPrice: -line.unitPrice,
          net: -line.net,
          vat: -line.vat,
          gross: -line.gross,
        }));
        add({
          row: {
            ...draft.row,
            type: 'CANCELLATION_INVOICE',
            ...issued(correctionDay),
            dueDate: null,
            totalNet: -(draft.row.totalNet ?? 0),
            totalVat: -(draft.row.totalVat ?? 0),
            totalGross: -(draft.row.totalGross ?? 0),
          },
          lines: reversed,
          cancels: draft,
        });
        add({
          ...documentOf(
            {
              ...common,
              type: draft.row.type,
              status: 'ISSUED',
              ...issued(correctionDay),
              servicePeriodFrom: from,
              servicePeriodTo: day,
            },
            draft.lines.map((line) => ({
              description: line.description.replace(
                /, \d+ × /,
                `, ${Math.max(1, line.quantity - 1)} × `,
              ),
              quantity: Math.max(1, line.quantity - 1),
              unitPrice: line.unitPrice,
              vatRate: line.vatRate,
              ...(line.productId ? { productId: line.productId } : {}),
              ...(line.serviceDate ? { serviceDate: line.serviceDate } : {}),
            })),
          ),
          mandate,
        });
      }
      from = addDays(day, 1);
      day = addDays(day, faker.number.int({ min: 28, max: 56 }));
    }
    if (education.status === 'FINISHED') {
      add({
        ...documentOf(
          {
            ...common,
            type: bearer ? 'COST_BEARER_INVOICE' : 'FINAL_INVOICE',
            status: 'ISSUED',
            ...issued(end),
            servicePeriodFrom: from,
            servicePeriodTo: end,
          },
          [
            ...lessonLines(end),
            {
              description: `${presentation.name} Klasse ${licenseClass}`,
              quantity: 1,
              unitPrice: presentation.price,
              vatRate: vat(presentation.vatRate, end),
              ...(presentation.id ? { productId: presentation.id } : {}),
              serviceDate: end,
            },
          ],
        ),
        mandate,
      });
    } else if (faker.datatype.boolean({ probability: 0.08 })) {
      // A partial invoice the office has started but not issued yet.
      add({
        ...documentOf(
          { ...common, type: 'PARTIAL_INVOICE', status: 'DRAFT', createdAt: at(today, 8) },
          lessonLines(today),
        ),
      });
    }
  }

  // Gapless numbers per year, in the order of issue (dates never go back).
  const numbered = documents
    .map((draft, order) => ({ draft, order }))
    .filter(({ draft }) => draft.row.status !== 'DRAFT' && draft.row.type !== 'PAYMENT_REQUEST')
    .sort((a, b) => {
      const dayA = a.draft.row.issueDate ?? '';
      const dayB = b.draft.row.issueDate ?? '';
      return dayA < dayB ? -1 : dayA > dayB ? 1 : a.order - b.order;
    });
  const perYear = new Map<number, number>();
  for (const { draft } of numbered) {
    const year = Number(draft.row.issueDate?.slice(0, 4));
    const next = (perYear.get(year) ?? 0) + 1;
    perYear.set(year, next);
    draft.row.number = `${year}-${String(next).padStart(5, '0')}`;
  }

  // ---- payments ---------------------------------------------------------------------------
  type PaymentDraft = { row: PaymentRow; document?: Draft; mandate?: MandateDraft };
  const paymentDrafts: PaymentDraft[] = [];
  const cancelled = new Set(documents.flatMap((draft) => (draft.cancels ? [draft.cancels] : [])));
  for (const draft of documents) {
    const row = draft.row;
    if (row.status === 'DRAFT' || row.type === 'CANCELLATION_INVOICE' || cancelled.has(draft)) {
      continue;
    }
    const gross = row.totalGross ?? 0;
    const issueDate = row.issueDate ?? today;
    const recent = issueDate > addDays(today, -14);
    const roll = faker.number.float();
    const share = recent
      ? roll < 0.5
        ? 0
        : 1
      : roll < 0.76
        ? 1
        : roll < 0.88
          ? faker.number.float({ min: 0.3, max: 0.7 })
          : 0;
    let paidAmount = 0;
    const mandate = draft.mandate?.row.status === 'CONFIRMED' ? draft.mandate : undefined;
    if (mandate) {
      // Live pay: a debit per document, due on the collection date.
      const collection = addDays(issueDate, faker.number.int({ min: 2, max: 6 }));
      const failed = collection <= today && faker.datatype.boolean({ probability: 0.08 });
      // Sent to the bank in the last three days: PENDING until the bank settles it.
      const status =
        collection > today
          ? 'OPEN'
          : failed
            ? 'FAILED'
            : collection > addDays(today, -3)
              ? 'PENDING'
              : 'PAID';
      const amount = gross;
      paymentDrafts.push({
        document: draft,
        mandate,
        row: {
          drivingSchoolId: schoolId,
          amount,
          paymentDate: collection,
          method: 'DIRECT_DEBIT',
          status,
          reference: `${row.number ?? 'Zahlungsaufforderung'} ${row.recipientName}`.slice(0, 140),
          studentId: row.studentId,
          studentEducationId: row.studentEducationId,
          documentId: null,
          sequenceType: mandate.debits === 0 ? 'FRST' : 'RCUR',
          endToEndId: `FW${schoolId}D${paymentDrafts.length + 1}`,
          failureReason: failed ? faker.helpers.arrayElement(['AM04', 'MD06', 'AC04']) : null,
          bankFee: failed ? 300 : null,
          createdAt: at(collection, 6),
        },
      });
      if (status !== 'OPEN') {
        mandate.debits += 1;
        mandate.row.sequenceType = 'RCUR';
        mandate.row.lastDebitAt = collection;
      }
      if (status === 'PAID') paidAmount = amount;
    } else if (share > 0 && gross > 0) {
      const amount = share === 1 ? gross : Math.round((gross * share) / 100) * 100;
      const paymentDate = earlier(addDays(issueDate, faker.number.int({ min: 1, max: 25 })), today);
      const byBearer = row.costBearerId !== null && row.costBearerId !== undefined;
      const method = byBearer
        ? 'TRANSFER'
        : faker.helpers.weightedArrayElement([
            { weight: 78, value: 'TRANSFER' as const },
            { weight: 16, value: 'CASH' as const },
            { weight: 6, value: 'CARD' as const },
          ]);
      paymentDrafts.push({
        document: draft,
        row: {
          drivingSchoolId: schoolId,
          amount,
          paymentDate,
          method,
          status: 'PAID',
          reference:
            method === 'TRANSFER'
              ? `${row.number ?? 'Grundgebühr'} ${row.recipientName}`.slice(0, 140)
              : method === 'CASH'
                ? 'Barzahlung im Büro'
                : 'EC-Karte im Büro',
          studentId: byBearer ? null : row.studentId,
          studentEducationId: row.studentEducationId,
          costBearerId: byBearer ? row.costBearerId : null,
          documentId: null,
          createdAt: at(paymentDate, 10),
        },
      });
      paidAmount = amount;
    }
    row.paidAmount = paidAmount;
    if (row.status === 'ISSUED' && paidAmount > 0) {
      row.status = paidAmount >= gross ? 'PAID' : 'PARTIALLY_PAID';
    }
  }

  // ---- what the payment screens must show, whatever the dice said --------------------------
  // (no faker calls: the rest of the school stays as it was)
  const debitsOf = new Map<number, PaymentDraft[]>();
  for (const draft of paymentDrafts) {
    const educationId = draft.row.studentEducationId;
    if (draft.row.method !== 'DIRECT_DEBIT' || educationId == null) continue;
    debitsOf.set(educationId, [...(debitsOf.get(educationId) ?? []), draft]);
  }
  const newest = (list: PaymentDraft[]) =>
    list.reduce((a, b) => (b.row.paymentDate >= a.row.paymentDate ? b : a));
  /** A debit that no longer settles its document (failed or not yet settled by the bank). */
  const unsettle = (draft: PaymentDraft) => {
    const document = draft.document?.row;
    if (!document) return;
    document.paidAmount = Math.max(0, (document.paidAmount ?? 0) - draft.row.amount);
    if (document.status === 'PAID' || document.status === 'PARTIALLY_PAID') {
      document.status = (document.paidAmount ?? 0) > 0 ? 'PARTIALLY_PAID' : 'ISSUED';
    }
  };
  const livePayDebits = [...debitsOf]
    .filter(([educationId]) => workflows.get(educationId) === 'LIVE_PAY')
    .sort(([a], [b]) => a - b)
    .map(([, list]) => list);
  // A red education: the newest debit of the first live-pay education came back (MD06,
  // the mandate was withdrawn at the bank).
  const red = livePayDebits.find((list) => newest(list).row.status !== 'OPEN');
  if (red) {
    const debit = newest(red);
    if (debit.row.status === 'PAID') unsettle(debit);
    Object.assign(debit.row, { status: 'FAILED', failureReason: 'MD06', bankFee: null });
  }
  // A debit the bank has not settled yet.
  if (!paymentDrafts.some((draft) => draft.row.status === 'PENDING')) {
    const list = livePayDebits.find(
      (debits) => debits !== red && newest(debits).row.status === 'PAID',
    );
    if (list) {
      const debit = newest(list);
      unsettle(debit);
      debit.row.status = 'PENDING';
    }
  }
  // An overpayment: a classic-pay student rounded a transfer up; the document is PAID and
  // the 20 € over are a credit on the balance.
  const rounded = paymentDrafts.find(
    (draft) =>
      draft.row.method === 'TRANSFER' &&
      draft.row.studentId != null &&
      draft.document?.row.type === 'PARTIAL_INVOICE' &&
      draft.document.row.status === 'PAID' &&
      workflows.get(draft.row.studentEducationId ?? 0) === 'CLASSIC_PAY',
  );
  if (rounded?.document) {
    rounded.row.amount += 2_000;
    rounded.row.note = 'Aufgerundet überwiesen: 20 € Guthaben';
    rounded.document.row.paidAmount = (rounded.document.row.paidAmount ?? 0) + 2_000;
  }

  // ---- insert: documents, cancellations, lines, mandates, payments -----------------------
  // One transaction: the database lets the lines of an issued document be written only in the
  // transaction that issued it (migration 0012).
  await db.transaction(async (txn) => {
    const tx: typeof db = txn;
    const originals = documents.filter((draft) => !draft.cancels);
    const originalIds = await insertBatched(
      tx,
      paymentDocuments,
      originals.map((draft) => draft.row),
    );
    originals.forEach((draft, index) => {
      draft.id = originalIds[index];
    });
    const reversals = documents.filter((draft) => draft.cancels);
    const reversalIds = await insertBatched(
      tx,
      paymentDocuments,
      reversals.map((draft) => ({ ...draft.row, cancelsDocumentId: draft.cancels?.id ?? null })),
    );
    reversals.forEach((draft, index) => {
      draft.id = reversalIds[index];
    });
    if (reversals.length > 0) {
      // One statement: every cancelled invoice points at its cancellation.
      await tx.execute(sql`
        update ${paymentDocuments} as original
        set status = 'CANCELLED', cancelled_by_document_id = reversal.id
        from ${paymentDocuments} as reversal
        where reversal.driving_school_id = ${schoolId}
          and original.driving_school_id = ${schoolId}
          and reversal.cancels_document_id = original.id`);
    }
    counts.payment_documents = documents.length;
    const lineRows = documents.flatMap((draft) =>
      draft.lines.map((line) => ({
        ...line,
        drivingSchoolId: schoolId,
        documentId: draft.id as number,
      })),
    );
    counts.payment_document_lines = (
      await insertBatched(tx, paymentDocumentLines, lineRows)
    ).length;
  });

  const mandateIds = await insertBatched(
    db,
    livePayMandates,
    mandates.map((mandate) => mandate.row),
  );
  mandates.forEach((mandate, index) => {
    mandate.id = mandateIds[index];
  });
  counts.live_pay_mandates = mandates.length;

  const paymentRows: PaymentRow[] = paymentDrafts.map(({ row, document, mandate }) => ({
    ...row,
    documentId: document?.id ?? null,
    mandateId: mandate?.id ?? null,
  }));
  // A few advance payments without a document (cash for the first lessons).
  for (const education of educations.filter((_, index) => index % 23 === 5)) {
    if (!studentsById.has(education.studentId)) continue;
    const day = earlier(addDays(education.startDate ?? today, 3), today);
    paymentRows.push({
      drivingSchoolId: schoolId,
      amount: faker.helpers.arrayElement([5_000, 10_000, 20_000]),
      paymentDate: day,
      method: 'CASH',
      status: 'PAID',
      reference: 'Anzahlung Fahrstunden',
      studentId: education.studentId,
      studentEducationId: education.id,
      createdAt: at(day, 11),
    });
  }
  counts.payments = (await insertBatched(db, payments, paymentRows)).length;
  // The office's payments of more than 45 days ago went to the tax adviser already (before
  // the school used Fahrwerk's DATEV export, so no archived batch: datev_export_id null).
  await db.execute(sql`insert into ${datevExportItems} (driving_school_id, kind, item_id)
    select ${schoolId}, 'PAYMENT', id from ${payments}
    where driving_school_id = ${schoolId} and status = 'PAID' and document_id is not null
      and method in ('TRANSFER', 'CASH', 'CARD') and payment_date < ${addDays(today, -45)}::date`);

  const sequences = [...perYear].map(([year, issuedCount]) => ({
    drivingSchoolId: schoolId,
    year,
    nextNumber: issuedCount + 1,
  }));
  if (sequences.length > 0) await db.insert(invoiceNumberSequences).values(sequences);
  counts.invoice_number_sequences = sequences.length;

  // The saldo of every cost bearer, in one statement.
  if (bearerRows.length > 0) {
    await db.execute(sql`
      update ${costBearers} as bearer set balance =
        coalesce((select sum(p.amount) from ${payments} p where p.driving_school_id = ${schoolId}
          and p.cost_bearer_id = bearer.id and p.status in ('PAID', 'PARTIALLY_PAID')), 0)
        - coalesce((select sum(d.total_gross) from ${paymentDocuments} d
          where d.driving_school_id = ${schoolId} and d.cost_bearer_id = bearer.id
          and d.type <> 'PAYMENT_REQUEST' and d.status <> 'DRAFT'), 0)
      where bearer.driving_school_id = ${schoolId}`);
  }

  // ---- automatic service bundles ------------------------------------------------------------
  const basicFee = ids.products.find((product) => product.type === 'BASIC_FEE');
  const learningApp = ids.products.find((product) => product.type === 'LEARNING_MATERIAL');
  const presentationFee = ids.products.find((product) => product.name.includes('Vorstellung'));
  const triggers: (typeof automaticPaymentTriggers.$inferInsert)[] = [];
  if (basicFee) {
    triggers.push({
      drivingSchoolId: schoolId,
      name: 'Grundgebühr und Lern-App bei Anmeldung',
      event: 'CREATED',
      paymentWorkflows: ['CLASSIC_PAY', 'FLASH_PAY'],
      licenseClasses: ['B', 'B197'],
      documentType: 'PAYMENT_REQUEST',
      productIds: learningApp ? [basicFee.id, learningApp.id] : [basicFee.id],
      dueInDays: 14,
    });
  }
  if (presentationFee) {
    triggers.push({
      drivingSchoolId: schoolId,
      name: 'Vorstellungsgebühr bei geplanter Praxisprüfung',
      event: 'EXAM_PLANNED',
      examKind: 'PRACTICAL',
      paymentWorkflows: ['CLASSIC_PAY', 'FLASH_PAY', 'LIVE_PAY'],
      documentType: 'PAYMENT_REQUEST',
      productIds: [presentationFee.id],
      dueInDays: 7,
    });
    triggers.push({
      drivingSchoolId: schoolId,
      name: 'Wiederholungsprüfung nach nicht bestandener Praxisprüfung',
      active: false,
      event: 'EXAM_RESULT',
      examKind: 'PRACTICAL',
      examStatus: 'FAILED',
      paymentWorkflows: ['CLASSIC_PAY'],
      documentType: 'PAYMENT_REQUEST',
      productIds: [presentationFee.id],
      dueInDays: 7,
    });
  }
  const lessonProduct = ids.products.find(
    (product) => product.type === 'DRIVING_LESSON' && product.name.startsWith('Fahrstunde'),
  );
  if (lessonProduct) {
    triggers.push({
      drivingSchoolId: schoolId,
      name: 'Teilrechnung alle 10 Fahrstunden (Flash Pay)',
      event: 'DRIVING_LESSON',
      lessonCount: 10,
      paymentWorkflows: ['FLASH_PAY'],
      documentType: 'PARTIAL_INVOICE',
      productIds: [lessonProduct.id],
      dueInDays: 7,
    });
  }
  counts.automatic_payment_triggers = (
    await insertBatched(db, automaticPaymentTriggers, triggers)
  ).length;

  // Automatic payments run for the flash-pay educations in training (every fifth paused by
  // the office) and are paused for the live-pay educations whose mandate is not confirmed.
  await db.execute(sql`
    update ${studentEducations} as e set automatic_payment = case
      when e.payment_workflow = 'FLASH_PAY' then e.id % 5 <> 0
      else not exists (select 1 from ${livePayMandates} m where m.driving_school_id = e.driving_school_id
        and m.student_education_id = e.id and m.status <> 'CONFIRMED') end
    where e.driving_school_id = ${schoolId} and not e.archived
      and e.status not in ('FINISHED', 'CANCELLED')
      and e.payment_workflow in ('FLASH_PAY', 'LIVE_PAY')`);

  const categoryIds = await insertBatched(
    db,
    emailTemplateCategories,
    TEMPLATE_CATEGORIES.map((name) => ({ drivingSchoolId: schoolId, name })),
  );
  counts.email_template_categories = categoryIds.length;
  counts.email_templates = (
    await insertBatched(
      db,
      emailTemplates,
      TEMPLATES.map(({ category, ...template }) => ({
        ...template,
        drivingSchoolId: schoolId,
        templateCategoryId: categoryIds[TEMPLATE_CATEGORIES.indexOf(category)] ?? null,
      })),
    )
  ).length;

  const accounts = await db
    .select({ id: emailConfigs.id, email: emailConfigs.email })
    .from(emailConfigs)
    .where(eq(emailConfigs.drivingSchoolId, schoolId));
  const writers = studentRows.filter((row) => row.email);
  const mailRows: (typeof emails.$inferInsert)[] = [];
  for (const account of accounts) {
    const mailCount = Math.min(writers.length, Math.ceil(context.scale.students / 4));
    for (let index = 0; index < mailCount; index++) {
      const student = faker.helpers.arrayElement(writers);
      const day = addDays(today, -faker.number.int({ min: 0, max: 60 }));
      const time = at(
        day,
        faker.number.int({ min: 6, max: 18 }),
        faker.number.int({ min: 0, max: 59 }),
      );
      const subject = faker.helpers.arrayElement(MAIL_SUBJECTS);
      const inbox = faker.datatype.boolean({ probability: 0.65 });
      mailRows.push({
        drivingSchoolId: schoolId,
        emailConfigId: account.id,
        folder: inbox ? 'INBOX' : 'OUTBOX',
        from: inbox ? (student.email as string) : account.email,
        fromName: inbox ? `${student.firstName} ${student.lastName}` : 'Fahrschule Sonnenschein',
        to: [inbox ? account.email : (student.email as string)],
        subject: inbox ? subject : `AW: ${subject}`,
        htmlBody: inbox
          ? `<p>Hallo,</p><p>${faker.lorem.sentences({ min: 1, max: 3 })}</p><p>Viele Grüße<br>${student.firstName}</p>`
          : `<p>Hallo ${student.firstName},</p><p>danke für Ihre Nachricht. ${faker.lorem.sentence()}</p><p>Viele Grüße<br>Fahrschule Sonnenschein</p>`,
        receivedAt: inbox ? time : null,
        sentAt: inbox ? null : time,
        read: !inbox || day < addDays(today, -3) || faker.datatype.boolean({ probability: 0.3 }),
        marked: faker.datatype.boolean({ probability: 0.08 }),
        studentId: student.id,
        messageId: `<demo-${account.id}-${index}@fahrschule-demo.de>`,
      });
    }
  }
  counts.emails = (await insertBatched(db, emails, mailRows)).length;

  // ---- broadcasts ----------------------------------------------------------------------------
  const broadcastRows = (
    [
      {
        name: 'Sommerferien',
        subject: 'Unser Büro in den Sommerferien',
        body: '<p>Liebe Fahrschülerinnen und Fahrschüler,</p><p>in den Sommerferien ist unser Büro nur dienstags und donnerstags von 14 bis 18 Uhr besetzt. Fahrstunden finden wie gewohnt statt.</p>',
        publishFrom: addDays(today, 20),
        publishTo: addDays(today, 62),
        state: 'CREATED',
        sendEmail: true,
      },
      {
        name: 'Neuer Intensivkurs Klasse B',
        subject: 'Führerschein in den Ferien: Intensivkurs',
        body: '<p>Theorie in zwei Wochen, Fahrstunden nach Wunsch: Melden Sie sich jetzt im Büro an.</p>',
        recipientGroup: { licenseClasses: ['B', 'B197'], educationStatuses: ['REGISTERED'] },
        publishFrom: addDays(today, 3),
        publishTo: addDays(today, 30),
        state: 'PREPARED',
        recipientCount: Math.round(context.scale.students * 0.1),
      },
      {
        name: 'Prüfungsvorbereitung',
        subject: 'Tipps für die praktische Prüfung',
        body: '<p>Schlafen Sie vor der Prüfung gut, bringen Sie Ihren Ausweis mit und seien Sie 15 Minuten vor Beginn da.</p>',
        recipientGroup: { educationStatuses: ['THEORY_PASSED'] },
        publishFrom: addDays(today, -10),
        state: 'PUBLISHED',
        recipientCount: Math.round(context.scale.students * 0.2),
        publishedAt: at(addDays(today, -10), 8),
      },
      {
        name: 'Glatteis-Warnung',
        subject: 'Fahrstunden bei Glatteis',
        body: '<p>Bei Glatteis sagen wir Fahrstunden kurzfristig ab; Sie werden per SMS informiert.</p>',
        fastlane: false,
        publishFrom: addDays(today, -60),
        publishTo: addDays(today, -20),
        state: 'EXPIRED',
        recipientCount: context.scale.students,
        publishedAt: at(addDays(today, -60), 7),
        stoppedAt: at(addDays(today, -35), 12),
      },
      {
        name: 'Erste-Hilfe-Kurs im Haus',
        subject: 'Erste-Hilfe-Kurs am Samstag',
        body: '<p>Am Samstag findet bei uns ein Erste-Hilfe-Kurs statt. Anmeldung im Büro.</p>',
        recipientGroup: { educationStatuses: ['REGISTERED', 'IN_TRAINING'] },
        publishFrom: addDays(today, -120),
        publishTo: addDays(today, -90),
        state: 'FINISHED',
        sendEmail: true,
        recipientCount: Math.round(context.scale.students * 0.4),
        publishedAt: at(addDays(today, -121), 16),
        archived: true,
      },
    ] satisfies Omit<typeof broadcasts.$inferInsert, 'drivingSchoolId'>[]
  ).map((row) => ({ ...row, drivingSchoolId: schoolId }));
  counts.broadcasts = (await insertBatched(db, broadcasts, broadcastRows)).length;
  counts.broadcast_templates = (
    await insertBatched(
      db,
      broadcastTemplates,
      [
        {
          name: 'Büro geschlossen',
          subject: 'Unser Büro ist geschlossen',
          body: '<p>Unser Büro ist vom … bis … geschlossen. In dringenden Fällen erreichen Sie uns per E-Mail.</p>',
        },
        {
          name: 'Neue Theoriekurse',
          subject: 'Neue Theoriekurse ab …',
          body: '<p>Ab … starten neue Theoriekurse. Melden Sie sich in der App an.</p>',
        },
        {
          name: 'Prüfungstermine',
          subject: 'Neue Prüfungstermine',
          body: '<p>Es gibt neue Prüfungstermine beim TÜV. Sprechen Sie Ihren Fahrlehrer an.</p>',
        },
      ].map((row) => ({ ...row, drivingSchoolId: schoolId })),
    )
  ).length;

  return counts;
}
