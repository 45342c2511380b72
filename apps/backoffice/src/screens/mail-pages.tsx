import { MAILBOX_FOLDERS, type MailboxFolder, MailboxScreen } from '@fahrwerk/mailbox';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useSession } from '../use-app';
import type { Pages } from './screens';

const isFolder = (value: unknown): value is MailboxFolder =>
  MAILBOX_FOLDERS.includes(value as MailboxFolder);

/**
 * `/email`: the mailbox of the signed-in user. The sidebar opens it with `?folder=inbox`,
 * `outbox` or `all`, and "Neue E-Mail" with `?compose=new`; the folder stays in the address.
 */
function MailboxPage() {
  const session = useSession();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { folder?: unknown; compose?: unknown };
  if (!session) return null;
  const folder = isFolder(search.folder) ? search.folder : 'inbox';
  return (
    <MailboxScreen
      userId={session.user.id}
      folder={folder}
      onFolderChange={(next) => navigate({ href: `/email?folder=${next}` })}
      compose={search.compose === 'new'}
      onComposeClose={() => navigate({ href: `/email?folder=${folder}`, replace: true })}
    />
  );
}

/** The mailbox (issue: mailbox): `mail.<name>` in the route table. */
export const MAIL_PAGES = {
  mailbox: MailboxPage,
} satisfies Pages;
