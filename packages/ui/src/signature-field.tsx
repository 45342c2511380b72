import { type ReactNode, type Ref, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { SignaturePad, type SignaturePadHandle } from './signature-pad';
import { cn } from './utils';

export type SignatureFieldProps = {
  /** Names the drawing area for screen readers. @default 'Unterschriftsfeld' */
  label?: string;
  /** A visible line above the pad, e.g. who signs and what for. */
  description?: ReactNode;
  /** After each stroke and after clearing: whether the pad is empty now (to refuse sending). */
  onChange?: (isEmpty: boolean) => void;
  /** When a stroke ends (the signer lifts the pen or finger), e.g. to keep the signing time. */
  onStrokeEnd?: () => void;
  className?: string;
  /** `clear`, `isEmpty` and `toPng` of the pad. */
  ref?: Ref<SignaturePadHandle>;
};

/**
 * The signature pad as a form part: the pad, a line that says whether something is drawn
 * ("Das Feld ist noch leer." / "Unterschrift erfasst.", announced politely) and
 * "Neu unterschreiben", which empties the pad (disabled while it is empty). Sending is the
 * caller's: keep its button disabled while `onChange` says the pad is empty.
 */
export function SignatureField({
  label,
  description,
  onChange,
  onStrokeEnd,
  className,
  ref,
}: SignatureFieldProps) {
  const { t } = useTranslation('ui');
  const pad = useRef<SignaturePadHandle>(null);
  const [isEmpty, setEmpty] = useState(true);

  useImperativeHandle(
    ref,
    () => ({
      clear: () => pad.current?.clear(),
      isEmpty: () => pad.current?.isEmpty() ?? true,
      toPng: () =>
        pad.current
          ? pad.current.toPng()
          : Promise.reject(new Error('The signature pad is not mounted.')),
    }),
    [],
  );

  return (
    <div data-slot="signature-field" className={cn('flex flex-col gap-3', className)}>
      {description && <div className="text-neutral-700">{description}</div>}
      <SignaturePad
        ref={pad}
        label={label}
        onStrokeEnd={onStrokeEnd}
        onChange={(empty) => {
          setEmpty(empty);
          onChange?.(empty);
        }}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p aria-live="polite" className="text-neutral-600">
          {isEmpty ? t('signature.empty') : t('signature.captured')}
        </p>
        <Button
          variant="secondary"
          size="lg"
          isDisabled={isEmpty}
          onPress={() => pad.current?.clear()}
        >
          {t('signature.clear')}
        </Button>
      </div>
    </div>
  );
}
