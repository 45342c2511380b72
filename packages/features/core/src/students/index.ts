export { useStudentEducations, useStudentPicker } from './student-queries';
export { useDebounced } from './use-debounced';
