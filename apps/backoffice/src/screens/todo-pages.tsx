import { TodosScreen } from '@fahrwerk/todos';
import { useNavigate } from '@tanstack/react-router';
import type { Screen } from './screens';

function TodoPage() {
  const navigate = useNavigate();
  return <TodosScreen onOpenStudent={(id) => navigate({ href: `/students/edit/${id}` })} />;
}

/** The pages of to-dos (issue 4), by route path of the route table. */
export const TODO_PAGES: Record<string, Screen> = {
  '/todo': TodoPage,
};
