export { DocumentsInProcessingScreen } from './documents-in-processing-screen';
export { EducationEventsScreen, type EducationEventsScreenProps } from './education-events-screen';
export { registerStudentsTexts, STUDENTS_NAMESPACE } from './i18n';
export {
  type LearningLinks,
  LearnStatusPanel,
  LearnStatusScreen,
  type LearnStatusScreenProps,
} from './learn-status-screen';
export {
  LearningAppScreen,
  type LearningAppScreenProps,
  type LearningAppStatus,
  learningAppStatus,
} from './learning-app-screen';
export { QrUploadScreen, type QrUploadScreenProps } from './qr-upload-screen';
export type { StudentForm as StudentFormValues } from './schemas/student-form';
export { StudentCreateScreen, type StudentCreateScreenProps } from './student-create-screen';
export {
  StudentEditScreen,
  type StudentEditScreenProps,
  type StudentEditTab,
  type StudentRecordTab,
} from './student-edit-screen';
export {
  INITIAL_STUDENT_FILTER,
  type StudentListFilter,
  StudentListScreen,
  type StudentListScreenProps,
} from './student-list-screen';
