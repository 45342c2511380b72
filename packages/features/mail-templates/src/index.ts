export {
  RichTextEditor,
  type RichTextEditorProps,
} from './components/rich-text-editor';
export { MAIL_TEMPLATES_NAMESPACE, registerMailTemplatesTexts } from './i18n';
export {
  type EmailPlaceholder,
  fillExample,
  fillSubjectExample,
  placeholdersToChips,
  placeholderToken,
} from './lib/placeholder-html';
