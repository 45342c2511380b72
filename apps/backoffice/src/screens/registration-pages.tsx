import { PublicRegistrationScreen, RegistrationsScreen } from '@fahrwerk/registrations';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { Pages, PathParams } from './screens';

function RegistrationInboxPage() {
  const navigate = useNavigate();
  return <RegistrationsScreen onOpenStudent={(id) => navigate({ href: `/students/edit/${id}` })} />;
}

function PublicRegistrationPage({ params }: { params: PathParams<'/register/{token}'> }) {
  // The school's links add `?fastlane=1` (intensive courses only) or `?klasse=B`.
  const search = useSearch({ strict: false }) as { fastlane?: unknown; klasse?: unknown };
  const preset = {
    fastlane: String(search.fastlane) === '1' || search.fastlane === true,
    ...(typeof search.klasse === 'string' ? { licenseClass: search.klasse } : {}),
  };
  return <PublicRegistrationScreen token={params.token} preset={preset} />;
}

/** The pages of the registration inbox and the public registration page (issue 4): `registrations.<name>` in the route table. */
export const REGISTRATION_PAGES = {
  inbox: RegistrationInboxPage,
  public: PublicRegistrationPage,
} satisfies Pages;
