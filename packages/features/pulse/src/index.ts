export type { PulseEntry } from './api/pulse-queries';
export { PULSE_NAMESPACE, registerPulseTexts } from './i18n';
export { PulseScreen, type PulseScreenProps } from './pulse-screen';
