import { Spinner } from '@fahrwerk/ui';
import type { SetupStepState } from '../api/setup-queries';

/** The status marks of the onboarding checklist (24×24 strokes, drawn here: the package has no icon library). */
const PATHS: Record<Exclude<SetupStepState['status'], 'loading'>, readonly string[]> = {
  done: ['M22 11.08V12a10 10 0 1 1-5.93-9.14', 'M22 4 12 14.01l-3-3'],
  open: ['M2 12a10 10 0 1 0 20 0a10 10 0 1 0-20 0'],
  forbidden: ['M5 11h14v10H5z', 'M8 11V7a4 4 0 0 1 8 0v4'],
  error: ['M2 12a10 10 0 1 0 20 0a10 10 0 1 0-20 0', 'M12 8v4', 'M12 16h.01'],
};

const COLOUR: Record<SetupStepState['status'], string> = {
  done: 'text-success-600',
  open: 'text-neutral-400',
  forbidden: 'text-neutral-500',
  error: 'text-danger-600',
  loading: 'text-brand-600',
};

/** A step's status as a mark beside its title; decorative, the badge beside it says it in words. */
export function SetupStepIcon({
  status,
  size = 'size-6',
}: {
  status: SetupStepState['status'];
  /** A Tailwind size class. @default 'size-6' */
  size?: 'size-4' | 'size-6';
}) {
  if (status === 'loading') {
    return <Spinner isDecorative className={`${size} ${COLOUR.loading}`} />;
  }
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={`${size} shrink-0 ${COLOUR[status]}`}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {PATHS[status].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
