import { and, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import {
  questionExplanations,
  theoryAnswers,
  theoryChapters,
  theoryPreExamQuestions,
  theoryQuestions,
} from '../../../db/schema';
import {
  CATALOGUE_VERSION,
  crossSetProblems,
  type QuestionSet,
  type QuestionSetProblem,
  type QuestionSetQuestion,
  validateQuestionSet,
} from './question-format';

/*
 * Loads question sets (the shipped one, or a school's licensed official catalogue in the same
 * format) into one school, in one transaction.
 *
 * Re-importing a catalogue version updates it in place rather than replacing it: a question
 * is found again by (school, version, official number) and keeps its id, its answers keep
 * theirs by position (1–3, a number question's 1). Students' answers and pre-exam questions
 * point at those ids (student answers with ON DELETE CASCADE), so deleting and inserting
 * again would throw away every student's learning history and the chosen answer ids of
 * finished pre-exams. Only questions that are no longer in the set are deleted (their
 * student answers go with them); within a version, only the parts (1 Grundstoff,
 * 2 Zusatzstoff) the imported sets have questions in are compared, so loading the Grundstoff
 * file alone leaves the Zusatzstoff of that version as it is. A question a pre-exam used
 * cannot be deleted (its pre-exam questions keep it, no cascade): it stays and is counted
 * as `questionsKept`.
 *
 * Chapters are updated by official number (their names; a school's theme-loop URL stays).
 * Explanations are written only where the school has none for that official number: a
 * school's own explanation is never overwritten, and an explanation from an earlier import
 * is not updated either.
 */

/**
 * Rows per INSERT. The rows travel as one JSON parameter (`jsonb_to_recordset`): drizzle's
 * `values()` builds a parameter per cell in JavaScript, which took longer than PostgreSQL
 * took to write them (about 30 ms of the 100 ms an import of the shipped set takes).
 */
const BATCH = 2000;

export type ImportOptions = {
  /**
   * Load every set under this catalogue version instead of the sets' own (the demo loads
   * the shipped set under the editions its students learn with).
   */
  catalogueVersion?: string;
};

export type ImportCounts = {
  /** Chapters, categories and subcategories written (new or renamed). */
  chapters: number;
  chaptersAdded: number;
  questionsInserted: number;
  questionsUpdated: number;
  questionsRemoved: number;
  /** No longer in the set but used by a pre-exam, so kept. */
  questionsKept: number;
  answers: number;
  explanationsAdded: number;
  /** The catalogue versions written. */
  versions: string[];
};

/** The sets were refused (nothing written); `errors` as `validateQuestionSet` gives them. */
export class QuestionSetError extends Error {
  constructor(readonly errors: (QuestionSetProblem & { file?: string })[]) {
    super(
      `Fragensatz ungültig (${errors.length} Problem${errors.length === 1 ? '' : 'e'}): ${errors
        .slice(0, 3)
        .map((e) => `${e.file ? `${e.file} ` : ''}${e.path}: ${e.message}`)
        .join('; ')}`,
    );
    this.name = 'QuestionSetError';
  }
}

export type NamedSet = { name: string; json: unknown };

/** A number as the learning app shows and compares it: German decimal comma (`0,5`). */
export const numberAsText = (value: number) => String(value).replace('.', ',');

/** The rows of a statement, on either driver. */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const chunks = <T>(rows: readonly T[], size = BATCH): T[][] => {
  const out: T[][] = [];
  for (let start = 0; start < rows.length; start += size) out.push(rows.slice(start, start + size));
  return out;
};

/** The answer rows of a question: its three choices, or the one expected number. */
function answerRowsOf(question: QuestionSetQuestion) {
  if (question.number) {
    return [
      {
        position: 1,
        // The label of the input (the API's TheoryAnswer.text): the unit, if any.
        text: question.number.unit ?? '',
        correct: true,
        value: numberAsText(question.number.value),
      },
    ];
  }
  return (question.answers ?? []).map((answer, index) => ({
    position: index + 1,
    text: answer.text,
    correct: answer.correct,
    value: null,
  }));
}

/** Validates every set and the sets together; throws QuestionSetError on any problem. */
export function checkQuestionSets(sets: readonly NamedSet[], options: ImportOptions = {}) {
  const errors: (QuestionSetProblem & { file: string })[] = [];
  const valid: { name: string; set: QuestionSet }[] = [];
  if (options.catalogueVersion !== undefined && !CATALOGUE_VERSION.test(options.catalogueVersion)) {
    errors.push({
      file: '',
      path: 'catalogueVersion',
      message: `Katalogversion „${options.catalogueVersion}“ hat nicht die Form JJJJ-MM oder JJJJ-MM-TT`,
    });
  }
  if (sets.length === 0) errors.push({ file: '', path: '$', message: 'Kein Fragensatz angegeben' });
  for (const { name, json } of sets) {
    const result = validateQuestionSet(json);
    if (result.ok) valid.push({ name, set: result.set });
    else errors.push(...result.errors.map((error) => ({ ...error, file: name })));
  }
  if (errors.length === 0) {
    errors.push(
      ...crossSetProblems(valid, options.catalogueVersion).map((error) => ({ ...error, file: '' })),
    );
  }
  if (errors.length > 0) throw new QuestionSetError(errors);
  return valid.map((entry) => entry.set);
}

/**
 * Imports question sets (parsed JSON, validated here) into a school: chapters, the questions
 * and answers of each catalogue version, explanations where the school has none. One
 * transaction; a refused set (QuestionSetError) or a failing statement writes nothing.
 */
export async function importQuestionSets(
  db: Db,
  schoolId: number,
  input: readonly (NamedSet | QuestionSet)[],
  options: ImportOptions = {},
): Promise<ImportCounts> {
  const sets = checkQuestionSets(
    input.map((entry, index) =>
      'json' in entry ? entry : { name: `Fragensatz ${index + 1}`, json: entry },
    ),
    options,
  );
  return db.transaction(async (tx) => writeSets(tx as unknown as Db, schoolId, sets, options));
}

async function writeSets(
  db: Db,
  schoolId: number,
  sets: readonly QuestionSet[],
  options: ImportOptions,
): Promise<ImportCounts> {
  const counts: ImportCounts = {
    chapters: 0,
    chaptersAdded: 0,
    questionsInserted: 0,
    questionsUpdated: 0,
    questionsRemoved: 0,
    questionsKept: 0,
    answers: 0,
    explanationsAdded: 0,
    versions: [],
  };

  // ---- chapters: by official number, renamed when the set names them differently ----------
  const chapters = new Map<string, string>();
  for (const set of sets) for (const c of set.chapters) chapters.set(c.officialNumber, c.name);
  const existingChapters = new Map(
    (
      await db
        .select({ number: theoryChapters.officialNumber, name: theoryChapters.name })
        .from(theoryChapters)
        .where(eq(theoryChapters.drivingSchoolId, schoolId))
    ).map((row) => [row.number, row.name]),
  );
  const chapterRows = [...chapters]
    .filter(([number, name]) => existingChapters.get(number) !== name)
    .map(([officialNumber, name]) => ({
      drivingSchoolId: schoolId,
      officialNumber,
      name,
      basic: officialNumber.split('.')[0] === '1',
    }));
  for (const chunk of chunks(chapterRows)) {
    await db
      .insert(theoryChapters)
      .values(chunk)
      .onConflictDoUpdate({
        target: [theoryChapters.drivingSchoolId, theoryChapters.officialNumber],
        set: { name: sql`excluded.name`, basic: sql`excluded.basic`, updatedAt: new Date() },
      });
  }
  counts.chapters = chapterRows.length;
  counts.chaptersAdded = chapterRows.filter(
    (row) => !existingChapters.has(row.officialNumber),
  ).length;

  // ---- questions and answers, per catalogue version ----------------------------------------
  const byVersion = new Map<string, QuestionSetQuestion[]>();
  for (const set of sets) {
    const version = options.catalogueVersion ?? set.catalogueVersion;
    byVersion.set(version, [...(byVersion.get(version) ?? []), ...set.questions]);
  }
  for (const [version, questions] of byVersion) {
    counts.versions.push(version);
    const existing = await db
      .select({ id: theoryQuestions.id, number: theoryQuestions.officialNumber })
      .from(theoryQuestions)
      .where(
        and(
          eq(theoryQuestions.drivingSchoolId, schoolId),
          eq(theoryQuestions.questionsVersion, version),
        ),
      );
    const existingIds = new Map(existing.map((row) => [row.number, row.id]));

    const ids = new Map<string, number>();
    for (const chunk of chunks(questions)) {
      const rows = chunk.map((q) => ({
        official_number: q.officialNumber,
        chapter: q.officialNumber.split('-')[0],
        points: q.points,
        text: q.text,
        numeric: q.number !== undefined,
        basic: (q.licenseClasses ?? []).length === 0,
        license_classes: q.licenseClasses ?? [],
        image_url: q.imageUrl ?? null,
      }));
      const written = await rowsOf<{ id: unknown; official_number: string }>(
        db,
        sql`insert into ${theoryQuestions} (driving_school_id, questions_version, official_number,
            chapter, points, "text", "numeric", basic, license_classes, image_url)
          select ${schoolId}::bigint, ${version}::text, r.official_number, r.chapter, r.points,
            r."text", r."numeric", r.basic, r.license_classes, r.image_url
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(official_number text,
            chapter text, points smallint, "text" text, "numeric" boolean, basic boolean,
            license_classes text[], image_url text)
          on conflict (driving_school_id, questions_version, official_number) do update set
            chapter = excluded.chapter, points = excluded.points, "text" = excluded."text",
            "numeric" = excluded."numeric", basic = excluded.basic,
            license_classes = excluded.license_classes, image_url = excluded.image_url
          returning id, official_number`,
      );
      for (const row of written) ids.set(row.official_number, Number(row.id));
    }
    const inserted = questions.filter((q) => !existingIds.has(q.officialNumber)).length;
    counts.questionsInserted += inserted;
    counts.questionsUpdated += questions.length - inserted;

    // Answers by position: an updated question's answers keep their ids (chosen answer ids
    // of students and pre-exams stay valid); positions beyond the new count go.
    const answerRows = questions.flatMap((q) =>
      answerRowsOf(q).map((answer) => ({
        question_id: ids.get(q.officialNumber) as number,
        ...answer,
      })),
    );
    for (const chunk of chunks(answerRows)) {
      await db.execute(
        sql`insert into ${theoryAnswers} (driving_school_id, theory_question_id, position, "text",
            correct, value)
          select ${schoolId}::bigint, r.question_id, r.position, r."text", r.correct, r.value
          from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as r(question_id bigint,
            position smallint, "text" text, correct boolean, value text)
          on conflict (theory_question_id, position) do update set
            "text" = excluded."text", correct = excluded.correct, value = excluded.value`,
      );
    }
    counts.answers += answerRows.length;
    const updatedByAnswerCount = new Map<number, number[]>();
    for (const q of questions) {
      const id = existingIds.get(q.officialNumber);
      if (id === undefined) continue;
      const n = answerRowsOf(q).length;
      updatedByAnswerCount.set(n, [...(updatedByAnswerCount.get(n) ?? []), id]);
    }
    for (const [n, questionIds] of updatedByAnswerCount) {
      for (const chunk of chunks(questionIds, 5000)) {
        await db
          .delete(theoryAnswers)
          .where(
            and(
              eq(theoryAnswers.drivingSchoolId, schoolId),
              inArray(theoryAnswers.theoryQuestionId, chunk),
              gt(theoryAnswers.position, n),
            ),
          );
      }
    }

    // Questions of the covered parts no longer in the set: deleted, unless a pre-exam used
    // them.
    const parts = new Set(questions.map((q) => q.officialNumber.split('.')[0]));
    const gone = existing.filter(
      (row) => !ids.has(row.number) && parts.has(row.number.split('.')[0]),
    );
    for (const chunk of chunks(
      gone.map((row) => row.id),
      5000,
    )) {
      const used = new Set(
        (
          await db
            .selectDistinct({ id: theoryPreExamQuestions.theoryQuestionId })
            .from(theoryPreExamQuestions)
            .where(
              and(
                eq(theoryPreExamQuestions.drivingSchoolId, schoolId),
                inArray(theoryPreExamQuestions.theoryQuestionId, chunk),
              ),
            )
        ).map((row) => row.id),
      );
      const removable = chunk.filter((id) => !used.has(id));
      counts.questionsKept += chunk.length - removable.length;
      if (removable.length > 0) {
        await db
          .delete(theoryQuestions)
          .where(
            and(
              eq(theoryQuestions.drivingSchoolId, schoolId),
              inArray(theoryQuestions.id, removable),
            ),
          );
      }
      counts.questionsRemoved += removable.length;
    }
  }

  // ---- explanations: only where the school has none ----------------------------------------
  const explanations = new Map<string, string>();
  for (const set of sets) {
    for (const q of set.questions) {
      if (q.explanation && !explanations.has(q.officialNumber)) {
        explanations.set(q.officialNumber, q.explanation);
      }
    }
  }
  for (const chunk of chunks([...explanations])) {
    const rows = chunk.map(([officialNumber, text]) => ({ official_number: officialNumber, text }));
    const added = await rowsOf<{ id: unknown }>(
      db,
      sql`insert into ${questionExplanations} (driving_school_id, official_number, "text")
        select ${schoolId}::bigint, r.official_number, r."text"
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(official_number text,
          "text" text)
        on conflict (driving_school_id, official_number) do nothing
        returning id`,
    );
    counts.explanationsAdded += added.length;
  }
  return counts;
}
