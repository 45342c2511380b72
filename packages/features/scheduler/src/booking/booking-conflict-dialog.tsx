import { FormAlert } from '@fahrwerk/core';
import { Button, Dialog, formatMoney, Modal } from '@fahrwerk/ui';
import { useSchedulerTranslation } from '../use-scheduler-translation';
import type { FindingGroup } from './booking-checks';
import { addMinutes, formatIsoDate, formatRanges, weekdayOf } from './booking-format';
import type { BookingFinding } from './booking-types';

export type BookingConflictDialogProps = {
  isOpen: boolean;
  /** The findings per day (for a series: per occurrence), as `runBookingChecks` answers them. */
  groups: FindingGroup[];
  /** A series is checked: each occurrence gets its date as a heading. */
  isSeries?: boolean;
  /** A message above the findings, e.g. that somebody booked the time meanwhile (409). */
  notice?: string;
  /** "Trotzdem buchen". */
  onContinue: () => void;
  /** "Abbrechen", Escape: nothing is booked. */
  onCancel: () => void;
};

/**
 * The one confirmation before a booking the server's checks found reasons against (spec 000
 * §5): overlaps of instructor, vehicle, trailer and escort vehicle with the other
 * appointment's date, time, length and owner, work hours and corridor with the allowed hours,
 * class mismatches and the 495-minute daily limit — grouped per occurrence for a series.
 */
export function BookingConflictDialog({
  isOpen,
  groups,
  isSeries = false,
  notice,
  onContinue,
  onCancel,
}: BookingConflictDialogProps) {
  const { t, i18n } = useSchedulerTranslation();
  const showDates = isSeries || groups.length > 1;
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      isDismissable={false}
      size="lg"
    >
      <Dialog
        role="alertdialog"
        title={t('booking.conflicts.title')}
        footer={
          <>
            <Button variant="secondary" size="lg" onPress={onCancel}>
              {t('booking.conflicts.cancel')}
            </Button>
            <Button size="lg" autoFocus onPress={onContinue}>
              {t('booking.conflicts.continue')}
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-4">
          {notice && <FormAlert>{notice}</FormAlert>}
          {groups.length > 0 && (
            <p>
              {isSeries
                ? t('booking.conflicts.seriesIntro', { count: groups.length })
                : t('booking.conflicts.intro')}
            </p>
          )}
          {groups.length > 0 && (
            <div className="flex flex-col gap-4">
              {groups.map((group) => (
                <section key={group.date} aria-label={occurrenceLabel(group)}>
                  {showDates && (
                    <h3 className="mb-1 font-semibold text-neutral-900">
                      {occurrenceLabel(group)}
                    </h3>
                  )}
                  <ul className="flex flex-col gap-2">
                    {group.findings.map((finding) => (
                      <li
                        key={JSON.stringify(finding)}
                        className="border-s-4 border-warning-500 bg-warning-50 px-3 py-2"
                      >
                        <span className="block font-medium text-neutral-900">
                          {t(`booking.conflicts.kinds.${finding.kind}`)}
                        </span>
                        <span className="block text-neutral-700">{describe(finding)}</span>
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
            </div>
          )}
          <p className="font-medium text-neutral-900">{t('booking.conflicts.question')}</p>
        </div>
      </Dialog>
    </Modal>
  );

  function occurrenceLabel(group: FindingGroup): string {
    const parts = {
      weekday: weekdayOf(group.date, i18n.language),
      date: formatIsoDate(group.date),
    };
    return group.startTime
      ? t('booking.conflicts.occurrenceAt', { ...parts, time: group.startTime })
      : t('booking.conflicts.occurrence', parts);
  }

  function describe(finding: BookingFinding): string {
    switch (finding.kind) {
      case 'INSTRUCTOR_OVERLAP':
      case 'VEHICLE_OVERLAP':
      case 'TRAILER_OVERLAP':
      case 'ESCORT_VEHICLE_OVERLAP': {
        const other = finding.conflictingAppointment;
        if (!other) return t('booking.conflicts.ownerUnknown');
        const owner = other.mirrorSchool
          ? other.mirrorSchoolName
            ? t('booking.conflicts.mirrorSchool', { name: other.mirrorSchoolName })
            : t('booking.conflicts.mirrorSchoolUnnamed')
          : other.studentName || other.title || t('booking.conflicts.ownerUnknown');
        return t('booking.conflicts.overlap', {
          owner,
          date: formatIsoDate(other.date),
          from: other.startTime,
          to: addMinutes(other.startTime, other.minutes),
          minutes: other.minutes,
        });
      }
      case 'OUTSIDE_WORKING_HOURS':
        return finding.allowedHours?.length
          ? t('booking.conflicts.workingHours', { hours: formatRanges(finding.allowedHours) })
          : t('booking.conflicts.noWorkingHours');
      case 'OUTSIDE_WORK_CORRIDOR':
        return finding.allowedHours?.length
          ? t('booking.conflicts.workCorridor', { hours: formatRanges(finding.allowedHours) })
          : t('booking.conflicts.noWorkCorridor');
      case 'CLASS_MISMATCH':
        return finding.allowedLicenseClasses?.length
          ? t('booking.conflicts.classMismatch', {
              class: finding.licenseClass ?? '–',
              allowed: finding.allowedLicenseClasses.join(', '),
            })
          : t('booking.conflicts.classMismatchNone', { class: finding.licenseClass ?? '–' });
      case 'DAILY_LIMIT':
        return t('booking.conflicts.dailyLimit', {
          day: finding.dayMinutes ?? '–',
          limit: finding.limitMinutes ?? 495,
        });
      case 'LOW_BALANCE':
        return t('booking.conflicts.lowBalance', {
          balance: formatMoney(finding.balance ?? 0),
          threshold: formatMoney(finding.threshold ?? 0),
        });
    }
  }
}
