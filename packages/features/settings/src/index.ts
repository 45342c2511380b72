export {
  ConfigurationScreen,
  type ConfigurationScreenProps,
  type ConfigurationTab,
} from './configuration-screen';
export { registerSettingsTexts, SETTINGS_NAMESPACE } from './i18n';
export { MasterDataScreen } from './master-data-screen';
export { MyMailAccountsScreen, type MyMailAccountsScreenProps } from './my-mail-accounts-screen';
export {
  OnboardingSuccessScreen,
  type OnboardingSuccessScreenProps,
} from './onboarding-success-screen';
export { SETUP_STEPS, type SetupStepId } from './setup-steps';
