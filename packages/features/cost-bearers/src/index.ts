export { COST_BEARERS_NAMESPACE, registerCostBearersTexts } from './i18n';
