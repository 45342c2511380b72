import { type Ref, useEffect, useId, useImperativeHandle, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import SignaturePadEngine from 'signature_pad';
import { cn } from './utils';

export type SignaturePadHandle = {
  /** Empties the pad. */
  clear: () => void;
  isEmpty: () => boolean;
  /** The drawing as a PNG (white background). */
  toPng: () => Promise<Blob>;
};

export type SignaturePadProps = {
  /** Names the drawing area for screen readers. @default 'Unterschriftsfeld' */
  label?: string;
  /**
   * Describes the drawing area for screen readers: how to sign, and that a keyboard cannot.
   * @default 'Mit dem Finger, einem Stift oder der Maus in das Feld zeichnen. …'
   */
  description?: string;
  /** After each stroke and after clearing: whether the pad is empty now. */
  onChange?: (isEmpty: boolean) => void;
  /** When a stroke ends (the signer lifts the pen or finger). */
  onStrokeEnd?: () => void;
  className?: string;
  /** `clear`, `isEmpty` and `toPng` of the pad. */
  ref?: Ref<SignaturePadHandle>;
};

const BACKGROUND = 'rgb(255, 255, 255)';
const INK = 'rgb(17, 24, 39)';

/**
 * A signature drawn with a finger, a stylus or the mouse: a React wrapper over
 * `signature_pad` 5 (pointer events; the canvas is not scrolled by touch). The canvas is
 * sized to its box times `devicePixelRatio`, so strokes stay sharp on a tablet, and is
 * resized with its box without losing what was drawn. It is an image to assistive
 * technology (named by `label`, described by `description`) and not in the tab order: a
 * signature cannot be typed. For the pad with its state line and "Neu unterschreiben" use
 * `SignatureField`.
 */
export function SignaturePad({
  label,
  description,
  onChange,
  onStrokeEnd,
  className,
  ref,
}: SignaturePadProps) {
  const { t } = useTranslation('ui');
  const descriptionId = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePadEngine | null>(null);
  const callbacks = useRef({ onChange, onStrokeEnd });
  callbacks.current = { onChange, onStrokeEnd };

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePadEngine(canvas, {
      backgroundColor: BACKGROUND,
      penColor: INK,
      minWidth: 1,
      maxWidth: 3,
    });
    padRef.current = pad;
    // Takes strokes from now on (play functions wait for it before they draw).
    canvas.dataset.ready = 'true';
    const handleEnd = () => {
      callbacks.current.onStrokeEnd?.();
      callbacks.current.onChange?.(pad.isEmpty());
    };
    pad.addEventListener('endStroke', handleEnd);

    const resize = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const { offsetWidth, offsetHeight } = canvas;
      if (offsetWidth === 0 || offsetHeight === 0) return;
      const width = Math.round(offsetWidth * ratio);
      const height = Math.round(offsetHeight * ratio);
      if (canvas.width === width && canvas.height === height) return;
      const strokes = pad.toData();
      canvas.width = width;
      canvas.height = height;
      canvas.getContext('2d')?.scale(ratio, ratio);
      // Setting the size wiped the canvas: paint the background and the strokes again.
      pad.clear();
      pad.fromData(strokes);
    };
    resize();
    const observer = new ResizeObserver(resize);
    observer.observe(canvas);
    window.addEventListener('resize', resize);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', resize);
      pad.removeEventListener('endStroke', handleEnd);
      pad.off();
      delete canvas.dataset.ready;
      padRef.current = null;
    };
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      clear: () => {
        padRef.current?.clear();
        callbacks.current.onChange?.(true);
      },
      isEmpty: () => padRef.current?.isEmpty() ?? true,
      toPng: () =>
        new Promise<Blob>((resolve, reject) => {
          const canvas = canvasRef.current;
          if (!canvas) {
            reject(new Error('The signature pad is not mounted.'));
            return;
          }
          canvas.toBlob(
            (blob) => (blob ? resolve(blob) : reject(new Error('No PNG from the canvas.'))),
            'image/png',
          );
        }),
    }),
    [],
  );

  return (
    <>
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={label ?? t('signature.pad')}
        aria-describedby={descriptionId}
        data-slot="signature-pad"
        className={cn(
          'block h-64 w-full touch-none rounded-[var(--radius-control)] border-2 border-dashed border-neutral-300 bg-white',
          className,
        )}
      />
      <span id={descriptionId} className="sr-only">
        {description ?? t('signature.howTo')}
      </span>
    </>
  );
}
