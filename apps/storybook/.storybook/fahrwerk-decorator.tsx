import { createApiClient, PERMISSION_KEYS, type PermissionKey } from '@fahrwerk/api';
import { createFahrwerkQueryClient, FahrwerkProvider, registerCoreTexts } from '@fahrwerk/core';
import { registerSessionTexts } from '@fahrwerk/session';
import { createI18n, createToasts, type I18n } from '@fahrwerk/ui';
import type { Decorator } from '@storybook/react-vite';
import { useState } from 'react';

/**
 * Feature screens render inside the same provider set a host product uses: an API client
 * (its calls go to `/api`, answered by the story's MSW handlers), a fresh toast queue, a fresh
 * query client without retries that toasts on it, i18n and permissions. A story limits permissions with
 * `parameters: { permissions: ['MODULE_CUSTOMERS'] }`; without it, everything is allowed.
 */
export const withFahrwerk: Decorator = (Story, context) => {
  const i18n = (context.loaded as { i18n?: I18n }).i18n ?? createI18n();
  const permissions =
    (context.parameters.permissions as PermissionKey[] | undefined) ?? PERMISSION_KEYS;
  const [setup] = useState(() => {
    registerCoreTexts(i18n);
    registerSessionTexts(i18n);
    const toasts = createToasts();
    return {
      client: createApiClient({ baseUrl: '/api', getToken: () => 'story-token' }),
      toasts,
      queryClient: createFahrwerkQueryClient(i18n, { toasts, retry: false }),
    };
  });
  return (
    <FahrwerkProvider
      client={setup.client}
      i18n={i18n}
      toasts={setup.toasts}
      queryClient={setup.queryClient}
      permissions={permissions}
      withToasts={false}
    >
      <Story />
    </FahrwerkProvider>
  );
};
