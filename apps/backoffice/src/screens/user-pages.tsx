import { InstructorsScreen, RolesScreen, UserFormScreen } from '@fahrwerk/users';
import { useNavigate } from '@tanstack/react-router';
import type { Pages, PathParams } from './screens';

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

function EditInstructorPage({ params }: { params: PathParams<'/instructors/edit/{id}'> }) {
  const navigate = useNavigate();
  const userId = Number(params.id);
  return (
    <UserFormScreen
      userId={Number.isInteger(userId) && userId > 0 ? userId : null}
      onSaved={() => undefined}
      onCancel={() => navigate({ href: '/instructors' })}
    />
  );
}

/** The pages of instructors (users) and roles (issue 5): `users.<name>` in the route table. */
export const USER_PAGES = {
  instructors: InstructorsPage,
  createInstructor: CreateInstructorPage,
  editInstructor: EditInstructorPage,
  roles: RolesScreen,
} satisfies Pages;
