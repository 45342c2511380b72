// A generated school for the billing-run benchmark and the kill -9 test: an owner who may do
// everything and `students` finished educations, each with booked products and released
// driving lessons to bill (the invoice tests' fixture, invoice-fixtures.ts).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Db } from '../db/database';
import { createSchool } from '../db/seed';
import { invoiceFixture, studentWithServices } from '../modules/payment-documents/invoice-fixtures';
import { PERMISSION_KEYS } from '../modules/session/permission-keys';

export const BILLING_OWNER_PASSWORD = 'Rechnung#Lauf2026';

export type BillingSchool = {
  schoolId: number;
  email: string;
  password: string;
  /** The finished educations, in the order they were made. */
  educationIds: number[];
};

export async function createBillingSchool(
  db: Db,
  options: { students: number; onProgress?: (done: number) => void },
): Promise<BillingSchool> {
  const tag = randomBytes(4).toString('hex');
  const email = `inhaber-${tag}@rechnungslauf.test`;
  const { schoolId } = await createSchool(db, {
    name: `Fahrschule Rechnungslauf ${tag}`,
    roles: [{ name: 'Inhaber', type: 'OWNER', description: 'Inhaber', allow: PERMISSION_KEYS }],
    users: [
      {
        firstName: 'Rita',
        lastName: 'Rechner',
        email,
        password: BILLING_OWNER_PASSWORD,
        roles: ['Inhaber'],
        studentVisibility: 'ALL',
      },
    ],
  });
  const fixture = await invoiceFixture(db, schoolId);
  const educationIds: number[] = [];
  for (let n = 0; n < options.students; n += 1) {
    educationIds.push((await studentWithServices(db, fixture)).educationId);
    if ((n + 1) % 100 === 0) options.onProgress?.(n + 1);
  }
  return { schoolId, email, password: BILLING_OWNER_PASSWORD, educationIds };
}

/** A fresh, empty database on the PostgreSQL server of `serverUrl`, and how to drop it. */
export async function freshPostgresDatabase(serverUrl: string, prefix: string) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
