export {
  ConfigurationScreen,
  type ConfigurationScreenProps,
  type ConfigurationTab,
} from './configuration-screen';
export { registerSettingsTexts, SETTINGS_NAMESPACE } from './i18n';
export { MasterDataScreen } from './master-data-screen';
export { MyMailAccountsScreen, type MyMailAccountsScreenProps } from './my-mail-accounts-screen';
