import type { components } from '@fahrwerk/api/schema';
import { and, arrayContains, asc, count, desc, eq, gte, inArray, max, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  knowledgeBookPages,
  questionExplanations,
  studentEducations,
  studentQuestionAnswers,
  students,
  theoryChapters,
  theoryPreExams,
  theoryQuestions,
} from '../../db/schema';
import { type AuthContext, requireAuth } from '../../http/auth';
import { fieldError, notFound } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
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

  return handlers({
    async getQuestionExplanationsLastModified(request) {
      const auth = requireAuth(request);
      const [row] = await db
        .select({ lastModified: max(questionExplanations.updatedAt) })
        .from(questionExplanations)
        .where(eq(questionExplanations.drivingSchoolId, auth.drivingSchoolId));
      return { status: 200, body: withoutNulls({ lastModified: iso(row?.lastModified) }) };
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
      const latest = db
        .selectDistinctOn([studentQuestionAnswers.theoryQuestionId], {
          correct: studentQuestionAnswers.correct,
          answeredAt: studentQuestionAnswers.answeredAt,
        })
        .from(studentQuestionAnswers)
        .where(answersOf(auth, education.id))
        .orderBy(
          studentQuestionAnswers.theoryQuestionId,
          desc(studentQuestionAnswers.answeredAt),
          desc(studentQuestionAnswers.id),
        )
        .as('latest');
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
