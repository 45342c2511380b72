import { useCan } from '@fahrwerk/core';
import { ErrorState, PageHeader, Section, Spinner } from '@fahrwerk/ui';
import { useAutomaticMessageRules, useMessageTemplates } from './api/messaging-queries';
import { AUTOMATIC_MESSAGE_EVENTS } from './automatic-message-events';
import { AutomaticMessageLog } from './components/automatic-message-log';
import { AutomaticMessageRuleRow } from './components/automatic-message-rule-row';
import { useMessagingTranslation } from './use-messaging-translation';

/**
 * The automatic messages (`/automatic-messages`): one row per event with its switch,
 * channel (app, e-mail or both), template, how many were sent and since when it is on —
 * each change saved at once; below, the log of what was sent, failed or skipped. Without
 * MODULE_COMMUNICATION_WRITE it is read-only.
 */
export function AutomaticMessagesScreen() {
  const { t } = useMessagingTranslation();
  const canWrite = useCan('MODULE_COMMUNICATION_WRITE');
  const rules = useAutomaticMessageRules();
  const templates = useMessageTemplates();
  // In the contract's order, whatever order the server answers in.
  const sorted = [...(rules.data ?? [])].sort(
    (a, b) => AUTOMATIC_MESSAGE_EVENTS.indexOf(a.event) - AUTOMATIC_MESSAGE_EVENTS.indexOf(b.event),
  );

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t('automatic.title')}
        description={canWrite ? t('automatic.description') : t('automatic.readOnly')}
      />
      <Section title={t('automatic.rules')}>
        {rules.isPending ? (
          <Spinner />
        ) : rules.isError ? (
          <ErrorState
            message={t('automatic.loadError')}
            onRetry={() => void rules.refetch()}
            isRetrying={rules.isFetching}
          />
        ) : (
          <div className="flex flex-col gap-3">
            {canWrite && templates.isSuccess && templates.data.length === 0 && (
              <p className="text-sm text-neutral-700">{t('automatic.noTemplates')}</p>
            )}
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <caption className="sr-only">{t('automatic.rules')}</caption>
                <thead>
                  <tr className="text-start text-xs font-medium text-neutral-600">
                    <th scope="col" className="pb-2 pe-4 text-start font-medium">
                      {t('log.columnEvent')}
                    </th>
                    <th scope="col" className="pb-2 pe-4 text-start font-medium">
                      {t('automatic.channel')}
                    </th>
                    <th scope="col" className="pb-2 pe-4 text-start font-medium">
                      {t('automatic.template')}
                    </th>
                    <th scope="col" className="pb-2 pe-4 text-end font-medium">
                      {t('automatic.sentColumn')}
                    </th>
                    <th scope="col" className="pb-2 text-start font-medium">
                      {t('automatic.stateColumn')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {sorted.map((rule) => (
                    <AutomaticMessageRuleRow
                      key={rule.event}
                      rule={rule}
                      templates={templates.data ?? []}
                      isReadOnly={!canWrite}
                    />
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        )}
      </Section>
      <AutomaticMessageLog />
    </div>
  );
}
