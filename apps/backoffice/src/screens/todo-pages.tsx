import { TodosScreen } from '@fahrwerk/todos';
import { useNavigate } from '@tanstack/react-router';
import type { Pages } from './screens';

function TodoPage() {
  const navigate = useNavigate();
  return <TodosScreen onOpenStudent={(id) => navigate({ href: `/students/edit/${id}` })} />;
}

/** The pages of to-dos (issue 4): `todos.<name>` in the route table. */
export const TODO_PAGES = {
  list: TodoPage,
} satisfies Pages;
