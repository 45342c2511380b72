export { FLEET_NAMESPACE, registerFleetTexts } from './i18n';
