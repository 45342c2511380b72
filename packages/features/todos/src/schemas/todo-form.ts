import { TODO_PRIORITIES, TODO_STATUSES } from '@fahrwerk/api';
import { z } from 'zod';
import type { Todo, TodoInput } from '../api/todo-queries';

/** The create/edit form of a to-do; messages are keys of this package's texts. */
export const todoFormSchema = z.object({
  title: z.string().trim().min(1, 'validation.title').max(200, 'validation.titleTooLong'),
  description: z.string().max(5000, 'validation.descriptionTooLong'),
  dueDate: z.string().nullable(),
  status: z.enum(TODO_STATUSES),
  priority: z.enum(TODO_PRIORITIES),
  group: z.string().nullable(),
  assigneeUserId: z.number().nullable(),
  studentId: z.number().nullable(),
});

export type TodoForm = z.infer<typeof todoFormSchema>;

export const emptyTodoForm = (): TodoForm => ({
  title: '',
  description: '',
  dueDate: null,
  status: 'OPEN',
  priority: 'NORMAL',
  group: null,
  assigneeUserId: null,
  studentId: null,
});

export const todoToForm = (todo: Todo): TodoForm => ({
  title: todo.title,
  description: todo.description ?? '',
  dueDate: todo.dueDate ?? null,
  status: todo.status,
  priority: todo.priority,
  group: todo.group ?? null,
  assigneeUserId: todo.assigneeUserId ?? null,
  studentId: todo.studentId ?? null,
});

/** The PUT replaces the whole to-do, so every field is sent; empty ones are left out (null). */
export function formToTodoInput(form: TodoForm): TodoInput {
  const input: TodoInput = {
    title: form.title.trim(),
    status: form.status,
    priority: form.priority,
  };
  if (form.description.trim()) input.description = form.description;
  if (form.dueDate) input.dueDate = form.dueDate;
  if (form.group) input.group = form.group;
  if (form.assigneeUserId !== null) input.assigneeUserId = form.assigneeUserId;
  if (form.studentId !== null) input.studentId = form.studentId;
  return input;
}
