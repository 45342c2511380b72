export { registerUsersTexts, USERS_NAMESPACE } from './i18n';
export { InstructorsScreen, type InstructorsScreenProps } from './instructors-screen';
export { RolesScreen } from './roles-screen';
export { UserFormScreen, type UserFormScreenProps } from './user-form-screen';
