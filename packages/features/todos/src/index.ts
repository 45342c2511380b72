export { registerTodosTexts, TODOS_NAMESPACE } from './i18n';
