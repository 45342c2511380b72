export { REGISTRATIONS_NAMESPACE, registerRegistrationsTexts } from './i18n';
export {
  PublicRegistrationScreen,
  type PublicRegistrationScreenProps,
} from './public-registration-screen';
export { RegistrationsScreen, type RegistrationsScreenProps } from './registrations-screen';
