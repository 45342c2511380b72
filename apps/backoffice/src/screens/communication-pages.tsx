import { BroadcastsScreen, BroadcastTemplatesScreen } from '@fahrwerk/broadcasts';
import {
  EMAIL_TEMPLATES_SECTIONS,
  EmailTemplatesScreen,
  type EmailTemplatesSection,
} from '@fahrwerk/mail-templates';
import {
  AutomaticMessagesScreen,
  MessageTemplatesScreen,
  MessagingScreen,
} from '@fahrwerk/messaging';
import { type PulseEntry, PulseScreen } from '@fahrwerk/pulse';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { Pages } from './screens';

/*
 * Communication beyond the mailbox (issue 15): broadcasts and their templates, messages to
 * students with their templates and the automatic messages, and the pulse.
 * `communication.<name>` in the route table.
 */

/**
 * `/email-templates`: templates, template groups, placeholders — the sidebar's three mail
 * entries open it with `?section=templates|categories|placeholders`; the tab stays in the URL.
 */
function EmailTemplatesPage() {
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { section?: unknown };
  const section = EMAIL_TEMPLATES_SECTIONS.includes(search.section as EmailTemplatesSection)
    ? (search.section as EmailTemplatesSection)
    : 'templates';
  return (
    <EmailTemplatesScreen
      section={section}
      onSectionChange={(next) =>
        navigate({ href: `/email-templates?section=${next}`, replace: true })
      }
    />
  );
}

function BroadcastsPage() {
  return <BroadcastsScreen />;
}

/** Where a pulse entry leads: the student record, the mailbox, the registrations. */
function linkOf(entry: PulseEntry): string | null {
  if (entry.kind === 'REGISTRATION') return '/registration';
  if (entry.kind === 'EMAIL_RECEIVED') return '/email';
  if (entry.studentId !== undefined) return `/students/edit/${entry.studentId}`;
  return null;
}

function PulsePage() {
  const navigate = useNavigate();
  return (
    <PulseScreen
      onOpen={(entry) => {
        const href = linkOf(entry);
        if (href) void navigate({ href });
      }}
    />
  );
}

export const COMMUNICATION_PAGES = {
  emailTemplates: EmailTemplatesPage,
  broadcasts: BroadcastsPage,
  broadcastTemplates: BroadcastTemplatesScreen,
  messaging: () => <MessagingScreen />,
  messageTemplates: MessageTemplatesScreen,
  automaticMessages: AutomaticMessagesScreen,
  pulse: PulsePage,
} satisfies Pages;
