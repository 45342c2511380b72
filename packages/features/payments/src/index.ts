export { PAYMENTS_NAMESPACE, registerPaymentsTexts } from './i18n';
