export type {
  CostBearer,
  CostBearerDocument,
  CostBearerNote,
} from './api/cost-bearer-queries';
export {
  CostBearerDetail,
  type CostBearerDetailProps,
  type CostBearerRecordTab,
  type CostBearerTab,
} from './cost-bearer-detail';
export {
  CostBearerQrUploadScreen,
  type CostBearerQrUploadScreenProps,
} from './cost-bearer-qr-upload-screen';
export {
  type CostBearerListFilter,
  CostBearersScreen,
  type CostBearersScreenProps,
} from './cost-bearers-screen';
export { COST_BEARERS_NAMESPACE, registerCostBearersTexts } from './i18n';
