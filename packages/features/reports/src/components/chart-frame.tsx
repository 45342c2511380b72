import type { ReactNode } from 'react';
import { ResponsiveContainer } from 'recharts';

/**
 * Series colours: dark enough for text on white (legend entries take the series' colour),
 * and apart in hue and lightness.
 */
export const SERIES_COLORS = ['#1d4ed8', '#047857', '#b45309', '#7e22ce', '#be123c'] as const;

export const seriesColor = (index: number) => SERIES_COLORS[index % SERIES_COLORS.length];

/** Axis ticks: neutral-700, 12 px. */
export const AXIS_TICK = { fill: '#404040', fontSize: 12 } as const;

/** The label of a vertical axis, read bottom to top at its left edge. */
export const yAxisLabel = (value: string) => ({
  value,
  angle: -90,
  position: 'insideLeft' as const,
  style: { textAnchor: 'middle' as const, fill: '#404040', fontSize: 12 },
});

/** The label of a horizontal axis, under its ticks. */
export const xAxisLabel = (value: string) => ({
  value,
  position: 'insideBottom' as const,
  offset: -4,
  style: { fill: '#404040', fontSize: 12 },
});

export type ChartFrameProps = {
  /** What the chart shows and where its values are in text (the table beside it). */
  label: string;
  /** @default 288 */
  height?: number;
  children: ReactNode;
};

/**
 * A chart as one image for assistive technology (`role="img"` with a label; the table beside
 * it carries the values). A fixed height and an initial size keep Recharts from measuring
 * zero (jsdom, a hidden tab) and warning or drawing nothing.
 */
export function ChartFrame({ label, height = 288, children }: ChartFrameProps) {
  return (
    <div
      role="img"
      aria-label={label}
      className="w-full min-w-0 rounded-[var(--radius-card)] border border-neutral-200 bg-white p-3"
    >
      <ResponsiveContainer
        width="100%"
        height={height}
        minWidth={0}
        initialDimension={{ width: 640, height }}
      >
        {children}
      </ResponsiveContainer>
    </div>
  );
}
