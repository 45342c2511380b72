export { CourseFormDialog, type CourseFormDialogProps } from './components/course-form-dialog';
export {
  type BookingCandidate,
  LessonBookingDialog,
  type LessonBookingDialogProps,
} from './components/lesson-booking-dialog';
export { registerTheoryTexts, THEORY_NAMESPACE } from './i18n';
export { type ProgressSummary, summarizeProgress } from './progress';
export { StudentTheoryPanel, type StudentTheoryPanelProps } from './student-theory-panel';
export { TheoryCourseScreen, type TheoryCourseScreenProps } from './theory-course-screen';
export { TheoryCoursesScreen, type TheoryCoursesScreenProps } from './theory-courses-screen';
export {
  UpcomingTheoryCoursesWidget,
  type UpcomingTheoryCoursesWidgetProps,
} from './upcoming-theory-courses-widget';
