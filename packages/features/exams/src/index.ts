export {
  DEADLINE_WARNING_DAYS,
  type DeadlineState,
  daysUntil,
  deadlineState,
  practicalExamDeadline,
} from './deadline-state';
export { EXAM_RESOURCE, EXAM_ROUTE, type ExamKind } from './exam-kind';
export { ExamScreen, type ExamScreenProps } from './exam-screen';
export { EXAM_STATUSES, nextStatuses, PROTOCOL_MAX_BYTES } from './exam-status';
export { ExamsScreen, type ExamsScreenProps } from './exams-screen';
export { EXAMS_NAMESPACE, registerExamsTexts } from './i18n';
export { PreExamScreen, type PreExamScreenProps } from './pre-exam-screen';
export { StudentExamsPanel, type StudentExamsPanelProps } from './student-exams-panel';
