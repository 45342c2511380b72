/**
 * Loads theory question sets (format: src/modules/learning/question-set/README.md) into a
 * school, or only checks them:
 *
 *   pnpm --filter @fahrwerk/server questions:import --school 1 fragen.json [mehr.json …]
 *   pnpm --filter @fahrwerk/server questions:import --school 1 --shipped
 *   pnpm --filter @fahrwerk/server questions:import --check fragen.json [mehr.json …]
 *
 * `--catalogue-version 2027-04` loads the sets under that version instead of their own.
 * Files loaded together form one catalogue version; re-importing a version updates its
 * questions in place (students' answers stay). It uses the server's environment (DATA_DIR or
 * DATABASE_URL); with the embedded PGlite the server must be stopped first. Exit code 1 when a
 * file has a problem (nothing is written then), 2 on wrong arguments.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config';
import { type Database, DatabaseLockedError, openDatabase } from '../db/database';
import { drivingSchools } from '../db/schema';
import {
  checkQuestionSets,
  importQuestionSets,
  loadShippedQuestionSets,
  type NamedSet,
  QuestionSetError,
} from '../modules/learning/question-set';

const USAGE = [
  'Aufruf / usage:',
  '  questions:import --school <id> <datei.json> [weitere.json …]',
  '  questions:import --school <id> --shipped',
  '  questions:import --check <datei.json> [weitere.json …]',
  '  Option: --catalogue-version JJJJ-MM (statt der Version der Dateien)',
].join('\n');

function readSets(files: string[]): { sets: NamedSet[]; unreadable: number } {
  const sets: NamedSet[] = [];
  let unreadable = 0;
  for (const file of files) {
    const name = path.basename(file);
    let textContent: string;
    try {
      textContent = readFileSync(file, 'utf8');
    } catch (error) {
      console.error(`${file}: nicht lesbar (${(error as Error).message})`);
      unreadable++;
      continue;
    }
    try {
      sets.push({ name, json: JSON.parse(textContent) });
    } catch (error) {
      console.error(`${file}: kein gültiges JSON (${(error as Error).message})`);
      unreadable++;
    }
  }
  return { sets, unreadable };
}

function printProblems(error: QuestionSetError) {
  for (const problem of error.errors) {
    console.error(`${problem.file ? `${problem.file} ` : ''}${problem.path}: ${problem.message}`);
  }
  console.error(
    `${error.errors.length} Problem${error.errors.length === 1 ? '' : 'e'} gefunden — nichts geschrieben.`,
  );
}

const ARGUMENTS = {
  allowPositionals: true,
  options: {
    school: { type: 'string' },
    check: { type: 'boolean', default: false },
    shipped: { type: 'boolean', default: false },
    'catalogue-version': { type: 'string' },
  },
} as const;

async function run(): Promise<number> {
  let parsed: ReturnType<typeof parseArgs<typeof ARGUMENTS>>;
  try {
    parsed = parseArgs(ARGUMENTS);
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const schoolId = values.school === undefined ? undefined : Number(values.school);
  const wrongSchool = schoolId !== undefined && !(Number.isSafeInteger(schoolId) && schoolId > 0);
  if (
    wrongSchool ||
    (!values.check && schoolId === undefined) ||
    (positionals.length === 0) === !values.shipped
  ) {
    console.error(USAGE);
    return 2;
  }
  const options = values['catalogue-version']
    ? { catalogueVersion: values['catalogue-version'] }
    : {};

  const { sets, unreadable } = values.shipped
    ? { sets: loadShippedQuestionSets(), unreadable: 0 }
    : readSets(positionals);
  let checked: ReturnType<typeof checkQuestionSets> | undefined;
  try {
    checked = checkQuestionSets(sets, options);
  } catch (error) {
    if (!(error instanceof QuestionSetError)) throw error;
    printProblems(error);
  }
  if (!checked || unreadable > 0) return 1;
  for (const [index, set] of checked.entries()) {
    console.log(
      `${sets[index]?.name}: in Ordnung — ${set.questions.length} Fragen, ${set.chapters.length} Kapitel, Version ${set.catalogueVersion} („${set.title}“)`,
    );
  }
  if (values.check) return 0;

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
    const [school] = await database.db
      .select({ name: drivingSchools.name })
      .from(drivingSchools)
      .where(eq(drivingSchools.id, schoolId as number));
    if (!school) {
      console.error(`Fahrschule ${schoolId} gibt es nicht — nichts geschrieben.`);
      return 1;
    }
    const started = performance.now();
    const counts = await importQuestionSets(database.db, schoolId as number, sets, options);
    const ms = Math.round(performance.now() - started);
    console.log(
      [
        `Fahrschule ${schoolId} (${school.name}), Version ${counts.versions.join(', ')}, in ${ms} ms:`,
        `  Kapitel:     ${counts.chapters} geschrieben (${counts.chaptersAdded} neu)`,
        `  Fragen:      ${counts.questionsInserted} neu, ${counts.questionsUpdated} aktualisiert, ${counts.questionsRemoved} entfernt${counts.questionsKept ? `, ${counts.questionsKept} behalten (in Vorprüfungen benutzt)` : ''}`,
        `  Antworten:   ${counts.answers}`,
        `  Erklärungen: ${counts.explanationsAdded} ergänzt (eigene Erklärungen der Fahrschule bleiben)`,
      ].join('\n'),
    );
    return 0;
  } catch (error) {
    if (error instanceof QuestionSetError) {
      printProblems(error);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await run();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exitCode = 2;
  } else {
    throw error;
  }
}
