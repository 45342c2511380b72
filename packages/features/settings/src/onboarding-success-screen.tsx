import { Badge, type BadgeTone, Button, PageHeader, Section } from '@fahrwerk/ui';
import { useId } from 'react';
import { type SetupStepState, useCurrentDrivingSchool, useSetupSteps } from './api/setup-queries';
import { SetupStepIcon } from './components/setup-step-icon';
import { SETUP_STEPS, type SetupStepId } from './setup-steps';
import { useSettingsTranslation } from './use-settings-translation';

export type OnboardingSuccessScreenProps = {
  /** Opens the screen where a step is done (the host knows where that is); without it no buttons. */
  onOpenStep?: (step: SetupStepId) => void;
  /** Whether the user may open that step's screen; a step they may not open gets no button. @default every step */
  canOpenStep?: (step: SetupStepId) => boolean;
};

const TONE: Record<SetupStepState['status'], BadgeTone> = {
  done: 'success',
  open: 'warning',
  forbidden: 'neutral',
  error: 'danger',
  loading: 'neutral',
};

/**
 * Where a school lands after its online onboarding (`/onboard/driving-school/success`): a
 * welcome with the school's name and the next steps — master data, mail account, price
 * list, first instructor, vehicle, branch — each done or open as the school's data says,
 * with a button to its screen. A step the user's role may not read says so; a step whose
 * call failed offers a retry of that call alone. Any signed-in user may open the page.
 */
export function OnboardingSuccessScreen({
  onOpenStep,
  canOpenStep = () => true,
}: OnboardingSuccessScreenProps) {
  const { t } = useSettingsTranslation();
  const school = useCurrentDrivingSchool();
  const steps = useSetupSteps();
  const states = SETUP_STEPS.map((id) => steps[id]);
  const done = states.filter((state) => state.status === 'done').length;
  const hidden = states.filter((state) => state.status === 'forbidden').length;
  const checking = states.some((state) => state.status === 'loading');
  const total = SETUP_STEPS.length;
  const progress = t('onboarding.progress', { done, total });
  // The first step still to do gets the primary button: that is the one to start with.
  const next = SETUP_STEPS.find((id) => steps[id].status === 'open' && canOpenStep(id));

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        eyebrow={
          <span className="inline-flex items-center gap-1.5 font-medium text-success-700">
            <SetupStepIcon status="done" size="size-4" />
            {t('onboarding.eyebrow')}
          </span>
        }
        title={t('onboarding.title')}
        description={
          school.data
            ? t('onboarding.introSchool', { name: school.data.name })
            : t('onboarding.intro')
        }
      />
      <Section title={t('onboarding.stepsTitle')} description={t('onboarding.stepsDescription')}>
        <div className="flex flex-col gap-2">
          <p role="status" className="text-sm font-medium text-neutral-900">
            {checking
              ? t('onboarding.checking')
              : done === total
                ? `${progress} – ${t('onboarding.allDone')}`
                : progress}
          </p>
          <div
            role="progressbar"
            aria-label={t('onboarding.progressLabel')}
            aria-valuemin={0}
            aria-valuemax={total}
            aria-valuenow={done}
            aria-valuetext={progress}
            className="h-2 overflow-hidden rounded-full bg-neutral-100"
          >
            <div
              className="h-full rounded-full bg-success-600 transition-[width]"
              style={{ width: `${(done / total) * 100}%` }}
            />
          </div>
          {hidden > 0 && (
            <p className="text-sm text-neutral-600">{t('onboarding.hidden', { count: hidden })}</p>
          )}
        </div>
        <ol className="flex flex-col divide-y divide-neutral-200">
          {SETUP_STEPS.map((id) => (
            <SetupStep
              key={id}
              id={id}
              state={steps[id]}
              isNext={id === next}
              onOpen={onOpenStep && canOpenStep(id) ? () => onOpenStep(id) : undefined}
            />
          ))}
        </ol>
      </Section>
    </div>
  );
}

function SetupStep({
  id,
  state,
  isNext,
  onOpen,
}: {
  id: SetupStepId;
  state: SetupStepState;
  isNext: boolean;
  onOpen: (() => void) | undefined;
}) {
  const { t, i18n } = useSettingsTranslation();
  const titleId = useId();
  // A step the user may not read is not theirs to do either.
  const openStep = state.status === 'forbidden' ? undefined : onOpen;
  const text = (key: string, options?: Record<string, unknown>) =>
    t(`onboarding.steps.${id}.${key}`, options);

  // While loading the badge says it all.
  let detail: string | null;
  switch (state.status) {
    case 'loading':
      detail = null;
      break;
    case 'forbidden':
      detail = t('onboarding.forbidden');
      break;
    case 'error':
      detail = t('onboarding.loadError');
      break;
    default:
      if (state.missing) {
        const gaps = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
          state.missing.map((gap) => t(`onboarding.masterDataGaps.${gap}`)),
        );
        detail = state.status === 'done' ? text('done') : text('open', { missing: gaps });
      } else {
        detail = state.status === 'done' ? text('done', { count: state.count }) : text('open');
      }
  }

  return (
    <li className="flex flex-wrap items-start gap-3 py-4 first:pt-0 last:pb-0">
      <SetupStepIcon status={state.status} />
      <div className="flex min-w-48 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={titleId} className="text-sm font-semibold text-neutral-900">
            {text('title')}
          </h3>
          <Badge tone={TONE[state.status]}>{t(`onboarding.status.${state.status}`)}</Badge>
        </div>
        {detail !== null && (
          <p
            role={state.status === 'error' ? 'alert' : undefined}
            className={
              state.status === 'error' ? 'text-sm text-danger-700' : 'text-sm text-neutral-600'
            }
          >
            {detail}
          </p>
        )}
      </div>
      {(state.status === 'error' || openStep) && (
        <div className="flex flex-wrap items-center gap-2">
          {state.status === 'error' && (
            <Button
              variant="secondary"
              size="sm"
              onPress={state.retry}
              isPending={state.isRetrying}
              aria-describedby={titleId}
            >
              {t('onboarding.retry')}
            </Button>
          )}
          {openStep && (
            <Button variant={isNext ? 'primary' : 'secondary'} size="sm" onPress={openStep}>
              {text('action')}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
