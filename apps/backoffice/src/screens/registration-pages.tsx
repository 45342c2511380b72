import { PublicRegistrationScreen, RegistrationsScreen } from '@fahrwerk/registrations';
import { useNavigate } from '@tanstack/react-router';
import type { Pages, PathParams } from './screens';

function RegistrationInboxPage() {
  const navigate = useNavigate();
  return <RegistrationsScreen onOpenStudent={(id) => navigate({ href: `/students/edit/${id}` })} />;
}

function PublicRegistrationPage({ params }: { params: PathParams<'/register/{token}'> }) {
  return <PublicRegistrationScreen token={params.token} />;
}

/** The pages of the registration inbox and the public registration page (issue 4): `registrations.<name>` in the route table. */
export const REGISTRATION_PAGES = {
  inbox: RegistrationInboxPage,
  public: PublicRegistrationPage,
} satisfies Pages;
