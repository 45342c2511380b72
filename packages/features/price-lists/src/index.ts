export { PRICE_LISTS_NAMESPACE, registerPriceListsTexts } from './i18n';
