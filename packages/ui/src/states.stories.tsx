import type { Meta, StoryObj } from '@storybook/react-vite';
import { Users } from 'lucide-react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { ErrorState } from './error-state';
import { PageHeader } from './page-header';
import { Spinner } from './spinner';

const meta = {
  title: 'Feedback/States',
  component: EmptyState,
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Spinner sizes, empty state, error state and page header in their variants. */
export const Catalog: Story = {
  render: () => (
    <div className="flex flex-col gap-10">
      <section className="flex items-center gap-6 text-brand-600">
        <Spinner size="sm" />
        <Spinner size="md" />
        <Spinner size="lg" />
        <Spinner size="md" label="Schüler werden geladen" />
      </section>
      <section className="grid grid-cols-2 gap-6">
        <EmptyState />
        <EmptyState
          icon={<Users className="size-6" aria-hidden="true" />}
          title="Noch keine Schüler"
          description="Lege den ersten Schüler an, um mit der Planung zu beginnen."
          action={<Button>Schüler anlegen</Button>}
        />
        <ErrorState />
        <ErrorState
          title="Schüler konnten nicht geladen werden"
          message="Der Server antwortet nicht."
          onRetry={fn()}
        />
      </section>
      <section className="flex flex-col gap-6">
        <PageHeader title="Fahrzeuge" />
        <PageHeader
          eyebrow="Unternehmen"
          title="Filialen"
          description="Öffnungszeiten, Preislisten und Arbeitskorridore."
          actions={
            <>
              <Button variant="secondary">Exportieren</Button>
              <Button>Filiale anlegen</Button>
            </>
          }
        />
      </section>
    </div>
  ),
};

export const SpinnerAnnouncesLoading: Story = {
  render: () => <Spinner />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Wird geladen …');
  },
};

export const EmptyWithAction: Story = {
  args: {
    title: 'Noch keine Fahrzeuge',
    description: 'Lege ein Fahrzeug an.',
    action: <Button>Fahrzeug anlegen</Button>,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Noch keine Fahrzeuge')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Fahrzeug anlegen' })).toBeVisible();
  },
};

const onRetry = fn();

export const ErrorRetries: Story = {
  render: () => <ErrorState message="Der Server antwortet nicht." onRetry={onRetry} />,
  play: async ({ canvasElement }) => {
    onRetry.mockClear();
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Der Server antwortet nicht.');
    await userEvent.click(canvas.getByRole('button', { name: 'Erneut versuchen' }));
    await expect(onRetry).toHaveBeenCalledOnce();
  },
};

export const PageHeaderHeading: Story = {
  render: () => (
    <PageHeader title="Schüler" description="Alle Schüler." actions={<Button>Neu</Button>} />
  ),
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('heading', { level: 1, name: 'Schüler' }),
    ).toBeVisible();
  },
};
