import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database';
import { bundleOpenApi } from '../http/openapi-document';

declare module 'vitest' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: declaration merging needs an interface
  export interface ProvidedContext {
    /** A migrated, empty PGlite data directory every test file copies instead of migrating. */
    pgliteTemplate: string;
    /** A migrated, empty PostgreSQL database test databases are created from (DATABASE_URL). */
    postgresTemplate: string;
  }
}

/**
 * Once per run: bundles openapi/ (every test file reads the current contract) and migrates
 * one template database per driver. Test files copy the template — migrating 75 tables per
 * file and driver cost more than the tests themselves.
 */
export default async function setup(project: TestProject) {
  bundleOpenApi({ force: true });

  const templateDir = await mkdtemp(path.join(os.tmpdir(), 'fw-template-'));
  const template = await openDatabase({ dataDir: templateDir });
  await template.migrate();
  await template.close();
  project.provide('pgliteTemplate', path.join(templateDir, 'pglite'));

  let dropPostgresTemplate = async () => {};
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `fw_template_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: templateDir });
    await database.migrate();
    await database.close();
    project.provide('postgresTemplate', name);
    dropPostgresTemplate = async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  } else {
    project.provide('postgresTemplate', '');
  }

  return async () => {
    await dropPostgresTemplate();
    await rm(templateDir, { recursive: true, force: true });
  };
}
