import { CheckCircle2, Info, X, XCircle } from 'lucide-react';
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

/** A queue of toasts; a host normally uses the shared `toastQueue`. */
export function createToastQueue(): ToastQueue {
  return new RACToastQueue<ToastContent>({ maxVisibleToasts: 5 });
}

/** The shared queue that `toast.*` writes to and `ToastRegion` shows by default. */
export const toastQueue: ToastQueue = createToastQueue();

type ToastOptions = { title?: string; onClose?: () => void };

function show(type: ToastType, text: string, options: ToastOptions = {}) {
  return toastQueue.add(
    { type, text, title: options.title },
    { timeout: TOAST_DURATION_MS, onClose: options.onClose },
  );
}

/** Shows toasts: `toast.success('Gespeichert')`. Each returns the toast's key. */
export const toast = {
  success: (text: string, options?: ToastOptions) => show('success', text, options),
  error: (text: string, options?: ToastOptions) => show('error', text, options),
  info: (text: string, options?: ToastOptions) => show('info', text, options),
  close: (key: string) => toastQueue.close(key),
  clear: () => toastQueue.clear(),
};

const icons = { success: CheckCircle2, error: XCircle, info: Info } as const;
const accents = {
  success: 'border-s-success-600 [&_[data-icon]]:text-success-600',
  error: 'border-s-danger-600 [&_[data-icon]]:text-danger-600',
  info: 'border-s-brand-600 [&_[data-icon]]:text-brand-600',
} as const;

export type ToastRegionProps = {
  /** @default the shared `toastQueue` */
  queue?: ToastQueue;
  className?: string;
};

/** Where toasts appear (bottom right). Render it once near the root of the app. */
export function ToastRegion({ queue = toastQueue, className }: ToastRegionProps) {
  const { t } = useTranslation('ui');
  return (
    <RACToastRegion
      queue={queue}
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
