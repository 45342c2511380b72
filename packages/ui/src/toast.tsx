import { CheckCircle2, Info, X, XCircle } from 'lucide-react';
import { createContext, type ReactNode, useContext, useState } from 'react';
import {
  Button as RACButton,
  UNSTABLE_Toast as RACToast,
  UNSTABLE_ToastContent as RACToastContent,
  UNSTABLE_ToastQueue as RACToastQueue,
  UNSTABLE_ToastRegion as RACToastRegion,
  Text,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { cn, focusRing } from './utils';

/** Every toast stays for 6000 ms (the timer pauses while the toast is hovered or focused). */
export const TOAST_DURATION_MS = 6000;

export type ToastType = 'success' | 'error' | 'info';

export type ToastContent = {
  type: ToastType;
  text: string;
  /** Optional bold first line. */
  title?: string;
};

export type ToastQueue = RACToastQueue<ToastContent>;

/** A queue of toasts; `ToastProvider` creates one of its own unless it is given one. */
export function createToastQueue(): ToastQueue {
  return new RACToastQueue<ToastContent>({ maxVisibleToasts: 5 });
}

export type ToastOptions = { title?: string; onClose?: () => void };

/** Shows toasts: `toast.success('Gespeichert')`. Each returns the toast's key. */
export type ToastApi = {
  success: (text: string, options?: ToastOptions) => string;
  error: (text: string, options?: ToastOptions) => string;
  info: (text: string, options?: ToastOptions) => string;
  close: (key: string) => void;
  clear: () => void;
};

/** A toast API bound to one queue (`queue`): what `useToast()` returns, plus the queue. */
export type Toasts = ToastApi & { readonly queue: ToastQueue };

/**
 * The toasts of one app or embed. `ToastProvider` (inside `UiProvider`) creates them itself;
 * a host creates them when code outside React needs them too (a router guard, the query
 * client's error handling) and passes the same object to the provider.
 */
export function createToasts(queue: ToastQueue = createToastQueue()): Toasts {
  const show = (type: ToastType, text: string, options: ToastOptions = {}) =>
    queue.add(
      { type, text, title: options.title },
      { timeout: TOAST_DURATION_MS, onClose: options.onClose },
    );
  return {
    queue,
    success: (text, options) => show('success', text, options),
    error: (text, options) => show('error', text, options),
    info: (text, options) => show('info', text, options),
    close: (key) => queue.close(key),
    clear: () => queue.clear(),
  };
}

const ToastContext = createContext<Toasts | null>(null);

export type ToastProviderProps = {
  /** @default a queue of its own, created on the first render */
  toasts?: Toasts;
  children: ReactNode;
};

/** Gives the components inside their toast queue: `useToast()` and `ToastRegion` use it. */
export function ToastProvider({ toasts, children }: ToastProviderProps) {
  const [own] = useState(() => toasts ?? createToasts());
  return <ToastContext.Provider value={toasts ?? own}>{children}</ToastContext.Provider>;
}

/** The toast API of the nearest `ToastProvider`: `const toast = useToast(); toast.success(…)`. */
export function useToast(): ToastApi {
  const toasts = useContext(ToastContext);
  if (!toasts) throw new Error('useToast needs a ToastProvider (UiProvider or FahrwerkProvider).');
  return toasts;
}

const icons = { success: CheckCircle2, error: XCircle, info: Info } as const;
const accents = {
  success: 'border-s-success-600 [&_[data-icon]]:text-success-600',
  error: 'border-s-danger-600 [&_[data-icon]]:text-danger-600',
  info: 'border-s-brand-600 [&_[data-icon]]:text-brand-600',
} as const;

export type ToastRegionProps = {
  /** @default the queue of the nearest `ToastProvider` */
  queue?: ToastQueue;
  className?: string;
};

/**
 * Where the toasts of the nearest `ToastProvider` appear (bottom right). Render it once per
 * provider, near the root of the app or embed.
 */
export function ToastRegion({ queue, className }: ToastRegionProps) {
  const { t } = useTranslation('ui');
  const context = useContext(ToastContext);
  const shown = queue ?? context?.queue;
  if (!shown)
    throw new Error('ToastRegion needs a ToastProvider (UiProvider or FahrwerkProvider).');
  return (
    <RACToastRegion
      queue={shown}
      aria-label={t('toast.regionLabel')}
      className={cn(
        'fixed end-4 bottom-4 z-[60] flex w-[min(24rem,calc(100vw-2rem))] flex-col-reverse gap-2 outline-0',
        className,
      )}
    >
      {({ toast: item }) => {
        const Icon = icons[item.content.type];
        return (
          <RACToast
            toast={item}
            data-type={item.content.type}
            className={({ isFocusVisible }) =>
              cn(
                'flex items-start gap-3 rounded-[var(--radius-control)] border border-s-4 border-neutral-200 bg-white p-3 text-sm text-neutral-900 shadow-[var(--shadow-overlay)]',
                accents[item.content.type],
                focusRing({ isFocusVisible }),
              )
            }
          >
            <Icon data-icon="" className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <RACToastContent className="flex min-w-0 flex-1 flex-col gap-0.5">
              <span className="sr-only">{t(`toast.${item.content.type}`)}: </span>
              {item.content.title && (
                <Text slot="title" className="font-semibold">
                  {item.content.title}
                </Text>
              )}
              <Text slot={item.content.title ? 'description' : 'title'}>{item.content.text}</Text>
            </RACToastContent>
            <RACButton
              slot="close"
              aria-label={t('common.close')}
              className={({ isFocusVisible, isHovered }) =>
                cn(
                  'flex size-6 shrink-0 items-center justify-center rounded text-neutral-600',
                  isHovered && 'bg-neutral-100 text-neutral-900',
                  focusRing({ isFocusVisible }),
                )
              }
            >
              <X className="size-3.5" aria-hidden="true" />
            </RACButton>
          </RACToast>
        );
      }}
    </RACToastRegion>
  );
}
