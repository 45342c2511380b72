import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../../../db/database';
import {
  type ImportCounts,
  type ImportOptions,
  importQuestionSets,
  type NamedSet,
} from './import-questions';

export {
  checkQuestionSets,
  type ImportCounts,
  type ImportOptions,
  importQuestionSets,
  type NamedSet,
  numberAsText,
  QuestionSetError,
} from './import-questions';
export {
  QUESTION_SET_FORMAT,
  type QuestionSet,
  type QuestionSetProblem,
  questionSetSchema,
  validateQuestionSet,
} from './question-format';

/**
 * The folder of the shipped set ("Fahrwerk-Übungsfragen"). The server runs from its sources
 * (`npm start` is `tsx src/main.ts`, there is no build step), so the JSON files are read
 * where they are committed, beside this module — as the SEPA and e-invoice validators read
 * their schema files relative to their modules.
 */
export const SHIPPED_QUESTION_SET_DIR = path.dirname(fileURLToPath(import.meta.url));

let shipped: NamedSet[] | undefined;

/**
 * Every `*.json` of the shipped set, parsed (not yet validated: importQuestionSets does),
 * in file-name order. Read once per process.
 */
export function loadShippedQuestionSets(): NamedSet[] {
  shipped ??= readdirSync(SHIPPED_QUESTION_SET_DIR)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => ({
      name,
      json: JSON.parse(readFileSync(path.join(SHIPPED_QUESTION_SET_DIR, name), 'utf8')) as unknown,
    }));
  return shipped;
}

/**
 * Loads the shipped set into a school (the demo school; an existing school through
 * `questions:import --shipped`).
 *
 * New schools do not get it at creation (seed.ts `createSchool`). The cost would about fit
 * (the 308 questions: 60–120 ms on PGlite, 40–80 ms on PostgreSQL, warm), but that helper
 * creates the demo school and every test's school, and the learning tests start from an empty
 * catalogue: areas/planning.test.ts adds chapters `1.1`/`1.1.01` of its own to a fresh school
 * (a unique violation if the set were there) and counts them. No other path creates a school
 * yet: the sign-up of real schools, when it comes, should call this in its transaction
 * (README.md).
 */
export async function importShippedQuestionSets(
  db: Db,
  schoolId: number,
  options: ImportOptions = {},
): Promise<ImportCounts> {
  return importQuestionSets(db, schoolId, loadShippedQuestionSets(), options);
}
