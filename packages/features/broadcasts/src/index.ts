export { BroadcastDetailScreen, type BroadcastDetailScreenProps } from './broadcast-detail-screen';
export { BroadcastTemplatesScreen } from './broadcast-templates-screen';
export { BroadcastsScreen, type BroadcastsScreenProps } from './broadcasts-screen';
export { BROADCASTS_NAMESPACE, registerBroadcastsTexts } from './i18n';
