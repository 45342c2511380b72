export { AuthCard, FormMessage } from './components/auth-card';
export { ForgotPasswordScreen, type ForgotPasswordScreenProps } from './forgot-password-screen';
export { registerSessionTexts, SESSION_NAMESPACE } from './i18n';
export { LoginScreen, type LoginScreenProps } from './login-screen';
export { ResetPasswordScreen, type ResetPasswordScreenProps } from './reset-password-screen';
export { SupportLoginScreen, type SupportLoginScreenProps } from './support-login-screen';
