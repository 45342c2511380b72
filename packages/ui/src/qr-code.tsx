import QRCode from 'qrcode';
import { useMemo } from 'react';
import { cn } from './utils';

export type QrCodeProps = {
  /** What the code encodes, usually a URL. */
  value: string;
  /** The accessible name of the image, e.g. "QR-Code der Anmeldung". */
  label: string;
  /** Edge length in CSS pixels. @default 160 */
  size?: number;
  className?: string;
};

/**
 * The squares of a QR code as one SVG path: one `M x y h1 v1 h-1 z` square per dark module,
 * inside a quiet zone of two modules. Error correction M (15 %) survives a printed poster's
 * wear and keeps codes of school URLs small.
 */
export function qrCodePath(value: string): { path: string; size: number } {
  const { modules } = QRCode.create(value, { errorCorrectionLevel: 'M' });
  const quiet = 2;
  let path = '';
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (modules.get(row, column)) path += `M${column + quiet} ${row + quiet}h1v1h-1z`;
    }
  }
  return { path, size: modules.size + quiet * 2 };
}

/** The SVG file of a QR code, for printing (a poster in the office, a flyer). */
export function qrCodeSvg(value: string): string {
  const { path, size } = qrCodePath(value);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges"><rect width="${size}" height="${size}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
}

/** A QR code drawn as SVG, black on white whatever the theme, so every phone camera reads it. */
export function QrCode({ value, label, size = 160, className }: QrCodeProps) {
  const code = useMemo(() => qrCodePath(value), [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${code.size} ${code.size}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      className={cn('shrink-0 rounded-sm border border-neutral-200', className)}
    >
      <rect width={code.size} height={code.size} fill="#fff" />
      <path d={code.path} fill="#000" />
    </svg>
  );
}
