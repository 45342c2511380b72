export { registerSettingsTexts, SETTINGS_NAMESPACE } from './i18n';
