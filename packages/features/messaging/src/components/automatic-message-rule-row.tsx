import { isApiError } from '@fahrwerk/api';
import { formatDateTime, Select, Switch } from '@fahrwerk/ui';
import { useState } from 'react';
import {
  type AutomaticMessageChannel,
  type AutomaticMessageRule,
  type MessageTemplate,
  useUpdateAutomaticMessage,
} from '../api/messaging-queries';
import { channelsFor } from '../automatic-message-events';
import { useMessagingTranslation } from '../use-messaging-translation';

type Setting = {
  enabled: boolean;
  channel: AutomaticMessageChannel;
  messageTemplateId: number | null;
};

export type AutomaticMessageRuleRowProps = {
  rule: AutomaticMessageRule;
  templates: MessageTemplate[];
  /** Without MODULE_COMMUNICATION_WRITE the row only shows. */
  isReadOnly?: boolean;
};

/**
 * The automatic message of one event, a table row: the switch, the channel, the template,
 * how many were sent and since when it is on. Each change is saved at once; while it saves
 * the row shows the new setting, and when the server refuses (switched on without a
 * template) the row goes back to the saved one and says why at the template.
 */
export function AutomaticMessageRuleRow({
  rule,
  templates,
  isReadOnly,
}: AutomaticMessageRuleRowProps) {
  const { t } = useMessagingTranslation();
  const update = useUpdateAutomaticMessage();
  const [pending, setPending] = useState<Setting | null>(null);
  const [error, setError] = useState<string | null>(null);
  const saved: Setting = {
    enabled: rule.enabled,
    channel: rule.channel,
    messageTemplateId: rule.messageTemplateId ?? null,
  };
  const shown = pending ?? saved;
  const event = t(`events.${rule.event}`);

  const save = (patch: Partial<Setting>) => {
    const next = { ...shown, ...patch };
    setPending(next);
    setError(null);
    update.mutate(
      {
        event: rule.event,
        input: {
          enabled: next.enabled,
          channel: next.channel,
          ...(next.messageTemplateId !== null ? { messageTemplateId: next.messageTemplateId } : {}),
        },
      },
      {
        onSuccess: () => setPending(null),
        onError: (failure) => {
          setPending(null);
          setError(describeRefusal(failure, t));
        },
      },
    );
  };

  const templateOptions = templates.map((template) => ({
    id: String(template.id),
    label: template.name,
  }));
  if (
    shown.messageTemplateId !== null &&
    !templates.some((template) => template.id === shown.messageTemplateId)
  ) {
    templateOptions.unshift({
      id: String(shown.messageTemplateId),
      label: t('automatic.templateMissing'),
    });
  }

  return (
    <tr className="border-t border-neutral-200 align-top">
      <th scope="row" className="py-3 pe-4 text-start font-medium text-neutral-900">
        <Switch
          aria-label={t('automatic.enabled', { event })}
          isSelected={shown.enabled}
          isDisabled={isReadOnly}
          onChange={(enabled) => save({ enabled })}
        >
          {event}
        </Switch>
        {rule.event === 'REGISTRATION_RECEIVED' && (
          <p className="ms-12 mt-1 text-xs font-normal text-neutral-600">
            {t('automatic.registrationHint')}
          </p>
        )}
      </th>
      <td className="py-3 pe-4">
        <Select
          aria-label={`${t('automatic.channel')}: ${event}`}
          items={channelsFor(rule.event).map((id) => ({ id, label: t(`channels.${id}`) }))}
          selectedKey={shown.channel}
          isDisabled={isReadOnly}
          onSelectionChange={(key) =>
            key !== null && save({ channel: key as AutomaticMessageChannel })
          }
        />
      </td>
      <td className="py-3 pe-4">
        <Select
          aria-label={`${t('automatic.template')}: ${event}`}
          placeholder={t('automatic.templateChoose')}
          items={templateOptions}
          selectedKey={shown.messageTemplateId === null ? null : String(shown.messageTemplateId)}
          isDisabled={isReadOnly}
          isInvalid={error !== null}
          errorMessage={error ?? undefined}
          onSelectionChange={(key) => key !== null && save({ messageTemplateId: Number(key) })}
        />
      </td>
      <td className="py-3 pe-4 text-end whitespace-nowrap text-neutral-900 tabular-nums">
        {t('automatic.sent', { count: rule.sent })}
      </td>
      <td className="py-3 text-neutral-600 whitespace-nowrap">
        {rule.enabled && rule.enabledAt
          ? t('automatic.activeSince', { date: formatDateTime(rule.enabledAt) })
          : t('automatic.inactive')}
      </td>
    </tr>
  );
}

/** What the row says when the server refuses a change. */
function describeRefusal(failure: unknown, t: (key: string) => string): string {
  if (isApiError(failure) && failure.status === 422) {
    const [first] = failure.fieldErrors;
    if (first?.field === 'messageTemplateId' && first.error === 'validation.required') {
      return t('automatic.templateRequired');
    }
    if (first) return t(first.error);
    const [global] = failure.globalErrors;
    if (global) return t(global);
  }
  if (isApiError(failure)) {
    return t(failure.body.error_message || failure.body.message || 'errors.unknown');
  }
  return t('errors.unknown');
}
