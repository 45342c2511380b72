export { QuestionCard, type QuestionCardProps } from './components/question-card';
export { LEARNING_NAMESPACE, registerLearningTexts } from './i18n';
export { LearningModeScreen, type LearningModeScreenProps } from './learning-mode-screen';
export { QuestionTutorScreen, type QuestionTutorScreenProps } from './question-tutor-screen';
