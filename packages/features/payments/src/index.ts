export type { PaymentWorkflow } from './api/payment-workflow-queries';
export {
  AutomaticPaymentTriggersScreen,
  type AutomaticPaymentTriggersScreenProps,
} from './automatic-payment-triggers-screen';
export { PAYMENTS_NAMESPACE, registerPaymentsTexts } from './i18n';
export { PaymentWorkflowScreen, type PaymentWorkflowScreenProps } from './payment-workflow-screen';
export {
  PaymentsOverviewScreen,
  type PaymentsOverviewScreenProps,
} from './payments-overview-screen';
