export { CourseFormDialog, type CourseFormDialogProps } from './components/course-form-dialog';
export { registerTheoryTexts, THEORY_NAMESPACE } from './i18n';
export { TheoryCourseScreen, type TheoryCourseScreenProps } from './theory-course-screen';
export { TheoryCoursesScreen, type TheoryCoursesScreenProps } from './theory-courses-screen';
