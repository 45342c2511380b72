import { describe, expect, it } from 'vitest';
import { LICENSE_CLASSES } from '../../db/schema/core';
import { DEMO_INSTRUCTOR, DEMO_OWNER, DRIVERS, expectError, useTestApp } from '../../test/test-app';
import {
  BASE_LICENSE_CLASSES,
  KEY_NUMBERS,
  KNOWLEDGE_AREAS,
  knowledgeAreas,
  RELATED_DOCUMENTS,
} from './licence-data';

type KeyNumber = { keyNumber: string; label: string; licenseClass?: string };
type Document = { documentType: string; label: string; required: boolean };
type Area = { id: number; number?: number; name: string; furtherEducation: boolean };

describe('licence reference data', () => {
  it('knows the key numbers of class B with their meaning and target class', () => {
    const byNumber = new Map(KEY_NUMBERS.B.map((option) => [option.keyNumber, option]));
    expect(byNumber.get('78')?.label).toMatch(/Automatikgetriebe/);
    expect(byNumber.get('96')).toMatchObject({ licenseClass: 'B96' });
    expect(byNumber.get('96')?.label).toMatch(/4250 kg/);
    expect(byNumber.get('197')).toMatchObject({ licenseClass: 'B197' });
    expect(byNumber.get('196')?.label).toMatch(/A1/);
    expect(byNumber.has('95')).toBe(false);
  });

  it('gives the professional-driver key number 95 to every truck and bus class only', () => {
    for (const licenseClass of LICENSE_CLASSES) {
      const has95 = KEY_NUMBERS[licenseClass].some((option) => option.keyNumber === '95');
      expect(has95, licenseClass).toBe(/^[CD]/.test(licenseClass));
    }
  });

  it('sorts key numbers numerically and keeps them in the contract pattern', () => {
    for (const licenseClass of LICENSE_CLASSES) {
      const numbers = KEY_NUMBERS[licenseClass].map((option) => Number(option.keyNumber));
      expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
      for (const option of KEY_NUMBERS[licenseClass]) {
        expect(option.keyNumber).toMatch(/^[0-9]{2,3}(\.[0-9]{2})?$/);
      }
    }
  });

  it('builds trailer, truck and bus classes on B (Vorbesitz)', () => {
    const b = BASE_LICENSE_CLASSES.find((base) => base.licenseClass === 'B');
    expect(b?.extensionClasses).toEqual(expect.arrayContaining(['BE', 'C1', 'C', 'D1', 'D']));
    const c = BASE_LICENSE_CLASSES.find((base) => base.licenseClass === 'C');
    expect(c?.extensionClasses).toContain('CE');
    // No class extends itself.
    for (const base of BASE_LICENSE_CLASSES) {
      expect(base.extensionClasses).not.toContain(base.licenseClass);
    }
  });

  it('asks an eye test for B but the medical certificates for C and D', () => {
    const types = (licenseClass: keyof typeof RELATED_DOCUMENTS) =>
      RELATED_DOCUMENTS[licenseClass].map((document) => document.label);
    expect(types('B')).toEqual(
      expect.arrayContaining([
        'Sehtest',
        'Erste-Hilfe-Kurs',
        'Biometrisches Passbild',
        'Personalausweis oder Reisepass',
      ]),
    );
    expect(types('C')).toEqual(
      expect.arrayContaining(['Ärztliches Gutachten', 'Augenärztliches Gutachten']),
    );
    expect(types('C')).not.toContain('Sehtest');
    expect(types('C')).not.toContain('Führungszeugnis');
    expect(types('D')).toContain('Führungszeugnis');
  });

  it('has the twelve Grundstoff topics and unique ids', () => {
    const basic = knowledgeAreas(false).filter((area) => area.licenseClasses?.length === 0);
    expect(basic.map((area) => area.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(basic[0]?.name).toBe('Persönliche Voraussetzungen');
    const ids = KNOWLEDGE_AREAS.map((area) => area.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe.each(DRIVERS)('licence-data calls on %s', (driver) => {
  const t = useTestApp(driver);

  it('serves the key numbers of a base class to any signed-in user', async () => {
    const token = await t.signIn(DEMO_INSTRUCTOR.email, DEMO_INSTRUCTOR.password);
    const response = await t.call<KeyNumber[]>('GET', '/license-classes/key-numbers', {
      token,
      query: { baseLicenseClass: 'B' },
    });
    expect(response.status, response.raw).toBe(200);
    expect(response.body.map((option) => option.keyNumber)).toEqual(
      expect.arrayContaining(['78', '96', '196', '197']),
    );
  });

  it('refuses an unknown licence class and anonymous callers', async () => {
    const token = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    expectError(
      await t.call('GET', '/license-classes/key-numbers', {
        token,
        query: { baseLicenseClass: 'X' },
      }),
      422,
      'errors.validation',
    );
    const anonymous = await t.call('GET', '/license-classes/base-license-classes');
    expect(anonymous.status).toBe(401);
  });

  it('serves the base classes and the documents of a class', async () => {
    const token = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    const bases = await t.call<{ licenseClass: string }[]>(
      'GET',
      '/license-classes/base-license-classes',
      { token },
    );
    expect(bases.status, bases.raw).toBe(200);
    expect(bases.body.map((base) => base.licenseClass)).toContain('B');
    const documents = await t.call<Document[]>('GET', '/license-classes/related-documents', {
      token,
      query: { licenseClass: 'D' },
    });
    expect(documents.status, documents.raw).toBe(200);
    expect(documents.body.filter((document) => document.required).map((d) => d.label)).toEqual(
      expect.arrayContaining(['Führungszeugnis', 'Ärztliches Gutachten']),
    );
  });

  it('splits knowledge areas into basic and further education', async () => {
    const token = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    const basic = await t.call<Area[]>('GET', '/knowledge-areas', {
      token,
      query: { furtherEducation: false },
    });
    const further = await t.call<Area[]>('GET', '/knowledge-areas', {
      token,
      query: { furtherEducation: true },
    });
    expect(basic.status, basic.raw).toBe(200);
    expect(basic.body.every((area) => !area.furtherEducation)).toBe(true);
    expect(basic.body[0]).toMatchObject({ number: 1, name: 'Persönliche Voraussetzungen' });
    expect(further.body.length).toBeGreaterThan(0);
    expect(further.body.every((area) => area.furtherEducation)).toBe(true);
    const missing = await t.call('GET', '/knowledge-areas', { token });
    expectError(missing, 422, 'errors.validation');
  });
});
