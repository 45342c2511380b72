/**
 * Issues a one-time support sign-in for a user and prints the link:
 *
 *   pnpm --filter @fahrwerk/server support-token erika@example.de
 *
 * The link is valid for 15 minutes and once. It uses the server's environment (DATA_DIR or
 * DATABASE_URL, PUBLIC_URL). With the embedded PGlite the server must be stopped first: the
 * database folder is used by one process at a time.
 */
import { ConfigError, loadConfig } from '../config';
import { type Database, DatabaseLockedError, openDatabase } from '../db/database';
import { AppError } from '../http/errors';
import type { Mailer } from '../mail/mailer';
import { createSessionService } from '../modules/session/session.service';

const noMail: Mailer = {
  send: () => Promise.reject(new Error('The support-token script sends no mail.')),
  close: () => {},
};

async function run(): Promise<number> {
  const email = process.argv[2]?.trim();
  if (!email) {
    console.error('Usage: pnpm --filter @fahrwerk/server support-token <user e-mail>');
    return 2;
  }
  const config = loadConfig();
  let database: Database;
  try {
    database = await openDatabase(config);
  } catch (error) {
    if (error instanceof DatabaseLockedError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  try {
    await database.migrate();
    const service = createSessionService({
      db: database.db,
      jwtSecret: config.jwtSecret,
      publicUrl: config.publicUrl,
      mailer: noMail,
    });
    const issued = await service.issueSupportToken(email);
    console.log(
      `Support-Anmeldung für / support sign-in for ${issued.user.firstName} ${issued.user.lastName} <${issued.user.email}>`,
    );
    console.log(`Gültig bis / valid until ${issued.expiresAt.toISOString()} (einmalig / once):`);
    console.log(issued.url);
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
