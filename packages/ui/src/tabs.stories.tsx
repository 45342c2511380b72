import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Tab, TabList, TabPanel, Tabs } from './tabs';

const meta = {
  title: 'Navigation/Tabs',
  component: Tabs,
  args: { onSelectionChange: fn() },
  render: (args) => (
    <Tabs {...args}>
      <TabList aria-label="Schülerakte">
        <Tab id="data">Stammdaten</Tab>
        <Tab id="education">Ausbildung</Tab>
        <Tab id="invoices">Rechnungen</Tab>
        <Tab id="documents" isDisabled>
          Dokumente
        </Tab>
      </TabList>
      <TabPanel id="data">Name, Anschrift und Kontaktdaten.</TabPanel>
      <TabPanel id="education">Klassen, Fahrstunden und Prüfungen.</TabPanel>
      <TabPanel id="invoices">Rechnungen und Zahlungen.</TabPanel>
      <TabPanel id="documents">Dokumente.</TabPanel>
    </Tabs>
  ),
} satisfies Meta<typeof Tabs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** Horizontal and vertical, with a selected, a plain and a disabled tab. */
export const Catalog: Story = {
  render: (args) => (
    <div className="flex flex-col gap-10">
      <Tabs {...args} defaultSelectedKey="fsc">
        <TabList aria-label="Bereiche">
          <Tab id="fsc">Fahrschule</Tab>
          <Tab id="lms">Lernbereich</Tab>
          <Tab id="unterricht">Unterricht</Tab>
          <Tab id="off" isDisabled>
            Gesperrt
          </Tab>
        </TabList>
        <TabPanel id="fsc">Fahrschule</TabPanel>
        <TabPanel id="lms">Lernbereich</TabPanel>
        <TabPanel id="unterricht">Unterricht</TabPanel>
        <TabPanel id="off">Gesperrt</TabPanel>
      </Tabs>
      <Tabs {...args} orientation="vertical">
        <TabList aria-label="Einstellungen">
          <Tab id="general">Allgemein</Tab>
          <Tab id="mail">E-Mail</Tab>
          <Tab id="accounting">Buchhaltung</Tab>
        </TabList>
        <TabPanel id="general">Allgemeine Einstellungen.</TabPanel>
        <TabPanel id="mail">SMTP und IMAP.</TabPanel>
        <TabPanel id="accounting">Kontenrahmen SKR03 oder SKR04.</TabPanel>
      </Tabs>
    </div>
  ),
};

export const SwitchesWithKeyboard: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    // React Aria builds the tab collection in a pass after the first render: wait for it.
    await userEvent.click(await canvas.findByRole('tab', { name: 'Ausbildung' }));
    await expect(canvas.getByRole('tab', { name: 'Ausbildung' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('Klassen, Fahrstunden');
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Rechnungen' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // The disabled tab is skipped.
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Stammdaten' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith('data');
  },
};
