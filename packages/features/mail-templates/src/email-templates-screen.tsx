import { useCan } from '@fahrwerk/core';
import { PageHeader, Tab, TabList, TabPanel, Tabs } from '@fahrwerk/ui';
import { useEffect, useState } from 'react';
import { useEmailPlaceholders, useEmailTemplateCategories } from './api/template-queries';
import { CategoriesSection } from './components/categories-section';
import { PlaceholdersSection } from './components/placeholders-section';
import { TemplatesSection } from './components/templates-section';
import { useMailTemplatesTranslation } from './use-mail-templates-translation';

/** The screen's sections, as the back office's sidebar links them. */
export const EMAIL_TEMPLATES_SECTIONS = ['templates', 'categories', 'placeholders'] as const;
export type EmailTemplatesSection = (typeof EMAIL_TEMPLATES_SECTIONS)[number];

export type EmailTemplatesScreenProps = {
  /**
   * The section shown ("Vorlagen", "Vorlagengruppen", "Platzhalter"), e.g. from the URL;
   * a change of the prop switches the tab. @default 'templates'
   */
  section?: EmailTemplatesSection;
  /** Reports the tab the user chose (to keep the URL in step). */
  onSectionChange?: (section: EmailTemplatesSection) => void;
};

const NO_PLACEHOLDERS: never[] = [];

/**
 * The e-mail templates (`/email-templates`): templates by group with create, edit (rich text
 * with placeholders), preview with example values and delete; the template groups; the
 * placeholder reference. Without MODULE_COMMUNICATION_WRITE it is read-only.
 */
export function EmailTemplatesScreen({
  section = 'templates',
  onSectionChange,
}: EmailTemplatesScreenProps) {
  const { t } = useMailTemplatesTranslation();
  const canWrite = useCan('MODULE_COMMUNICATION_WRITE');
  const [selected, setSelected] = useState<EmailTemplatesSection>(section);
  useEffect(() => setSelected(section), [section]);
  const categories = useEmailTemplateCategories();
  const placeholders = useEmailPlaceholders();
  const placeholderList = placeholders.data ?? NO_PLACEHOLDERS;

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('title')} description={canWrite ? t('description') : t('readOnly')} />
      <Tabs
        selectedKey={selected}
        onSelectionChange={(key) => {
          const next = String(key) as EmailTemplatesSection;
          setSelected(next);
          onSectionChange?.(next);
        }}
      >
        <TabList aria-label={t('sections.label')}>
          <Tab id="templates">{t('sections.templates')}</Tab>
          <Tab id="categories">{t('sections.categories')}</Tab>
          <Tab id="placeholders">{t('sections.placeholders')}</Tab>
        </TabList>
        <TabPanel id="templates">
          <TemplatesSection
            categories={categories.data ?? []}
            placeholders={placeholderList}
            canWrite={canWrite}
          />
        </TabPanel>
        <TabPanel id="categories">
          <CategoriesSection
            categories={categories.data ?? []}
            isLoading={categories.isFetching}
            isError={categories.isError}
            onRetry={() => void categories.refetch()}
            canWrite={canWrite}
          />
        </TabPanel>
        <TabPanel id="placeholders">
          <PlaceholdersSection
            placeholders={placeholderList}
            isLoading={placeholders.isFetching}
            isError={placeholders.isError}
            onRetry={() => void placeholders.refetch()}
          />
        </TabPanel>
      </Tabs>
    </div>
  );
}
