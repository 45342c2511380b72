export * from './booking';
export * from './calendar';
export { registerSchedulerTexts, SCHEDULER_NAMESPACE } from './i18n';
