export {
  DEFAULT_EDITOR_HEIGHT,
  TEMPLATE_FONT_FAMILY,
} from './components/editor-extensions';
export {
  RichTextEditor,
  type RichTextEditorProps,
} from './components/rich-text-editor';
export { TemplatePreview, type TemplatePreviewProps } from './components/template-preview';
export {
  EMAIL_TEMPLATES_SECTIONS,
  EmailTemplatesScreen,
  type EmailTemplatesScreenProps,
  type EmailTemplatesSection,
} from './email-templates-screen';
export { MAIL_TEMPLATES_NAMESPACE, registerMailTemplatesTexts } from './i18n';
export {
  type EmailPlaceholder,
  fillExample,
  fillSubjectExample,
  placeholdersToChips,
  placeholderToken,
} from './lib/placeholder-html';
