import {
  BookMirrorScreen,
  type KnowledgeBookId,
  KnowledgeBookScreen,
  LearningModeScreen,
  LessonDashboardScreen,
  QuestionTutorScreen,
  ThemeLoopScreen,
} from '@fahrwerk/learning';
import { Button } from '@fahrwerk/ui';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Pages } from './screens';

/*
 * The learning area (issue: learning mode and question tutor): `learning.<name>` in the route
 * table. Both pages keep the chosen education in the URL as `?studentEducationId=`, so a link
 * (from the student record, from each other) opens it and a reload keeps it. The knowledge
 * books keep the open page as `?page=`, the theme loop the chosen student as `?studentId=`.
 */

/** A positive whole id from a search parameter, or undefined. */
function idOf(value: unknown): number | undefined {
  const id = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

function useEducationInUrl(path: '/lms' | '/lms-question-tutor') {
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { studentEducationId?: unknown };
  return {
    studentEducationId: idOf(search.studentEducationId),
    onStudentEducationChange: (id: number | null) =>
      void navigate({
        href: id === null ? path : `${path}?studentEducationId=${id}`,
        replace: true,
      }),
    open: (to: '/lms' | '/lms-question-tutor', id: number) =>
      void navigate({ href: `${to}?studentEducationId=${id}` }),
  };
}

/** `/lms`: the learning mode of a student's education. */
function LearningModePage() {
  const { open, ...education } = useEducationInUrl('/lms');
  return (
    <LearningModeScreen {...education} onOpenTutor={(id) => open('/lms-question-tutor', id)} />
  );
}

/** `/lms-question-tutor`: the questions a student last answered wrong, and the learning time. */
function QuestionTutorPage() {
  const { open, ...education } = useEducationInUrl('/lms-question-tutor');
  return <QuestionTutorScreen {...education} onOpenLearningMode={(id) => open('/lms', id)} />;
}

/**
 * Opens (or brings forward) the mirror-book window on the page given. The window is named, so
 * a second press reuses it; it is opened without `noopener`, so it shares this tab's session.
 */
function openBookMirror(bookId: KnowledgeBookId, pageId?: number) {
  const query = pageId === undefined ? `?book=${bookId}` : `?book=${bookId}&page=${pageId}`;
  window.open(`/book-mirror${query}`, 'fahrwerk-book-mirror')?.focus();
}

type BookPath = '/base-knowledge' | '/additional-knowledge-a' | '/additional-knowledge-b';

/** A knowledge book on its route, the open page kept in the URL as `?page=`. */
function KnowledgeBookPage({ bookId, path }: { bookId: KnowledgeBookId; path: BookPath }) {
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { page?: unknown };
  return (
    <KnowledgeBookScreen
      bookId={bookId}
      pageId={idOf(search.page)}
      onOpenPage={(pageId) => void navigate({ href: `${path}?page=${pageId}` })}
      onOpenMirror={openBookMirror}
    />
  );
}

/** `/base-knowledge`: Basiswissen (book 59). */
function BaseKnowledgePage() {
  return <KnowledgeBookPage bookId={59} path="/base-knowledge" />;
}

/** `/additional-knowledge-b`: Zusatzwissen Klasse B (book 60). */
function AdditionalKnowledgeBPage() {
  return <KnowledgeBookPage bookId={60} path="/additional-knowledge-b" />;
}

/** `/additional-knowledge-a`: Zusatzwissen Klasse A (book 61). */
function AdditionalKnowledgeAPage() {
  return <KnowledgeBookPage bookId={61} path="/additional-knowledge-a" />;
}

/** `/lms-theme-loop`: the theme-loop catalogue, or a student's progress per subcategory. */
function ThemeLoopPage() {
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { studentId?: unknown };
  return (
    <ThemeLoopScreen
      studentId={idOf(search.studentId)}
      onStudentChange={(id) =>
        void navigate({
          href: id === null ? '/lms-theme-loop' : `/lms-theme-loop?studentId=${id}`,
          replace: true,
        })
      }
    />
  );
}

/** `/unterricht`: the lesson dashboard, with the mirror book for the projector at hand. */
function LessonDashboardPage() {
  const { t } = useTranslation('backoffice');
  return (
    <LessonDashboardScreen
      actions={
        <Button variant="secondary" onPress={() => openBookMirror(59)}>
          {t('learning.openBookMirror')}
        </Button>
      }
    />
  );
}

const isBookId = (id: number | undefined): id is KnowledgeBookId =>
  id === 59 || id === 60 || id === 61;

/** `/book-mirror`: one knowledge-book page, large, following the book opened in this browser. */
function BookMirrorPage() {
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { book?: unknown; page?: unknown };
  const book = idOf(search.book);
  return (
    <BookMirrorScreen
      bookId={isBookId(book) ? book : 59}
      pageId={idOf(search.page)}
      onPageChange={(page) =>
        void navigate({
          href: `/book-mirror?book=${page.bookId}&page=${page.pageId}`,
          replace: true,
        })
      }
    />
  );
}

export const LEARNING_PAGES = {
  mode: LearningModePage,
  tutor: QuestionTutorPage,
  baseKnowledge: BaseKnowledgePage,
  additionalKnowledgeB: AdditionalKnowledgeBPage,
  additionalKnowledgeA: AdditionalKnowledgeAPage,
  themeLoop: ThemeLoopPage,
  lessonDashboard: LessonDashboardPage,
  bookMirror: BookMirrorPage,
} satisfies Pages;
