import { createI18n, createToasts, ToastProvider } from '@fahrwerk/ui';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, expect, test, vi } from 'vitest';
import { registerCoreTexts } from '../fahrwerk-provider';
import { useArchiveFlow } from './use-archive-flow';

const i18n = createI18n({ lng: 'de' });
registerCoreTexts(i18n);
const toasts = createToasts();
const wrapper = ({ children }: { children: ReactNode }) => (
  <I18nextProvider i18n={i18n}>
    <ToastProvider toasts={toasts}>{children}</ToastProvider>
  </I18nextProvider>
);
const row = { id: 7, name: 'Filiale Nord' };

afterEach(() => vi.restoreAllMocks());

test('without a confirmation archive and unarchive call the archive call and show the spec messages', async () => {
  const success = vi.spyOn(toasts, 'success');
  const calls: unknown[] = [];
  const mutation = { mutateAsync: async (variables: unknown) => calls.push(variables) };
  const { result } = renderHook(() => useArchiveFlow(mutation), { wrapper });
  expect(result.current.dialog).toBeNull();
  await act(async () => result.current.archive(row));
  await act(async () => result.current.unarchive(row));
  expect(calls).toEqual([
    { id: 7, archived: true },
    { id: 7, archived: false },
  ]);
  expect(success.mock.calls.map(([text]) => text)).toEqual([
    'Archiviert.',
    'Aus dem Archiv geholt.',
  ]);
});

// The confirmation dialog (react-aria's Modal) needs a browser: the instructor and cost-bearer
// list stories confirm, archive and read the message there.
