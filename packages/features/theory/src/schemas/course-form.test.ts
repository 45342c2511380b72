import { expect, test } from 'vitest';
import { courseFormSchema, emptyCourseForm, formToCourseInput } from './course-form';

const messages = (value: unknown) => {
  const result = courseFormSchema.safeParse(value);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

test('an empty course names every missing field', () => {
  expect(messages({ ...emptyCourseForm(), quantity: null })).toEqual({
    shortDescription: 'courseForm.errors.nameRequired',
    start: 'courseForm.errors.startRequired',
    end: 'courseForm.errors.endRequired',
    quantity: 'courseForm.errors.quantityRequired',
    branchId: 'courseForm.errors.branchRequired',
  });
});

const valid = {
  ...emptyCourseForm(),
  shortDescription: ' Intensivkurs Juli ',
  start: '2026-07-06',
  end: '2026-07-17',
  branchId: 1,
};

test('the end may not lie before the start; places are 1 to 500', () => {
  expect(messages({ ...valid, end: '2026-07-01' })).toEqual({
    end: 'courseForm.errors.endBeforeStart',
  });
  expect(messages({ ...valid, quantity: 0 })).toEqual({
    quantity: 'courseForm.errors.quantityRange',
  });
  expect(messages({ ...valid, quantity: 501 })).toEqual({
    quantity: 'courseForm.errors.quantityRange',
  });
  expect(messages(valid)).toEqual({});
});

test('the body leaves empty choices out (a PUT clears them) and trims the name', () => {
  expect(formToCourseInput(valid)).toEqual({
    shortDescription: 'Intensivkurs Juli',
    start: '2026-07-06',
    end: '2026-07-17',
    quantity: 20,
    branchId: 1,
    shownOnWebPage: false,
    showForOnboarding: false,
    licenseClasses: [],
  });
  expect(
    formToCourseInput({
      ...valid,
      teachingMaterialProductId: 4,
      basicFeeProductId: 5,
      instructorId: 3,
    }),
  ).toMatchObject({ teachingMaterialProductId: 4, basicFeeProductId: 5, instructorId: 3 });
});
