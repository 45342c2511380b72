import { FormAlert } from '@fahrwerk/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { AuthCard, FormMessage } from './auth-card';

const meta = {
  title: 'Features/Session/AuthCard',
  component: AuthCard,
  args: {
    title: 'Anmelden',
    intro: 'Melden Sie sich mit Ihrer E-Mail-Adresse an.',
    children: null,
  },
} satisfies Meta<typeof AuthCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every state of the card: plain, with an error, with a success message and a footer. */
export const Catalog: Story = {
  render: (args) => (
    <div className="flex flex-col gap-6">
      <AuthCard {...args}>
        <p>Inhalt</p>
      </AuthCard>
      <AuthCard
        {...args}
        title="Anmelden fehlgeschlagen"
        footer={<a href="/login">Zurück zur Anmeldung</a>}
      >
        <FormAlert>E-Mail-Adresse oder Passwort ist falsch.</FormAlert>
      </AuthCard>
      <AuthCard {...args} title="Passwort vergessen">
        <FormMessage>Wir haben Ihnen eine Anleitung per E-Mail gesendet.</FormMessage>
      </AuthCard>
    </div>
  ),
};
