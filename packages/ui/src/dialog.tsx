import { cva } from 'class-variance-authority';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  composeRenderProps,
  DialogTrigger,
  Heading,
  ModalOverlay,
  type ModalOverlayProps,
  Button as RACButton,
  Dialog as RACDialog,
  type DialogProps as RACDialogProps,
  Modal as RACModal,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { cn, focusRing } from './utils';

export { DialogTrigger };

const modalStyles = cva(
  'w-full max-h-[calc(100dvh-2rem)] overflow-auto rounded-[var(--radius-card)] border border-neutral-200 bg-white shadow-[var(--shadow-overlay)] outline-0',
  {
    variants: {
      size: { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-3xl' },
    },
    defaultVariants: { size: 'md' },
  },
);

export type ModalProps = ModalOverlayProps & {
  /** @default 'md' */
  size?: 'sm' | 'md' | 'lg';
};

/**
 * The overlay and box of a dialog. Inside a `DialogTrigger` it follows the trigger; otherwise
 * control it with `isOpen` and `onOpenChange`.
 */
export function Modal({ size, ...props }: ModalProps) {
  return (
    <ModalOverlay
      {...props}
      className={composeRenderProps(props.className, (className) =>
        cn(
          'fixed inset-0 z-50 flex min-h-full items-center justify-center bg-neutral-950/40 p-4 backdrop-blur-[1px]',
          className,
        ),
      )}
    >
      {/* State props (isOpen, onOpenChange, isDismissable …) belong to the overlay only. */}
      <RACModal className={modalStyles({ size })}>{props.children}</RACModal>
    </ModalOverlay>
  );
}

export type DialogProps = Omit<RACDialogProps, 'children'> & {
  /** The heading; it also names the dialog. */
  title?: ReactNode;
  /** Buttons at the bottom, right-aligned. A function receives `close`. */
  footer?: ReactNode | ((opts: { close: () => void }) => ReactNode);
  /** Shows a close button in the corner. @default true when not an alert dialog */
  isDismissable?: boolean;
  children?: ReactNode | ((opts: { close: () => void }) => ReactNode);
};

/** The content of a modal: title, body, footer buttons. */
export function Dialog({ title, footer, isDismissable, children, ...props }: DialogProps) {
  const { t } = useTranslation('ui');
  const showClose = isDismissable ?? props.role !== 'alertdialog';
  return (
    <RACDialog {...props} className={cn('relative flex flex-col outline-0', props.className)}>
      {({ close }) => (
        <>
          {title && (
            <Heading
              slot="title"
              className="px-6 pt-5 pe-12 text-lg leading-7 font-semibold text-neutral-900"
            >
              {title}
            </Heading>
          )}
          {showClose && (
            <RACButton
              slot={null}
              aria-label={t('common.close')}
              onPress={close}
              className={({ isFocusVisible, isHovered }) =>
                cn(
                  'absolute end-3 top-3 flex size-8 items-center justify-center rounded text-neutral-600',
                  isHovered && 'bg-neutral-100 text-neutral-900',
                  focusRing({ isFocusVisible }),
                )
              }
            >
              <X className="size-4" aria-hidden="true" />
            </RACButton>
          )}
          <div className="px-6 py-4 text-sm text-neutral-700">
            {typeof children === 'function' ? children({ close }) : children}
          </div>
          {footer && (
            <div className="flex justify-end gap-2 border-t border-neutral-100 bg-neutral-50 px-6 py-3">
              {typeof footer === 'function' ? footer({ close }) : footer}
            </div>
          )}
        </>
      )}
    </RACDialog>
  );
}
