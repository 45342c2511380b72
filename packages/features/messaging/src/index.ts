export { AutomaticMessagesScreen } from './automatic-messages-screen';
export { MESSAGING_NAMESPACE, registerMessagingTexts } from './i18n';
export { MessageTemplatesScreen } from './message-templates-screen';
export { MessagingScreen, type MessagingScreenProps } from './messaging-screen';
