import type { Meta, StoryObj } from '@storybook/react-vite';
import { CircleUser } from 'lucide-react';
import { expect, userEvent, within } from 'storybook/test';
import { AppShell } from './app-shell';
import { Button } from './button';
import { sampleSections } from './fixtures/navigation';
import { PageHeader } from './page-header';
import { Sidebar, type SidebarLinkProps } from './sidebar';
import { TabNav } from './tab-nav';

function StoryLink({
  item: _item,
  isActive: _isActive,
  href,
  children,
  ...props
}: SidebarLinkProps) {
  return (
    <a {...props} href={href} onClick={(event) => event.preventDefault()}>
      {children}
    </a>
  );
}

const meta = {
  title: 'Layout/AppShell',
  component: AppShell,
  parameters: { layout: 'fullscreen' },
  args: {
    sidebar: (
      <Sidebar
        sections={sampleSections}
        currentPath="/students"
        header={<span className="text-lg font-semibold tracking-tight">Fahrwerk</span>}
        renderLink={(props) => <StoryLink {...props} />}
      />
    ),
    topBar: (
      <>
        <TabNav
          aria-label="Bereich"
          className="self-end"
          activeId="fsc"
          items={[
            { id: 'fsc', label: 'Fahrschule', href: '/' },
            { id: 'lms', label: 'Lernbereich', href: '/lms' },
            { id: 'unterricht', label: 'Unterricht', href: '/unterricht' },
          ]}
          renderLink={({ item: _item, isActive: _isActive, href, children, ...props }) => (
            <a {...props} href={href} onClick={(event) => event.preventDefault()}>
              {children}
            </a>
          )}
        />
        <div className="ms-auto flex items-center gap-2 text-sm text-neutral-700">
          <CircleUser className="size-5" aria-hidden="true" />
          Maria Schmidt
        </div>
      </>
    ),
    children: (
      <>
        <PageHeader
          title="Schüler"
          description="Alle Schüler der Fahrschule."
          actions={<Button>Schüler anlegen</Button>}
        />
        <div className="rounded-[var(--radius-card)] border border-neutral-200 bg-white p-6 text-sm text-neutral-700">
          Inhalt der Seite.
        </div>
      </>
    ),
  },
} satisfies Meta<typeof AppShell>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** With and without a top bar; the sidebar collapsed. */
export const Catalog: Story = {
  args: {
    topBar: undefined,
    sidebar: (
      <Sidebar
        sections={sampleSections}
        currentPath="/vehicles"
        defaultCollapsed
        renderLink={(props) => <StoryLink {...props} />}
      />
    ),
  },
};

export const Landmarks: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
    await expect(canvas.getByRole('main')).toBeVisible();
    await expect(canvas.getByRole('banner')).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 1, name: 'Schüler' })).toBeVisible();
  },
};

export const SkipLink: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    const skip = canvas.getByRole('link', { name: 'Zum Inhalt springen' });
    await expect(skip).toHaveFocus();
    await expect(skip).toBeVisible();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('main')).toHaveFocus();
  },
};
