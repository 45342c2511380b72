import { PublicRegistrationScreen, RegistrationsScreen } from '@fahrwerk/registrations';
import { useNavigate, useParams } from '@tanstack/react-router';
import type { Screen } from './screens';

function RegistrationInboxPage() {
  const navigate = useNavigate();
  return <RegistrationsScreen onOpenStudent={(id) => navigate({ href: `/students/edit/${id}` })} />;
}

function PublicRegistrationPage() {
  const { token } = useParams({ strict: false }) as { token: string };
  return <PublicRegistrationScreen token={token} />;
}

/** The pages of the registration inbox and the public registration page (issue 4), by route path of the route table. */
export const REGISTRATION_PAGES: Record<string, Screen> = {
  '/registration': RegistrationInboxPage,
  '/register/{token}': PublicRegistrationPage,
};
