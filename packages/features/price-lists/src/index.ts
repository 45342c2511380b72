export { PRICE_LISTS_NAMESPACE, registerPriceListsTexts } from './i18n';
export {
  PriceListEditorScreen,
  type PriceListEditorScreenProps,
} from './price-list-editor-screen';
export { PriceListsScreen, type PriceListsScreenProps } from './price-lists-screen';
export { ProductsScreen } from './products-screen';
