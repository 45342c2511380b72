import type { Meta, StoryObj } from '@storybook/react-vite';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Link } from './link';

const navigate = fn();

const meta = {
  title: 'Navigation/Link',
  component: Link,
  args: { href: '/students/edit/17', children: 'Anna Becker' },
  render: (args) => (
    <RouterProvider navigate={navigate}>
      <Link {...args} />
    </RouterProvider>
  ),
} satisfies Meta<typeof Link>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Catalog: Story = {
  render: (args) => (
    <RouterProvider navigate={navigate}>
      <div className="flex flex-col gap-3 text-sm">
        <Link {...args} variant="primary">
          Primär
        </Link>
        <Link {...args} variant="secondary">
          Sekundär
        </Link>
        <Link {...args} variant="quiet">
          Unauffällig
        </Link>
        <Link {...args} isDisabled>
          Deaktiviert
        </Link>
      </div>
    </RouterProvider>
  ),
};

export const NavigatesThroughRouter: Story = {
  play: async ({ canvasElement }) => {
    navigate.mockClear();
    await userEvent.click(within(canvasElement).getByRole('link', { name: 'Anna Becker' }));
    await expect(navigate.mock.calls[0]?.[0]).toBe('/students/edit/17');
  },
};
