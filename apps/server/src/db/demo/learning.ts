import { and, eq, inArray } from 'drizzle-orm';
import { importKnowledgeBooks } from '../../modules/learning/knowledge-books';
import {
  checkQuestionSets,
  importQuestionSets,
  loadShippedQuestionSets,
} from '../../modules/learning/question-set';
import { studentEducations } from '../schema';
import type { DemoContext } from './context';

/*
 * The learning area's part of the demo school: the shipped question set
 * ("Fahrwerk-Übungsfragen", modules/learning/question-set) with its chapters and explanations.
 * Every education learns with the catalogue version of its start (people.ts), and the
 * learning area counts and asks the questions of that version; so the set is loaded under its
 * own version and under every version a registered or training education uses — the same
 * texts in each — and every student still learning has questions to practise (finished and
 * cancelled educations' older versions are left out: they cost time and nobody practises
 * there). The knowledge books (59, 60, 61) get the shipped pages
 * (modules/learning/knowledge-books). The demo writes no students' answers or pre-exams. About 1,200 rows per version,
 * batched by the importer; deterministic.
 */
export async function seedLearning(context: DemoContext): Promise<Record<string, number>> {
  const { db, schoolId, log } = context;
  const files = loadShippedQuestionSets();
  const own = new Set(checkQuestionSets(files).map((set) => set.catalogueVersion));
  const used = await db
    .selectDistinct({ version: studentEducations.theoryQuestionsVersion })
    .from(studentEducations)
    .where(
      and(
        eq(studentEducations.drivingSchoolId, schoolId),
        inArray(studentEducations.status, ['REGISTERED', 'IN_TRAINING']),
      ),
    );
  const versions = [...new Set([...own, ...used.map((row) => row.version)])].sort();
  const counts = {
    theory_chapters: 0,
    theory_questions: 0,
    theory_answers: 0,
    question_explanations: 0,
    knowledge_book_pages: 0,
  };
  for (const version of versions) {
    const written = await importQuestionSets(
      db,
      schoolId,
      files,
      own.has(version) ? {} : { catalogueVersion: version },
    );
    counts.theory_chapters += written.chaptersAdded;
    counts.theory_questions += written.questionsInserted;
    counts.theory_answers += written.answers;
    counts.question_explanations += written.explanationsAdded;
  }
  const pages = await importKnowledgeBooks(db, schoolId);
  counts.knowledge_book_pages = Object.values(pages).reduce((sum, n) => sum + n, 0);
  log(
    `demo: learning — ${counts.knowledge_book_pages} knowledge-book pages, ${counts.theory_questions} questions in ${versions.length} catalogue versions (${versions.join(', ')})`,
  );
  return counts;
}
