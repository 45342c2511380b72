import type { Meta, StoryObj } from '@storybook/react-vite';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TabNav } from './tab-nav';

const navigate = fn();

const meta = {
  title: 'Navigation/TabNav',
  component: TabNav,
  args: {
    'aria-label': 'Bereich',
    items: [
      { id: 'fsc', label: 'Fahrschule', href: '/' },
      { id: 'lms', label: 'Lernbereich', href: '/lms' },
      { id: 'unterricht', label: 'Unterricht', href: '/unterricht' },
    ],
    activeId: 'fsc',
  },
  render: (args) => (
    <RouterProvider navigate={navigate}>
      <TabNav {...args} className="border-b border-neutral-200" />
    </RouterProvider>
  ),
} satisfies Meta<typeof TabNav>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** Each item active once. */
export const Catalog: Story = {
  render: (args) => (
    <RouterProvider navigate={navigate}>
      <div className="flex flex-col gap-6">
        {args.items.map((item) => (
          <TabNav
            key={item.id}
            {...args}
            aria-label={`Bereich (${item.label} aktiv)`}
            activeId={item.id}
            className="border-b border-neutral-200"
          />
        ))}
      </div>
    </RouterProvider>
  ),
};

export const MarksAndNavigates: Story = {
  play: async ({ canvasElement }) => {
    navigate.mockClear();
    const nav = within(canvasElement).getByRole('navigation', { name: 'Bereich' });
    await expect(within(nav).getByRole('link', { name: 'Fahrschule' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await userEvent.click(within(nav).getByRole('link', { name: 'Lernbereich' }));
    await expect(navigate.mock.calls[0]?.[0]).toBe('/lms');
  },
};
