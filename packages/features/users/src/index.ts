export { registerUsersTexts, USERS_NAMESPACE } from './i18n';
