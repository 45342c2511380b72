import type { Meta, StoryObj } from '@storybook/react-vite';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, userEvent, within } from 'storybook/test';
import { sampleSections } from './fixtures/navigation';
import { Sidebar, type SidebarLinkProps } from './sidebar';

/** Keeps the stories on the page: links only report where they would go. */
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
  title: 'Navigation/Sidebar',
  component: Sidebar,
  args: {
    sections: sampleSections,
    currentPath: '/students/edit/17',
    header: <span className="text-lg font-semibold tracking-tight">Fahrwerk</span>,
    footer: 'Version 1.0',
    renderLink: (props) => <StoryLink {...props} />,
    onCollapsedChange: fn(),
  },
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <div className="h-[640px]">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Sidebar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Collapsed: Story = {
  args: { defaultCollapsed: true },
};

/** Expanded with an active top item, expanded with an active nested item, collapsed. */
export const Catalog: Story = {
  render: (args) => (
    <div className="flex h-full gap-6">
      <Sidebar {...args} aria-label="Navigation (Schüler aktiv)" />
      <Sidebar {...args} aria-label="Navigation (Vorlagen aktiv)" currentPath="/email-templates" />
      <Sidebar {...args} aria-label="Navigation (eingeklappt)" defaultCollapsed />
    </div>
  ),
};

export const MarksTheActiveItem: Story = {
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Hauptnavigation' });
    const active = within(nav).getByRole('link', { name: 'Schüler' });
    await expect(active).toHaveAttribute('aria-current', 'page');
    await expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute(
      'aria-current',
    );
    // Only one item is current.
    await expect(nav.querySelectorAll('[aria-current="page"]')).toHaveLength(1);
  },
};

export const OpensTheGroupOfTheActiveItem: Story = {
  args: { currentPath: '/email-templates' },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation');
    const group = within(nav).getByRole('button', { name: 'E-Mail' });
    await expect(group).toHaveAttribute('aria-expanded', 'true');
    await expect(within(nav).getByRole('link', { name: 'Vorlagen' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const payments = within(nav).getByRole('button', { name: 'Automatische Zahlungen' });
    await expect(payments).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(payments);
    await expect(payments).toHaveAttribute('aria-expanded', 'true');
    await expect(within(nav).getByRole('link', { name: 'Classic Pay' })).toBeVisible();
  },
};

export const CollapsesToIcons: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Navigation einklappen' }));
    await expect(args.onCollapsedChange).toHaveBeenLastCalledWith(true);
    // Labels become the links' accessible names.
    await expect(canvas.getByRole('link', { name: 'Schüler' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(canvas.queryByText('Kommunikation')).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Navigation ausklappen' }));
    await expect(args.onCollapsedChange).toHaveBeenLastCalledWith(false);
  },
};

export const ActiveById: Story = {
  args: { currentPath: undefined, activeId: 'vehicles' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Fahrzeuge' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

const navigate = fn();

/** Without `renderLink`, links go through react-aria's `RouterProvider` (TanStack Router in the app). */
export const NavigatesThroughRouterProvider: Story = {
  args: { renderLink: undefined },
  render: (args) => (
    <RouterProvider navigate={navigate}>
      <Sidebar {...args} />
    </RouterProvider>
  ),
  play: async ({ canvasElement }) => {
    navigate.mockClear();
    await userEvent.click(within(canvasElement).getByRole('link', { name: 'Fahrzeuge' }));
    await expect(navigate).toHaveBeenCalledOnce();
    await expect(navigate.mock.calls[0]?.[0]).toBe('/vehicles');
  },
};
