import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DatabaseLockedError, openDatabase } from './db/database';
import { DEMO_SCALE, generateDemoData } from './db/demo';
import { DEMO_SIGN_INS, hasDemoSchool, seedIfNeeded } from './db/seed';
import { createFileBackend, FileStorageError } from './files/file-backend';
import { bundleOpenApi, loadOpenApiDocument } from './http/openapi-document';
import { sealStoredPasswords } from './mail/mail-secrets';

async function main(): Promise<void> {
  const config = loadConfig();
  // A wrong storage setting stops the start here, not the first upload.
  await createFileBackend(config.dataDir, config.fileStorage).check();
  bundleOpenApi();
  const document = loadOpenApiDocument();

  const database = await openDatabase(config);
  await database.migrate();
  const seeded = await seedIfNeeded(database.db, {
    seedDemo: config.seedDemo,
    fill: async (db, school) => {
      console.log('Demo-Fahrschule wird angelegt / creating the demo school …');
      const { seconds, counts } = await generateDemoData(db, school, { scale: DEMO_SCALE });
      const rows = Object.values(counts).reduce((sum, n) => sum + n, 0);
      console.log(`  ${rows} Datensätze / rows in ${seconds.toFixed(1)} s`);
    },
  });
  const showDemo = await hasDemoSchool(database.db);
  // Mail-account passwords stored before sealing (or by an import) are sealed now.
  const sealed = await sealStoredPasswords(database.db, config.mailSecretKey);
  if (sealed > 0) console.log(`  ${sealed} Postfach-Passwörter versiegelt / mail passwords sealed`);

  const app = await buildApp(config, { database, document, startJobs: true });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    try {
      await app.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // performance.now() counts from the start of the process, module loading included.
  const startupMs = Math.round(performance.now());

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://localhost:${port}`;
  const storybookNote = existsSync(config.storybookDir) ? '' : '  (nicht gebaut / not built)';
  const backofficeNote = existsSync(config.staticDir) ? '' : '  (nicht gebaut / not built)';
  const database_ = config.databaseUrl ? 'PostgreSQL' : `PGlite (${config.dataDir}/pglite)`;
  const storage = config.fileStorage;
  const files =
    storage.kind === 's3'
      ? `S3 ${storage.bucket}${storage.prefix ? `/${storage.prefix}` : ''} (${storage.endpoint})`
      : `${config.dataDir}/files`;

  const lines = [
    '',
    `Fahrwerk läuft / is running   (${startupMs} ms, ${database_})`,
    '',
    `  Back office:  ${url}${backofficeNote}`,
    `  Storybook:    ${url}/storybook/${storybookNote}`,
    `  API:          ${url}/api`,
    `  Files:        ${files}`,
  ];
  if (showDemo) {
    lines.push(
      '',
      `Demo-Zugänge / demo sign-ins${seeded === 'created' ? ' (soeben angelegt / just created)' : ''}:`,
      ...DEMO_SIGN_INS.map(
        (demo) =>
          `  ${demo.role.padEnd(11)} ${demo.name.padEnd(17)} ${demo.email.padEnd(31)} ${demo.password}`,
      ),
    );
  }
  lines.push('', `Gestartet in / started in ${startupMs} ms. Beenden / stop: Strg+C / Ctrl+C`, '');
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  // Known start-up problems get their message only; anything else its stack.
  const known =
    error instanceof ConfigError ||
    error instanceof DatabaseLockedError ||
    error instanceof FileStorageError;
  console.error(known ? error.message : error instanceof Error ? (error.stack ?? error) : error);
  process.exit(1);
});
