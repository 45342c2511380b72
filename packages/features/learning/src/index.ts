export type { KnowledgeBookId } from './api/knowledge-queries';
export { BookMirrorScreen, type BookMirrorScreenProps } from './book-mirror-screen';
export { QuestionCard, type QuestionCardProps } from './components/question-card';
export { LEARNING_NAMESPACE, registerLearningTexts } from './i18n';
export { KnowledgeBookScreen, type KnowledgeBookScreenProps } from './knowledge-book-screen';
export { LearningModeScreen, type LearningModeScreenProps } from './learning-mode-screen';
export { LessonDashboardScreen, type LessonDashboardScreenProps } from './lesson-dashboard-screen';
export { QuestionTutorScreen, type QuestionTutorScreenProps } from './question-tutor-screen';
export { ThemeLoopScreen, type ThemeLoopScreenProps } from './theme-loop-screen';
