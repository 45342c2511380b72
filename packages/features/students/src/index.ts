export { registerStudentsTexts, STUDENTS_NAMESPACE } from './i18n';
