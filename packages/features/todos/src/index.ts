export { registerTodosTexts, TODOS_NAMESPACE } from './i18n';
export { TodosScreen, type TodosScreenProps } from './todos-screen';
