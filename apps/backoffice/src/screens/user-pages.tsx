import { InstructorsScreen, RolesScreen, UserFormScreen } from '@fahrwerk/users';
import { useNavigate, useParams } from '@tanstack/react-router';
import type { Screen } from './screens';

function InstructorsPage() {
  const navigate = useNavigate();
  return (
    <InstructorsScreen
      onCreate={() => navigate({ href: '/instructors/create' })}
      onOpenUser={(id) => navigate({ href: `/instructors/edit/${id}` })}
    />
  );
}

function CreateInstructorPage() {
  const navigate = useNavigate();
  return (
    <UserFormScreen
      onSaved={(user) => navigate({ href: `/instructors/edit/${user.id}`, replace: true })}
      onCancel={() => navigate({ href: '/instructors' })}
    />
  );
}

function EditInstructorPage() {
  const navigate = useNavigate();
  const { id } = useParams({ strict: false }) as { id?: string };
  const userId = Number(id);
  return (
    <UserFormScreen
      userId={Number.isInteger(userId) && userId > 0 ? userId : null}
      onSaved={() => undefined}
      onCancel={() => navigate({ href: '/instructors' })}
    />
  );
}

/** The pages of instructors (users) and roles (issue 5), by route path of the route table. */
export const USER_PAGES: Record<string, Screen> = {
  '/instructors': InstructorsPage,
  '/instructors/create': CreateInstructorPage,
  '/instructors/edit/{id}': EditInstructorPage,
  '/roles': RolesScreen,
};
