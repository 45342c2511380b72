export { REGISTRATIONS_NAMESPACE, registerRegistrationsTexts } from './i18n';
