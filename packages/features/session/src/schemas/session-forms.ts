import { isPasswordValid } from '@fahrwerk/ui';
import { z } from 'zod';

/** Messages are translation keys of the `session` namespace. */
export const signInSchema = z.object({
  email: z.string().trim().min(1, 'validation.email_required').email('validation.email_invalid'),
  password: z.string().min(1, 'validation.password_required'),
});
export type SignInForm = z.infer<typeof signInSchema>;

export const forgotPasswordSchema = z.object({
  email: z.string().trim().min(1, 'validation.email_required').email('validation.email_invalid'),
});
export type ForgotPasswordForm = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({
    password: z.string().refine(isPasswordValid, 'validation.password_rule'),
    confirmation: z.string().min(1, 'validation.confirmation_required'),
  })
  .refine((form) => form.password === form.confirmation, {
    path: ['confirmation'],
    message: 'validation.passwords_differ',
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordSchema>;
