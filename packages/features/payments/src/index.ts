export type { PaymentWorkflow } from './api/payment-workflow-queries';
export {
  AutomaticPaymentTriggersScreen,
  type AutomaticPaymentTriggersScreenProps,
} from './automatic-payment-triggers-screen';
export { BalancePanel, type BalancePanelProps } from './balance-panel';
export { PAYMENTS_NAMESPACE, registerPaymentsTexts } from './i18n';
export type { MandateEducation } from './mandate-education';
export {
  MandateSetupResultScreen,
  type MandateSetupResultScreenProps,
} from './mandate-setup-result-screen';
export { MandatesPanel, type MandatesPanelProps } from './mandates-panel';
export { PaymentWorkflowScreen, type PaymentWorkflowScreenProps } from './payment-workflow-screen';
export {
  PaymentsOverviewScreen,
  type PaymentsOverviewScreenProps,
} from './payments-overview-screen';
export {
  PublicMandateFormScreen,
  type PublicMandateFormScreenProps,
} from './public-mandate-form-screen';
export { StudentPaymentsPanel, type StudentPaymentsPanelProps } from './student-payments-panel';
