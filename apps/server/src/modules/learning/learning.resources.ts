import type { components } from '@fahrwerk/api/schema';
import { and, arrayContains, asc, count, desc, eq, gte, inArray, max, or, sql } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import type { Db } from '../../db/database';
import {
  knowledgeBookPages,
  questionExplanations,
  studentEducations,
  studentQuestionAnswers,
  students,
  theoryAnswers,
  theoryChapters,
  theoryPreExamQuestions,
  theoryPreExams,
  theoryQuestions,
} from '../../db/schema';
import { type AuthContext, requireAuth } from '../../http/auth';
import { fieldError, globalError, notFound } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import { preExamToDto } from '../exams/exams.resources';
import { addDays, berlinToday, handlers, iso, withoutNulls } from '../resources/kit';

type Schemas = components['schemas'];

/** The knowledge books by theory category id (spec 001 §9). */
export const KNOWLEDGE_BOOK_TITLES: Record<number, string> = {
  59: 'Basiswissen',
  60: 'Zusatzwissen Klasse B',
  61: 'Zusatzwissen Klasse A',
};

/** `1.1.01` is a subcategory, `1.1` a category, `1` a chapter. */
const depth = (officialNumber: string) => officialNumber.split('.').length;

/** The question counts per subcategory, in the school's newest catalogue version. */
async function questionCounts(db: Db, auth: AuthContext, chapters?: string[]) {
  const newest = db
    .select({ v: max(theoryQuestions.questionsVersion) })
    .from(theoryQuestions)
    .where(eq(theoryQuestions.drivingSchoolId, auth.drivingSchoolId));
  const rows = await db
    .select({ chapter: theoryQuestions.chapter, n: count() })
    .from(theoryQuestions)
    .where(
      and(
        eq(theoryQuestions.drivingSchoolId, auth.drivingSchoolId),
        sql`${theoryQuestions.questionsVersion} = (${newest})`,
        chapters ? inArray(theoryQuestions.chapter, chapters) : undefined,
      ),
    )
    .groupBy(theoryQuestions.chapter);
  return new Map(rows.map((row) => [row.chapter, Math.min(Number(row.n), 100000)]));
}

function validUrl(text: string): boolean {
  if (text.length > 2000 || !/^https?:\/\//.test(text)) return false;
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}

/** The education of the school, with what its learning data depends on. */
async function loadEducation(db: Db, auth: AuthContext, id: number) {
  const [row] = await db
    .select({
      id: studentEducations.id,
      studentId: studentEducations.studentId,
      licenseClass: studentEducations.licenseClass,
      questionsVersion: studentEducations.theoryQuestionsVersion,
    })
    .from(studentEducations)
    .where(
      and(
        eq(studentEducations.drivingSchoolId, auth.drivingSchoolId),
        eq(studentEducations.id, id),
      ),
    );
  if (!row) throw notFound();
  return row;
}

/** The questions of a class in a catalogue version: the basic ones and the class's own. */
const questionsOfClass = (auth: AuthContext, version: string, licenseClass: string) =>
  and(
    eq(theoryQuestions.drivingSchoolId, auth.drivingSchoolId),
    eq(theoryQuestions.questionsVersion, version),
    or(
      eq(theoryQuestions.basic, true),
      arrayContains(theoryQuestions.licenseClasses, [licenseClass]),
    ),
  );

const answersOf = (auth: AuthContext, educationId: number) =>
  and(
    eq(studentQuestionAnswers.drivingSchoolId, auth.drivingSchoolId),
    eq(studentQuestionAnswers.studentEducationId, educationId),
  );

const cap = (n: unknown) => Math.min(100000, Number(n ?? 0));

/** A question's subcategory row (its name), joined by school and official number. */
const chapterOfQuestion = and(
  eq(theoryChapters.drivingSchoolId, theoryQuestions.drivingSchoolId),
  eq(theoryChapters.officialNumber, theoryQuestions.chapter),
);

/** The last answer to each question among the answers `where` selects (a subquery `latest`). */
function latestAnswers(db: Db, where: ReturnType<typeof and>) {
  return db
    .selectDistinctOn([studentQuestionAnswers.theoryQuestionId], {
      questionId: studentQuestionAnswers.theoryQuestionId,
      correct: studentQuestionAnswers.correct,
      answeredAt: studentQuestionAnswers.answeredAt,
    })
    .from(studentQuestionAnswers)
    .where(where)
    .orderBy(
      studentQuestionAnswers.theoryQuestionId,
      desc(studentQuestionAnswers.answeredAt),
      desc(studentQuestionAnswers.id),
    )
    .as('latest');
}

/** A number as entered (`0,5`, `0.5`, `80`) → its value; null when it is none. */
export function numberOf(text: string | null | undefined): number | null {
  if (text == null) return null;
  const normalized = text.trim().replace(',', '.');
  if (!/^-?[0-9]+(\.[0-9]+)?$/.test(normalized)) return null;
  return Number(normalized);
}

type AnswerRow = { id: number; correct: boolean; value: string | null };

/**
 * Whether an answer is right: a number question when the number equals the expected one
 * (to the cent), multiple choice when exactly the correct answers are ticked.
 */
export function judgeAnswer(
  question: { numeric: boolean },
  answers: AnswerRow[],
  given: { chosenAnswerIds?: number[]; numericValue?: string },
): boolean {
  if (question.numeric) {
    const expected = numberOf(answers.find((answer) => answer.correct)?.value);
    const value = numberOf(given.numericValue);
    return (
      expected !== null && value !== null && Math.round(expected * 100) === Math.round(value * 100)
    );
  }
  const chosen = new Set(given.chosenAnswerIds ?? []);
  const correct = answers.filter((answer) => answer.correct).map((answer) => answer.id);
  return correct.length === chosen.size && correct.every((id) => chosen.has(id));
}

/**
 * A knowledge-book page as the client shows it: text structure, lists, tables, links over
 * http(s) and images over https only — no scripts, styles, frames, forms or event attributes.
 */
export function sanitizeBookPage(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'figure', 'figcaption'],
    allowedAttributes: { a: ['href', 'title', 'rel'], img: ['src', 'alt', 'width', 'height'] },
    allowedSchemes: ['http', 'https'],
    allowedSchemesByTag: { img: ['https'] },
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  }).trim();
}

/** A first licence's theory exam: 20 questions of the basic syllabus, 10 of the class's own. */
export const PRE_EXAM_BASIC = 20;
export const PRE_EXAM_CLASS = 10;

/**
 * Draws a pre-exam like the official exam: up to 10 class questions and basic ones up to 30
 * in all (fewer class questions: more basic ones), shuffled by `random` (tests pass their own);
 * basic questions first, as the exam shows them.
 */
export function drawPreExam<Q extends { basic: boolean }>(
  questions: Q[],
  random: () => number = Math.random,
): Q[] {
  const shuffled = (list: Q[]) => {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as Q, copy[i] as Q];
    }
    return copy;
  };
  const own = shuffled(questions.filter((q) => !q.basic)).slice(0, PRE_EXAM_CLASS);
  const total = PRE_EXAM_BASIC + PRE_EXAM_CLASS;
  const basic = shuffled(questions.filter((q) => q.basic)).slice(0, total - own.length);
  return [...basic, ...own];
}

/**
 * The exam's verdict: failed with more than 10 error points, or with two wrong 5-point
 * questions (even at exactly 10 points).
 */
export function scorePreExam(results: { points: number; correct: boolean }[]) {
  const wrong = results.filter((result) => !result.correct);
  const errorPoints = wrong.reduce((sum, result) => sum + result.points, 0);
  const wrongFivePointers = wrong.filter((result) => result.points === 5).length;
  return { errorPoints, passed: errorPoints <= 10 && wrongFivePointers < 2 };
}

/**
 * The learning area's stored content: question explanations, the theme loop's chapters with
 * their detail URLs, the knowledge books. The learning data of students (answers, statistics,
 * pre-exam details) and the text and HTML answers come later; the students' answer statistics,
 * metrics, last wrong answers and the reset are here.
 */
export function createLearningHandlers(db: Db): OperationHandlers {
  const explanationOf = (auth: AuthContext, officialNumber: string) =>
    and(
      eq(questionExplanations.drivingSchoolId, auth.drivingSchoolId),
      eq(questionExplanations.officialNumber, officialNumber),
    );

  /** 404 unless the student is one of the school's. */
  async function requireStudent(auth: AuthContext, studentId: number) {
    const [student] = await db
      .select({ id: students.id })
      .from(students)
      .where(and(eq(students.drivingSchoolId, auth.drivingSchoolId), eq(students.id, studentId)));
    if (!student) throw notFound();
  }

  /** The school's newest catalogue version, or null without questions. */
  async function newestVersion(auth: AuthContext) {
    const [row] = await db
      .select({ version: max(theoryQuestions.questionsVersion) })
      .from(theoryQuestions)
      .where(eq(theoryQuestions.drivingSchoolId, auth.drivingSchoolId));
    return row?.version ?? null;
  }

  type Education = Awaited<ReturnType<typeof loadEducation>>;

  /** A question of the education's catalogue version and class, with its answers; 404 else. */
  /**
   * The questions `where` selects (in official-number order, at most 500) with their answers:
   * one query for the questions, one for all their answers.
   */
  async function loadQuestions(auth: AuthContext, where: ReturnType<typeof and>) {
    const questions = await db
      .select({
        id: theoryQuestions.id,
        officialNumber: theoryQuestions.officialNumber,
        chapter: theoryQuestions.chapter,
        chapterName: theoryChapters.name,
        points: theoryQuestions.points,
        text: theoryQuestions.text,
        numeric: theoryQuestions.numeric,
        basic: theoryQuestions.basic,
        licenseClasses: theoryQuestions.licenseClasses,
        imageUrl: theoryQuestions.imageUrl,
        videoUrl: theoryQuestions.videoUrl,
      })
      .from(theoryQuestions)
      .leftJoin(theoryChapters, chapterOfQuestion)
      .where(where)
      .orderBy(asc(theoryQuestions.officialNumber))
      .limit(500);
    const answers = questions.length
      ? await db
          .select({
            questionId: theoryAnswers.theoryQuestionId,
            id: theoryAnswers.id,
            text: theoryAnswers.text,
            correct: theoryAnswers.correct,
            value: theoryAnswers.value,
          })
          .from(theoryAnswers)
          .where(
            and(
              eq(theoryAnswers.drivingSchoolId, auth.drivingSchoolId),
              inArray(
                theoryAnswers.theoryQuestionId,
                questions.map((question) => question.id),
              ),
            ),
          )
          .orderBy(asc(theoryAnswers.position))
      : [];
    return questions.map((question) => ({
      question,
      answers: answers.filter((answer) => answer.questionId === question.id),
    }));
  }

  /** A question of the education's catalogue version and class, with its answers; 404 else. */
  async function loadQuestion(auth: AuthContext, education: Education, questionId: number) {
    const [found] = await loadQuestions(
      auth,
      and(
        questionsOfClass(auth, education.questionsVersion, education.licenseClass),
        eq(theoryQuestions.id, questionId),
      ),
    );
    if (!found) throw notFound();
    return found;
  }

  type LoadedQuestion = Awaited<ReturnType<typeof loadQuestion>>;

  function questionBody(question: LoadedQuestion['question'], answers: LoadedQuestion['answers']) {
    return {
      id: question.id,
      officialNumber: question.officialNumber,
      chapter: question.chapter,
      chapterName: question.chapterName?.slice(0, 255),
      points: question.points,
      text: question.text.slice(0, 2000),
      answers: answers.slice(0, 5).map((answer) =>
        withoutNulls({
          id: answer.id,
          text: answer.text,
          correct: answer.correct,
          value: answer.value,
        }),
      ),
      numeric: question.numeric,
      basic: question.basic,
      licenseClasses: (question.licenseClasses ?? []) as Schemas['LicenseClass'][],
      imageUrl: question.imageUrl,
      videoUrl: question.videoUrl,
    };
  }

  /**
   * How often the education answered each question, right and wrong, and its last answer (one
   * grouped query); a question never answered gets zeros.
   */
  async function studentStates(auth: AuthContext, educationId: number, questionIds: number[]) {
    const rows = questionIds.length
      ? await db
          .select({
            questionId: studentQuestionAnswers.theoryQuestionId,
            answered: count(),
            correct: sql<number>`count(*) filter (where ${studentQuestionAnswers.correct})`,
            lastAt: max(studentQuestionAnswers.answeredAt),
            lastCorrect: sql<boolean | null>`(array_agg(${studentQuestionAnswers.correct}
              order by ${studentQuestionAnswers.answeredAt} desc, ${studentQuestionAnswers.id} desc))[1]`,
          })
          .from(studentQuestionAnswers)
          .where(
            and(
              answersOf(auth, educationId),
              inArray(studentQuestionAnswers.theoryQuestionId, questionIds),
            ),
          )
          .groupBy(studentQuestionAnswers.theoryQuestionId)
      : [];
    const byQuestion = new Map(rows.map((row) => [row.questionId, row]));
    return new Map(
      questionIds.map((questionId) => {
        const row = byQuestion.get(questionId);
        const answered = cap(row?.answered);
        const correct = cap(row?.correct);
        const state = withoutNulls({
          studentEducationId: educationId,
          timesAnswered: answered,
          timesCorrect: correct,
          timesWrong: cap(answered - correct),
          lastAnsweredAt: iso(row?.lastAt),
          lastAnswerCorrect: row?.lastCorrect,
        });
        return [questionId, state] as const;
      }),
    );
  }

  async function studentState(auth: AuthContext, educationId: number, questionId: number) {
    const states = await studentStates(auth, educationId, [questionId]);
    return states.get(questionId) as NonNullable<ReturnType<typeof states.get>>;
  }

  return handlers({
    /** The education's questions by subcategory, each with the student's answer counts. */
    async getLearningModeData(request) {
      const auth = requireAuth(request);
      const education = await loadEducation(db, auth, Number(request.query.studentEducationId));
      const stats = db
        .select({
          questionId: studentQuestionAnswers.theoryQuestionId,
          timesCorrect: sql<number>`count(*) filter (where ${studentQuestionAnswers.correct})`.as(
            'tc',
          ),
          timesWrong: sql<number>`count(*) filter (where not ${studentQuestionAnswers.correct})`.as(
            'tw',
          ),
          lastCorrect: sql<boolean>`(array_agg(${studentQuestionAnswers.correct}
            order by ${studentQuestionAnswers.answeredAt} desc, ${studentQuestionAnswers.id} desc))[1]`.as(
            'lc',
          ),
        })
        .from(studentQuestionAnswers)
        .where(answersOf(auth, education.id))
        .groupBy(studentQuestionAnswers.theoryQuestionId)
        .as('stats');
      const rows = await db
        .select({
          id: theoryQuestions.id,
          officialNumber: theoryQuestions.officialNumber,
          chapter: theoryQuestions.chapter,
          points: theoryQuestions.points,
          basic: theoryQuestions.basic,
          chapterName: theoryChapters.name,
          timesCorrect: stats.timesCorrect,
          timesWrong: stats.timesWrong,
          lastCorrect: stats.lastCorrect,
        })
        .from(theoryQuestions)
        .leftJoin(theoryChapters, chapterOfQuestion)
        .leftJoin(stats, eq(stats.questionId, theoryQuestions.id))
        .where(questionsOfClass(auth, education.questionsVersion, education.licenseClass))
        .orderBy(asc(theoryQuestions.chapter), asc(theoryQuestions.officialNumber));
      type Chapter = Schemas['LearningChapter'];
      const chapters = new Map<string, Chapter>();
      for (const row of rows) {
        let chapter = chapters.get(row.chapter);
        if (!chapter) {
          chapter = {
            officialNumber: row.chapter,
            name: (row.chapterName ?? row.chapter).slice(0, 255),
            basic: row.basic,
            questions: [],
          };
          chapters.set(row.chapter, chapter);
        }
        // A subcategory with basic and class questions counts as basic only when all are.
        if (!row.basic) chapter.basic = false;
        chapter.questions.push(
          withoutNulls({
            theoryQuestionId: row.id,
            officialNumber: row.officialNumber,
            points: row.points,
            timesCorrect: cap(row.timesCorrect),
            timesWrong: cap(row.timesWrong),
            lastAnswerCorrect: row.lastCorrect,
          }),
        );
      }
      return {
        status: 200,
        body: {
          studentEducationId: education.id,
          licenseClass: education.licenseClass as Schemas['LicenseClass'],
          questionsVersion: education.questionsVersion,
          questionCount: cap(rows.length),
          chapters: [...chapters.values()].slice(0, 300),
        },
      };
    },

    /** Draws the questions and stores them in order; the client gets them without solutions. */
    async startTheoryPreExam(request) {
      const auth = requireAuth(request);
      const education = await loadEducation(db, auth, request.body.studentEducationId);
      const pool = await db
        .select({
          id: theoryQuestions.id,
          basic: theoryQuestions.basic,
          officialNumber: theoryQuestions.officialNumber,
          points: theoryQuestions.points,
          text: theoryQuestions.text,
          numeric: theoryQuestions.numeric,
          imageUrl: theoryQuestions.imageUrl,
        })
        .from(theoryQuestions)
        .where(questionsOfClass(auth, education.questionsVersion, education.licenseClass));
      const drawn = drawPreExam(pool);
      if (drawn.length === 0) {
        throw globalError(
          'errors.pre_exam_no_questions',
          'The class and catalogue version of the education have no questions.',
        );
      }
      const { preExam, answers } = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(theoryPreExams)
          .values({
            drivingSchoolId: auth.drivingSchoolId,
            studentId: education.studentId,
            studentEducationId: education.id,
            licenseClass: education.licenseClass,
            startedAt: new Date(),
            questionCount: drawn.length,
          })
          .returning();
        await tx.insert(theoryPreExamQuestions).values(
          drawn.map((question, index) => ({
            drivingSchoolId: auth.drivingSchoolId,
            theoryPreExamId: created?.id as number,
            theoryQuestionId: question.id,
            position: index + 1,
          })),
        );
        const choices = await tx
          .select({
            id: theoryAnswers.id,
            questionId: theoryAnswers.theoryQuestionId,
            text: theoryAnswers.text,
          })
          .from(theoryAnswers)
          .where(
            and(
              eq(theoryAnswers.drivingSchoolId, auth.drivingSchoolId),
              inArray(
                theoryAnswers.theoryQuestionId,
                drawn.map((question) => question.id),
              ),
            ),
          )
          .orderBy(asc(theoryAnswers.position));
        return { preExam: created as typeof theoryPreExams.$inferSelect, answers: choices };
      });
      return {
        status: 201,
        body: {
          preExam: preExamToDto(preExam),
          questions: drawn.map((question, index) =>
            withoutNulls({
              theoryQuestionId: question.id,
              position: index + 1,
              officialNumber: question.officialNumber,
              points: question.points,
              text: question.text.slice(0, 2000),
              numeric: question.numeric,
              // A number question's answer row holds the solution: not sent.
              answers: question.numeric
                ? []
                : answers
                    .filter((answer) => answer.questionId === question.id)
                    .slice(0, 5)
                    .map((answer) => ({ id: answer.id, text: answer.text })),
              imageUrl: question.imageUrl,
            }),
          ),
        },
      };
    },

    /** Judges every question (left out = wrong), stores the answers and the verdict, once. */
    async finishTheoryPreExam(request) {
      const auth = requireAuth(request);
      const id = Number(request.params.id);
      const mine = and(
        eq(theoryPreExams.drivingSchoolId, auth.drivingSchoolId),
        eq(theoryPreExams.id, id),
      );
      const [preExam] = await db.select().from(theoryPreExams).where(mine);
      if (!preExam) throw notFound();
      if (preExam.finishedAt) {
        throw globalError('errors.pre_exam_finished', 'The pre-exam was handed in already.');
      }
      const questions = await db
        .select({
          rowId: theoryPreExamQuestions.id,
          questionId: theoryQuestions.id,
          numeric: theoryQuestions.numeric,
          points: theoryQuestions.points,
        })
        .from(theoryPreExamQuestions)
        .innerJoin(
          theoryQuestions,
          and(
            eq(theoryQuestions.drivingSchoolId, theoryPreExamQuestions.drivingSchoolId),
            eq(theoryQuestions.id, theoryPreExamQuestions.theoryQuestionId),
          ),
        )
        .where(
          and(
            eq(theoryPreExamQuestions.drivingSchoolId, auth.drivingSchoolId),
            eq(theoryPreExamQuestions.theoryPreExamId, id),
          ),
        );
      const given = new Map<number, (typeof request.body.answers)[number]>();
      for (const [index, answer] of request.body.answers.entries()) {
        if (!questions.some((question) => question.questionId === answer.theoryQuestionId)) {
          throw fieldError(
            `answers[${index}].theoryQuestionId`,
            'validation.not_found',
            'Not a question of this pre-exam.',
          );
        }
        if (given.has(answer.theoryQuestionId)) {
          throw fieldError(
            `answers[${index}].theoryQuestionId`,
            'validation.duplicate',
            'Answered twice.',
          );
        }
        given.set(answer.theoryQuestionId, answer);
      }
      const choices = await db
        .select({
          id: theoryAnswers.id,
          questionId: theoryAnswers.theoryQuestionId,
          correct: theoryAnswers.correct,
          value: theoryAnswers.value,
        })
        .from(theoryAnswers)
        .where(
          and(
            eq(theoryAnswers.drivingSchoolId, auth.drivingSchoolId),
            inArray(
              theoryAnswers.theoryQuestionId,
              questions.map((question) => question.questionId),
            ),
          ),
        );
      const results = questions.map((question) => {
        const answer = given.get(question.questionId);
        const own = choices.filter((choice) => choice.questionId === question.questionId);
        const correct = answer !== undefined && judgeAnswer(question, own, answer);
        return { ...question, answer, correct };
      });
      const verdict = scorePreExam(results);
      const finished = await db.transaction(async (tx) => {
        for (const result of results) {
          await tx
            .update(theoryPreExamQuestions)
            .set({
              chosenAnswerIds: result.numeric ? [] : (result.answer?.chosenAnswerIds ?? []),
              numericValue: result.numeric ? (result.answer?.numericValue ?? null) : null,
              correct: result.correct,
            })
            .where(
              and(
                eq(theoryPreExamQuestions.drivingSchoolId, auth.drivingSchoolId),
                eq(theoryPreExamQuestions.id, result.rowId),
              ),
            );
        }
        // Only an open pre-exam is closed: two hand-ins at once score it once.
        const [row] = await tx
          .update(theoryPreExams)
          .set({
            finishedAt: new Date(),
            errorPoints: Math.min(110, verdict.errorPoints),
            passed: verdict.passed,
          })
          .where(and(mine, sql`${theoryPreExams.finishedAt} is null`))
          .returning();
        if (!row)
          throw globalError('errors.pre_exam_finished', 'The pre-exam was handed in already.');
        return row;
      });
      return { status: 200, body: preExamToDto(finished) };
    },

    async getTheoryQuestion(request) {
      const auth = requireAuth(request);
      const education = await loadEducation(db, auth, Number(request.query.studentEducationId));
      const { question, answers } = await loadQuestion(
        auth,
        education,
        Number(request.params.theoryQuestionId),
      );
      return {
        status: 200,
        body: withoutNulls({
          ...questionBody(question, answers),
          studentState: await studentState(auth, education.id, question.id),
        }),
      };
    },

    async answerTheoryQuestion(request) {
      const auth = requireAuth(request);
      const body = request.body;
      const education = await loadEducation(db, auth, body.studentEducationId);
      const { question, answers } = await loadQuestion(
        auth,
        education,
        Number(request.params.theoryQuestionId),
      );
      const ids = new Set(answers.map((answer) => answer.id));
      if (question.numeric && body.numericValue === undefined) {
        throw fieldError(
          'numericValue',
          'validation.required',
          'A number question needs a number.',
        );
      }
      if (!question.numeric && body.numericValue !== undefined) {
        throw fieldError(
          'numericValue',
          'validation.invalid',
          'This question is answered by choice.',
        );
      }
      if ((body.chosenAnswerIds ?? []).some((id) => !ids.has(id))) {
        throw fieldError(
          'chosenAnswerIds',
          'validation.not_found',
          'No such answer of the question.',
        );
      }
      const correct = judgeAnswer(question, answers, body);
      await db.insert(studentQuestionAnswers).values({
        drivingSchoolId: auth.drivingSchoolId,
        studentId: education.studentId,
        studentEducationId: education.id,
        theoryQuestionId: question.id,
        answeredAt: new Date(),
        correct,
        chosenAnswerIds: question.numeric ? [] : (body.chosenAnswerIds ?? []),
        numericValue: question.numeric ? (body.numericValue ?? null) : null,
        seconds: body.seconds ?? 0,
      });
      const expected = question.numeric ? answers.find((answer) => answer.correct)?.value : null;
      return {
        status: 200,
        body: withoutNulls({
          correct,
          correctAnswerIds: question.numeric
            ? []
            : answers.filter((answer) => answer.correct).map((answer) => answer.id),
          expectedValue: expected,
          studentState: await studentState(auth, education.id, question.id),
        }),
      };
    },

    async getQuestionExplanationsLastModified(request) {
      const auth = requireAuth(request);
      const [row] = await db
        .select({ lastModified: max(questionExplanations.updatedAt) })
        .from(questionExplanations)
        .where(eq(questionExplanations.drivingSchoolId, auth.drivingSchoolId));
      return { status: 200, body: withoutNulls({ lastModified: iso(row?.lastModified) }) };
    },

    /** Base64 of the UTF-8 text (the spec's obfuscation; see EncodedExplanation). */
    async getQuestionExplanation(request) {
      const auth = requireAuth(request);
      const officialNumber = String(request.params.officialNumber);
      const [row] = await db
        .select({ text: questionExplanations.text })
        .from(questionExplanations)
        .where(explanationOf(auth, officialNumber));
      if (!row) throw notFound();
      return {
        status: 200,
        file: {
          bytes: Buffer.from(Buffer.from(row.text, 'utf8').toString('base64'), 'ascii'),
          mimeType: 'text/plain',
          fileName: `${officialNumber}.txt`,
          disposition: 'inline',
        },
      };
    },

    /** A page's HTML, sanitised on the way out (whatever was stored). */
    async getKnowledgeBookPageHtml(request) {
      const auth = requireAuth(request);
      const [page] = await db
        .select({ html: knowledgeBookPages.html })
        .from(knowledgeBookPages)
        .where(
          and(
            eq(knowledgeBookPages.drivingSchoolId, auth.drivingSchoolId),
            eq(knowledgeBookPages.id, Number(request.params.pageId)),
          ),
        );
      if (!page) throw notFound();
      return {
        status: 200,
        file: {
          bytes: Buffer.from(sanitizeBookPage(page.html), 'utf8'),
          mimeType: 'text/html; charset=utf-8',
          fileName: `seite-${request.params.pageId}.html`,
          disposition: 'inline',
        },
      };
    },

    /** The plain text replaces an earlier explanation. */
    async putQuestionExplanation(request) {
      const auth = requireAuth(request);
      const officialNumber = String(request.params.officialNumber);
      const text = String(request.body);
      await db
        .insert(questionExplanations)
        .values({ drivingSchoolId: auth.drivingSchoolId, officialNumber, text })
        .onConflictDoUpdate({
          target: [questionExplanations.drivingSchoolId, questionExplanations.officialNumber],
          set: { text, updatedAt: new Date() },
        });
      return { status: 204 };
    },

    async deleteQuestionExplanation(request) {
      const auth = requireAuth(request);
      const removed = await db
        .delete(questionExplanations)
        .where(explanationOf(auth, String(request.params.officialNumber)))
        .returning({ id: questionExplanations.id });
      if (removed.length === 0) throw notFound();
      return { status: 204 };
    },

    /** Categories (`1.1`) with their subcategories (`1.1.01`) and question counts. */
    async listThemeLoopCategories(request) {
      const auth = requireAuth(request);
      const chapters = await db
        .select()
        .from(theoryChapters)
        .where(eq(theoryChapters.drivingSchoolId, auth.drivingSchoolId))
        .orderBy(asc(theoryChapters.officialNumber));
      const counts = await questionCounts(db, auth);
      const categories = chapters
        .filter((c) => depth(c.officialNumber) === 2)
        .map((category) => ({
          officialNumber: category.officialNumber,
          name: category.name,
          subcategories: chapters
            .filter(
              (c) =>
                depth(c.officialNumber) === 3 &&
                c.officialNumber.startsWith(`${category.officialNumber}.`),
            )
            .slice(0, 100)
            .map((sub) =>
              withoutNulls({
                officialNumber: sub.officialNumber,
                name: sub.name,
                detailsUrl: sub.detailsUrl,
                questionCount: counts.get(sub.officialNumber) ?? 0,
              }),
            ),
        }));
      return { status: 200, body: categories };
    },

    /**
     * The base category `basic` (the basic syllabus; progress over all the student's answers)
     * then one category per active education with its class's own subcategories (progress over
     * that education's answers). The catalogue version: the education's; for `basic` the newest
     * of the student's active educations (the school's newest without one).
     */
    async listStudentThemeLoopCategories(request) {
      const auth = requireAuth(request);
      const studentId = Number(request.params.studentId);
      await requireStudent(auth, studentId);
      const educations = await db
        .select({
          id: studentEducations.id,
          licenseClass: studentEducations.licenseClass,
          version: studentEducations.theoryQuestionsVersion,
        })
        .from(studentEducations)
        .where(
          and(
            eq(studentEducations.drivingSchoolId, auth.drivingSchoolId),
            eq(studentEducations.studentId, studentId),
            eq(studentEducations.archived, false),
          ),
        )
        .orderBy(asc(studentEducations.id))
        .limit(19);
      const baseVersion =
        educations
          .map((education) => education.version)
          .sort()
          .at(-1) ?? (await newestVersion(auth));
      /** Per subcategory: the questions and those whose last answer (of `educationIds`) was right. */
      const progress = async (
        where: ReturnType<typeof and>,
        version: string | null | undefined,
        educationIds: number[],
      ) => {
        if (!version) return [];
        const latest = latestAnswers(
          db,
          and(
            eq(studentQuestionAnswers.drivingSchoolId, auth.drivingSchoolId),
            eq(studentQuestionAnswers.studentId, studentId),
            educationIds.length
              ? inArray(studentQuestionAnswers.studentEducationId, educationIds)
              : sql`false`,
          ),
        );
        const rows = await db
          .select({
            officialNumber: theoryQuestions.chapter,
            name: theoryChapters.name,
            questionCount: count(),
            correctCount: sql<number>`count(*) filter (where ${latest.correct})`,
          })
          .from(theoryQuestions)
          .leftJoin(latest, eq(latest.questionId, theoryQuestions.id))
          .leftJoin(theoryChapters, chapterOfQuestion)
          .where(
            and(
              eq(theoryQuestions.drivingSchoolId, auth.drivingSchoolId),
              eq(theoryQuestions.questionsVersion, version),
              where,
            ),
          )
          .groupBy(theoryQuestions.chapter, theoryChapters.name)
          .orderBy(asc(theoryQuestions.chapter))
          .limit(300);
        return rows.map((row) => ({
          officialNumber: row.officialNumber,
          name: (row.name ?? row.officialNumber).slice(0, 255),
          questionCount: cap(row.questionCount),
          correctCount: cap(row.correctCount),
        }));
      };
      const allIds = educations.map((education) => education.id);
      const body: Schemas['StudentThemeLoopCategory'][] = [
        {
          name: 'basic',
          base: true,
          subcategories: await progress(eq(theoryQuestions.basic, true), baseVersion, allIds),
        },
      ];
      for (const education of educations) {
        body.push({
          name: education.licenseClass,
          base: false,
          licenseClass: education.licenseClass as Schemas['LicenseClass'],
          studentEducationId: education.id,
          subcategories: await progress(
            and(
              eq(theoryQuestions.basic, false),
              arrayContains(theoryQuestions.licenseClasses, [education.licenseClass]),
            ),
            education.version,
            [education.id],
          ),
        });
      }
      return { status: 200, body };
    },

    /**
     * One subcategory's questions for a class with their answers and the student's state (of
     * the student's education of that class, if any; its catalogue version, else the newest).
     */
    async getStudentThemeLoopDetails(request) {
      const auth = requireAuth(request);
      const studentId = Number(request.params.studentId);
      await requireStudent(auth, studentId);
      const number = String(request.params.subCategoryOfficialNumber);
      const licenseClass = String(request.params.licenceClass) as Schemas['LicenseClass'];
      const [chapter] = await db
        .select()
        .from(theoryChapters)
        .where(
          and(
            eq(theoryChapters.drivingSchoolId, auth.drivingSchoolId),
            eq(theoryChapters.officialNumber, number),
          ),
        );
      if (!chapter || depth(number) !== 3) throw notFound();
      const [education] = await db
        .select({ id: studentEducations.id, version: studentEducations.theoryQuestionsVersion })
        .from(studentEducations)
        .where(
          and(
            eq(studentEducations.drivingSchoolId, auth.drivingSchoolId),
            eq(studentEducations.studentId, studentId),
            eq(studentEducations.licenseClass, licenseClass),
          ),
        )
        .orderBy(asc(studentEducations.archived), desc(studentEducations.id))
        .limit(1);
      const version = education?.version ?? (await newestVersion(auth));
      const questions = version
        ? await loadQuestions(
            auth,
            and(questionsOfClass(auth, version, licenseClass), eq(theoryQuestions.chapter, number)),
          )
        : [];
      const states = education
        ? await studentStates(
            auth,
            education.id,
            questions.map(({ question }) => question.id),
          )
        : undefined;
      const full = questions.map(
        ({ question, answers }) =>
          withoutNulls({
            ...questionBody(question, answers),
            studentState: states?.get(question.id),
          }) as Schemas['TheoryQuestion'],
      );
      return {
        status: 200,
        body: withoutNulls({
          officialNumber: chapter.officialNumber,
          name: chapter.name,
          licenseClass,
          detailsUrl: chapter.detailsUrl,
          questions: full,
        }),
      };
    },

    /** The body is the URL as plain text. */
    async updateThemeLoopDetails(request) {
      const auth = requireAuth(request);
      const number = String(request.params.subCategoryNumber);
      if (depth(number) !== 3) throw notFound();
      const url = String(request.body ?? '').trim();
      if (!validUrl(url)) throw fieldError('body', 'validation.url', 'Not an http(s) address.');
      const [row] = await db
        .update(theoryChapters)
        .set({ detailsUrl: url })
        .where(
          and(
            eq(theoryChapters.drivingSchoolId, auth.drivingSchoolId),
            eq(theoryChapters.officialNumber, number),
          ),
        )
        .returning();
      if (!row) throw notFound();
      const counts = await questionCounts(db, auth, [row.officialNumber]);
      return {
        status: 200,
        body: withoutNulls({
          officialNumber: row.officialNumber,
          name: row.name,
          detailsUrl: row.detailsUrl,
          questionCount: counts.get(row.officialNumber) ?? 0,
        }) as Schemas['ThemeLoopSubcategory'],
      };
    },

    /** A book's table of contents: its chapters and pages in order. */
    async getKnowledgeBook(request) {
      const auth = requireAuth(request);
      const bookId = Number(request.params.bookId);
      const title = KNOWLEDGE_BOOK_TITLES[bookId];
      if (!title) throw notFound();
      const pages = await db
        .select({
          id: knowledgeBookPages.id,
          title: knowledgeBookPages.title,
          chapterTitle: knowledgeBookPages.chapterTitle,
          chapterPosition: knowledgeBookPages.chapterPosition,
        })
        .from(knowledgeBookPages)
        .where(
          and(
            eq(knowledgeBookPages.drivingSchoolId, auth.drivingSchoolId),
            eq(knowledgeBookPages.bookId, bookId),
          ),
        )
        .orderBy(
          asc(knowledgeBookPages.chapterPosition),
          asc(knowledgeBookPages.position),
          asc(knowledgeBookPages.id),
        );
      const chapters: Schemas['KnowledgeBookChapter'][] = [];
      let position: number | undefined;
      for (const page of pages) {
        if (page.chapterPosition !== position) {
          position = page.chapterPosition;
          chapters.push({ title: page.chapterTitle, pages: [] });
        }
        chapters.at(-1)?.pages.push({ id: page.id, title: page.title });
      }
      return { status: 200, body: { id: bookId, title, chapters } };
    },

    /** Answer statistics: the last answer of each question counts (spec 001 §3). */
    async getLearningStats(request) {
      const auth = requireAuth(request);
      const education = await loadEducation(db, auth, Number(request.query.studentEducationId));
      const [questions] = await db
        .select({ n: count() })
        .from(theoryQuestions)
        .where(questionsOfClass(auth, education.questionsVersion, education.licenseClass));
      const latest = latestAnswers(db, answersOf(auth, education.id));
      const [answers] = await db
        .select({
          answered: count(),
          correct: sql<number>`count(*) filter (where ${latest.correct})`,
          lastActivityAt: max(latest.answeredAt),
        })
        .from(latest);
      const [preExams] = await db
        .select({
          finished: sql<number>`count(*) filter (where ${theoryPreExams.finishedAt} is not null)`,
          passed: sql<number>`count(*) filter (where ${theoryPreExams.passed})`,
        })
        .from(theoryPreExams)
        .where(
          and(
            eq(theoryPreExams.drivingSchoolId, auth.drivingSchoolId),
            eq(theoryPreExams.studentEducationId, education.id),
          ),
        );
      const questionCount = cap(questions?.n);
      const correctCount = cap(answers?.correct);
      return {
        status: 200,
        body: withoutNulls({
          studentEducationId: education.id,
          questionCount,
          answeredCount: cap(answers?.answered),
          correctCount,
          wrongCount: cap(Number(answers?.answered ?? 0) - Number(answers?.correct ?? 0)),
          progress:
            questionCount === 0
              ? 0
              : Math.min(100, Math.round((correctCount / questionCount) * 10000) / 100),
          preExamCount: cap(preExams?.finished),
          preExamsPassed: cap(preExams?.passed),
          lastActivityAt: iso(answers?.lastActivityAt),
        }),
      };
    },

    /** Minutes and answers per day over the last 366 days (Europe/Berlin days). */
    async getLearningMetrics(request) {
      const auth = requireAuth(request);
      const education = await loadEducation(db, auth, Number(request.query.studentEducationId));
      const day = sql<string>`to_char(${studentQuestionAnswers.answeredAt} at time zone 'Europe/Berlin', 'YYYY-MM-DD')`;
      const since = new Date(`${addDays(berlinToday(), -365)}T00:00:00Z`);
      const days = await db
        .select({
          date: day,
          answeredCount: count(),
          correctCount: sql<number>`count(*) filter (where ${studentQuestionAnswers.correct})`,
          seconds: sql<number>`coalesce(sum(${studentQuestionAnswers.seconds}), 0)`,
        })
        .from(studentQuestionAnswers)
        .where(and(answersOf(auth, education.id), gte(studentQuestionAnswers.answeredAt, since)))
        .groupBy(day)
        .orderBy(day);
      const [total] = await db
        .select({
          seconds: sql<number>`coalesce(sum(${studentQuestionAnswers.seconds}), 0)`,
          activeDays: sql<number>`count(distinct (${studentQuestionAnswers.answeredAt} at time zone 'Europe/Berlin')::date)`,
        })
        .from(studentQuestionAnswers)
        .where(answersOf(auth, education.id));
      return {
        status: 200,
        body: {
          studentEducationId: education.id,
          totalMinutes: cap(Math.round(Number(total?.seconds ?? 0) / 60)),
          activeDays: cap(total?.activeDays),
          days: days.slice(-366).map((row) => ({
            date: row.date,
            answeredCount: cap(row.answeredCount),
            correctCount: cap(row.correctCount),
            minutes: Math.min(1440, Math.round(Number(row.seconds) / 60)),
          })),
        },
      };
    },

    /** 204 when the student never answered the question wrong. */
    async getLastWrongAnswer(request) {
      const auth = requireAuth(request);
      const studentId = Number(request.params.studentId);
      const theoryQuestionId = Number(request.params.theoryQuestionId);
      const [student] = await db
        .select({ id: students.id })
        .from(students)
        .where(and(eq(students.drivingSchoolId, auth.drivingSchoolId), eq(students.id, studentId)));
      if (!student) throw notFound();
      const [row] = await db
        .select()
        .from(studentQuestionAnswers)
        .where(
          and(
            eq(studentQuestionAnswers.drivingSchoolId, auth.drivingSchoolId),
            eq(studentQuestionAnswers.studentId, studentId),
            eq(studentQuestionAnswers.theoryQuestionId, theoryQuestionId),
            eq(studentQuestionAnswers.correct, false),
          ),
        )
        .orderBy(desc(studentQuestionAnswers.answeredAt), desc(studentQuestionAnswers.id))
        .limit(1);
      if (!row) return { status: 204 };
      return {
        status: 200,
        body: withoutNulls({
          studentId: row.studentId,
          theoryQuestionId: row.theoryQuestionId,
          studentEducationId: row.studentEducationId,
          answeredAt: iso(row.answeredAt),
          chosenAnswerIds: row.chosenAnswerIds.slice(0, 5),
          numericValue: row.numericValue,
        }),
      };
    },

    /**
     * Deletes the education's answers and moves it to the school's newest catalogue version;
     * finished pre-exams stay as history.
     */
    async resetQuestionAnswers(request) {
      const auth = requireAuth(request);
      const education = await loadEducation(db, auth, Number(request.query.studentEducationId));
      const [newest] = await db
        .select({ version: max(theoryQuestions.questionsVersion) })
        .from(theoryQuestions)
        .where(eq(theoryQuestions.drivingSchoolId, auth.drivingSchoolId));
      await db.transaction(async (tx) => {
        await tx.delete(studentQuestionAnswers).where(answersOf(auth, education.id));
        if (newest?.version && newest.version !== education.questionsVersion) {
          await tx
            .update(studentEducations)
            .set({ theoryQuestionsVersion: newest.version })
            .where(
              and(
                eq(studentEducations.drivingSchoolId, auth.drivingSchoolId),
                eq(studentEducations.id, education.id),
              ),
            );
        }
      });
      return { status: 204 };
    },
  });
}
