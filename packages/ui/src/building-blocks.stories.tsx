import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ActionMenu } from './action-menu';
import { Badge } from './badge';
import { NumberField } from './number-field';
import { SearchField } from './search-field';
import { DescriptionList, Section } from './section';
import { Switch } from './switch';
import { chooseMenuItem } from './testing';

type Args = { onAction: (id: string) => void; onChange: (value: unknown) => void };

const meta = {
  title: 'Building blocks/Catalog',
  args: { onAction: fn(), onChange: fn() },
} satisfies Meta<Args>;

export default meta;
type Story = StoryObj<Args>;

/** Every variant and state of the small building blocks feature screens share. */
export const Catalog: Story = {
  render: (args) => (
    <div className="flex max-w-3xl flex-col gap-6 p-4">
      <Section title="Badges" description="Status in Listen">
        <div className="flex flex-wrap gap-2">
          <Badge>Neutral</Badge>
          <Badge tone="brand">Klasse B</Badge>
          <Badge tone="success">Aktiv</Badge>
          <Badge tone="warning">TÜV in 12 Tagen</Badge>
          <Badge tone="danger">TÜV überfällig</Badge>
        </div>
      </Section>
      <Section title="Eingaben" columns>
        <NumberField label="Fahrstundendauer" unit="Minuten" defaultValue={45} minValue={1} />
        <NumberField label="Ungültig" isInvalid errorMessage="Bitte einen Wert angeben." />
        <SearchField label="Suche" placeholder="Name, E-Mail …" onChange={args.onChange} />
        <SearchField aria-label="Suche ohne Beschriftung" defaultValue="Müller" />
        <Switch onChange={args.onChange}>Lern-App-Anmeldung erlaubt</Switch>
        <Switch defaultSelected description="Wird auf der Website angezeigt.">
          Website-Anzeige
        </Switch>
        <Switch isDisabled>Deaktiviert</Switch>
      </Section>
      <Section
        title="Details"
        actions={
          <ActionMenu
            items={[
              { id: 'edit', label: 'Bearbeiten' },
              { id: 'archive', label: 'Archivieren', isDanger: true },
              { id: 'none', label: 'Nicht möglich', isDisabled: true },
            ]}
            onAction={args.onAction}
          />
        }
      >
        <DescriptionList
          items={[
            { label: 'Kennzeichen', value: 'B-FS 1234' },
            { label: 'Hauptuntersuchung', value: '31.12.2026' },
          ]}
        />
      </Section>
    </div>
  ),
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('switch', { name: 'Lern-App-Anmeldung erlaubt' }));
    await expect(args.onChange).toHaveBeenCalledWith(true);
    await chooseMenuItem(() => canvas.getByRole('button', { name: 'Aktionen' }), 'Archivieren');
    await expect(args.onAction).toHaveBeenCalledWith('archive');
  },
};
