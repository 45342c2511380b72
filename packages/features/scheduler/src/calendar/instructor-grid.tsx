import './scheduler-calendar.css';
import { cn } from '@fahrwerk/ui';
import type { TFunction } from 'i18next';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { CalendarEntry } from '../api/calendar-queries';
import { useSchedulerTranslation } from '../use-scheduler-translation';
import {
  daysBetween,
  fromCalendarDate,
  type IsoDate,
  rangeOf,
  toMinutes,
  toTime,
} from './calendar-dates';
import {
  dayShading,
  minutesKey,
  practicalMinutes,
  type SchedulerData,
  slotLimits,
} from './calendar-events';
import type { CalendarView } from './calendar-view';
import {
  entryDateLabel,
  entryTexts,
  LOCK_ICON,
  minutesTexts,
  shadeStyle,
  timeRangeText,
} from './entry-content';
import {
  type ColumnRange,
  columnsInView,
  columnWidth,
  covers,
  type GridColumn,
  gridColumns,
  minutesAt,
  movedStart,
  offsetOf,
  type PlacedEntry,
  placeEntries,
  SLOT_MINUTES,
  SLOT_PX,
  SNAP_MINUTES,
  snap,
  TIME_AXIS_PX,
} from './instructor-grid-layout';
import type { AppointmentMove, NewAppointmentSlot } from './scheduler-calendar';

export type InstructorGridProps = {
  /** `instructors` with span `day` or `week`. */
  view: CalendarView;
  date: IsoDate;
  data: SchedulerData;
  readOnly: boolean;
  defaultMinutes: number;
  locale: string;
  onCreate?: (slot: NewAppointmentSlot) => void;
  onOpen?: (entry: CalendarEntry) => void;
  onMove?: (entry: CalendarEntry, move: AppointmentMove) => Promise<boolean>;
};

/** Where an entry is drawn while dragged, resized or waiting for its booking. */
type Placement = { column: number; start: number; minutes: number };

/** A move handed to `onMove`; `settled` once it said yes (the next answer draws the entry). */
type Pending = { at: Placement; settled: boolean };

/** A press on the grid, before and while it is a drag. */
type Gesture = {
  kind: 'move' | 'resize' | 'select';
  /** The pointer pressed: another finger's moves and lift-off are not this gesture's. */
  pointerId: number;
  pointerType: string;
  x: number;
  y: number;
  column: number;
  /** The minute pressed. */
  minutes: number;
  placed?: PlacedEntry;
  started: boolean;
  timer: ReturnType<typeof setTimeout> | null;
};

/** A touch press becomes a drag after this long without moving (scrolling moves nothing). */
const LONG_PRESS_MS = 400;
/** A mouse press becomes a drag after moving this far (px); a touch press that moves scrolls. */
const MOUSE_SLOP_PX = 5;
const TOUCH_SLOP_PX = 8;
/** A drag near the pane's edge scrolls it by this much a move (px). */
const EDGE_PX = 32;
const EDGE_STEP_PX = 24;

/** Today in the browser's time zone, and the minute of the day now. */
function localNow(): { date: IsoDate; minutes: number } {
  const { date, time } = fromCalendarDate(new Date());
  return { date, minutes: toMinutes(time) };
}

/** Runs `task` when the browser is idle (Safari: after a moment); returns the cancel. */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: 1000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, 200);
  return () => clearTimeout(timer);
}

/**
 * The instructors side by side: one column per instructor (and day, in the week), our own
 * grid rather than the calendar library's. A week of 30 instructors has 210 columns and about
 * 1,200 entries; the library drew every column, header and shading, and its mount alone took
 * most of a second. This grid draws only the columns in view (headers, shading and entries)
 * and a screen on either side once the browser is idle, and the next ones as the pane
 * scrolls; an entry is an absolutely placed button. Drag to move (another time, day or
 * instructor), the grip at the bottom to resize, a click or a drag over free time to create;
 * on a touch screen a press of 400 ms starts a drag, a swipe scrolls.
 */
export function InstructorGrid({
  view,
  date,
  data,
  readOnly,
  defaultMinutes,
  locale,
  onCreate,
  onOpen,
  onMove,
}: InstructorGridProps) {
  const { t } = useSchedulerTranslation();
  const pane = useRef<HTMLElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const [paneWidth, setPaneWidth] = useState(0);
  const canCreate = !readOnly && onCreate !== undefined;
  const canMove = !readOnly && onMove !== undefined;

  const days = useMemo(() => {
    const range = rangeOf(view.span, date);
    return daysBetween(range.from, range.to);
  }, [view.span, date]);
  const columns = useMemo(() => gridColumns(days, data.instructors), [days, data.instructors]);
  const perDay = data.instructors.length;
  const columnOf = useMemo(() => {
    const dayIndex = new Map(days.map((day, index) => [day, index]));
    const instructorIndex = new Map(data.instructors.map((item, index) => [item.id, index]));
    return (day: IsoDate, instructorId: number) => {
      const d = dayIndex.get(day);
      const i = instructorIndex.get(instructorId);
      return d === undefined || i === undefined ? undefined : d * perDay + i;
    };
  }, [days, data.instructors, perDay]);
  const placed = useMemo(() => placeEntries(data.entries, columnOf), [data.entries, columnOf]);
  /** Whether the answer has the entry `key` where `at` puts it. */
  const arrived = (key: string, at: Placement) =>
    placed
      .get(at.column)
      ?.some(
        (item) => item.key === key && item.start === at.start && item.minutes === at.minutes,
      ) ?? false;
  const limits = useMemo(() => slotLimits(data.entries), [data.entries]);
  const sums = useMemo(() => practicalMinutes(data.entries), [data.entries]);
  const shading = useMemo(() => dayShading(data, view), [data, view]);
  const mirrors = useMemo(() => {
    const byColumn = new Map<number, Array<{ start: number; minutes: number }>>();
    for (const block of data.mirrorBlocks) {
      if (block.instructorId === undefined) continue;
      const column = columnOf(block.date, block.instructorId);
      if (column === undefined) continue;
      const list = byColumn.get(column) ?? [];
      list.push({ start: toMinutes(block.startTime), minutes: block.minutes });
      byColumn.set(column, list);
    }
    return byColumn;
  }, [data.mirrorBlocks, columnOf]);

  const width = columnWidth(paneWidth, columns.length);
  const bodyHeight = ((limits.max - limits.min) / SLOT_MINUTES) * SLOT_PX;

  // The columns drawn: first those in view (and one more), then a screen either side.
  const [drawn, setDrawn] = useState<ColumnRange>({ first: 0, last: -1 });
  const narrow = useRef(true);
  const measureColumns = (margin: number) => {
    const element = pane.current;
    if (!element) return null;
    return columnsInView(element.scrollLeft, element.clientWidth, width, columns.length, margin);
  };
  const refresh = useRef((_widen: boolean) => {});
  refresh.current = (widen: boolean) => {
    // A screen either side whenever more must be drawn: a fling or the Tab key's scrolling
    // finds the next columns there. Only the first paint draws the columns in view alone.
    const next = measureColumns(1);
    if (!next) return;
    if (covers(drawn, next.inView) && !(widen && narrow.current)) return;
    narrow.current = false;
    setDrawn(next.draw);
  };

  // The pane's width (the columns share it when they fit).
  useLayoutEffect(() => {
    const element = pane.current;
    if (!element) return;
    setPaneWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      setPaneWidth(element.clientWidth);
      refresh.current(false);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Another range, other instructors: scrolled to 07:00 and to today's columns (else the
  // first), the columns in view drawn before the paint, a screen either side once idle.
  const rangeKey = `${view.span}/${days[0]}/${columns.length}/${paneWidth > 0}`;
  const firstMinute = limits.min;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for another range only
  useLayoutEffect(() => {
    const element = pane.current;
    if (!element || paneWidth === 0) return;
    // 07:00 at the top, its label (centred on its line) whole under the header.
    element.scrollTop = Math.max(0, offsetOf(7 * 60, firstMinute) - SLOT_PX / 3);
    const todayIndex = days.indexOf(localNow().date);
    element.scrollLeft = view.span === 'week' && todayIndex > 0 ? todayIndex * perDay * width : 0;
    narrow.current = true;
    const next = measureColumns(0.05);
    if (next) setDrawn(next.draw);
    return whenIdle(() => refresh.current(true));
  }, [rangeKey]);

  const onScroll = useRef(0);
  const handleScroll = () => {
    if (onScroll.current) return;
    onScroll.current = requestAnimationFrame(() => {
      onScroll.current = 0;
      refresh.current(false);
    });
  };
  useEffect(() => () => cancelAnimationFrame(onScroll.current), []);

  // The now line, moved every minute.
  const [now, setNow] = useState(localNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(localNow()), 60_000);
    return () => clearInterval(timer);
  }, []);

  // Drags: a placement per entry while dragged or waiting for its booking.
  const [dragged, setDragged] = useState<{ key: string; at: Placement } | null>(null);
  /** Moves handed to `onMove`: drawn at their new place until the answer (or a refusal). */
  const [pending, setPending] = useState<ReadonlyMap<string, Pending>>(new Map());
  const [selection, setSelection] = useState<{ column: number; from: number; to: number } | null>(
    null,
  );
  // A new answer places every entry where the server has it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the entries change
  useEffect(
    () =>
      setPending((map) => {
        if (map.size === 0) return map;
        // Kept while the booking is under way (a question may be open); dropped once it said
        // yes and a new answer came, or once the answer shows the entry where it was put.
        const next = new Map(
          [...map].filter(([key, move]) => !move.settled && !arrived(key, move.at)),
        );
        return next.size === map.size ? map : next;
      }),
    [data.entries],
  );
  const gesture = useRef<Gesture | null>(null);
  const suppressClickUntil = useRef(0);

  // What the pointer handlers (registered once) read: this render's values.
  const latest = {
    columns,
    placed,
    limits,
    width,
    defaultMinutes,
    onCreate,
    onMove,
    canCreate,
    canMove,
  };
  const live = useRef(latest);
  live.current = latest;

  /** The column and minute under a point of the screen. */
  const pointAt = (clientX: number, clientY: number) => {
    const box = body.current?.getBoundingClientRect();
    const { columns: all, limits: range, width: w } = live.current;
    if (!box) return null;
    const column = Math.floor((clientX - box.left - TIME_AXIS_PX) / w);
    return {
      column: Math.min(Math.max(column, 0), all.length - 1),
      inside: column >= 0 && column < all.length,
      minutes: Math.min(Math.max(minutesAt(clientY - box.top, range.min), range.min), range.max),
    };
  };

  const placementOf = (current: Gesture, clientX: number, clientY: number): Placement | null => {
    const point = pointAt(clientX, clientY);
    const item = current.placed;
    if (!point || !item) return null;
    const { limits: range } = live.current;
    if (current.kind === 'resize') {
      const end = Math.min(snap(point.minutes), range.max);
      return {
        column: current.column,
        start: item.start,
        minutes: Math.max(SNAP_MINUTES, end - item.start),
      };
    }
    return {
      column: point.column,
      start: movedStart(item.start, item.minutes, point.minutes - current.minutes, range),
      minutes: item.minutes,
    };
  };

  const selectionOf = (current: Gesture, clientY: number) => {
    const point = pointAt(current.x, clientY);
    if (!point) return null;
    const a = snap(Math.min(current.minutes, point.minutes), 'floor');
    const b = snap(Math.max(current.minutes, point.minutes), 'ceil');
    return { column: current.column, from: a, to: Math.max(b, a + SNAP_MINUTES) };
  };

  const start = (current: Gesture) => {
    current.started = true;
    if (current.kind === 'select') setSelection(selectionOf(current, current.y));
    else if (current.placed) {
      setDragged({
        key: current.placed.key,
        at: {
          column: current.column,
          start: current.placed.start,
          minutes: current.placed.minutes,
        },
      });
    }
  };

  const create = (column: number, from: number, minutes: number) => {
    const target = live.current.columns[column];
    if (!target || !target.instructor.write || !live.current.canCreate) return;
    live.current.onCreate?.({
      date: target.day,
      startTime: toTime(from),
      minutes,
      instructorId: target.instructor.id,
    });
  };

  const finish = (current: Gesture, clientX: number, clientY: number) => {
    if (current.kind === 'select') {
      setSelection(null);
      const picked = current.started ? selectionOf(current, clientY) : null;
      // A selection within one quarter hour (a shaky click, a long press held still) is a
      // click: the school's usual lesson length.
      if (picked && picked.to - picked.from > SNAP_MINUTES) {
        create(picked.column, picked.from, picked.to - picked.from);
      } else {
        create(current.column, snap(current.minutes, 'floor'), live.current.defaultMinutes);
      }
      return;
    }
    setDragged(null);
    const item = current.placed;
    if (!current.started || !item) return;
    suppressClickUntil.current = performance.now() + 400;
    const at = placementOf(current, clientX, clientY);
    const { columns: all, onMove: move } = live.current;
    const target = at ? all[at.column] : undefined;
    if (!at || !target || !move) return;
    const unchanged =
      at.column === current.column && at.start === item.start && at.minutes === item.minutes;
    if (unchanged || !target.instructor.write) return;
    const change: AppointmentMove = {
      date: target.day,
      startTime: toTime(at.start),
      minutes: at.minutes,
    };
    if (target.instructor.id !== item.entry.appointment.instructorId) {
      change.instructorId = target.instructor.id;
    }
    const key = item.key;
    setPending((map) => new Map(map).set(key, { at, settled: false }));
    void move(item.entry, change)
      .catch(() => false)
      .then((moved) => {
        setPending((map) => {
          const next = new Map(map);
          if (moved) next.set(key, { at, settled: true });
          else next.delete(key);
          return next;
        });
      });
  };

  // The press's moves and release are followed on the window (the pointer leaves the entry).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the handlers read `live`
  useEffect(() => {
    const element = pane.current;
    const stop = () => {
      const current = gesture.current;
      if (current?.timer) clearTimeout(current.timer);
      gesture.current = null;
      setDragged(null);
      setSelection(null);
    };
    const move = (event: PointerEvent) => {
      const current = gesture.current;
      if (!current || event.pointerId !== current.pointerId) return;
      // The button was let go where no release reached us (another window, a system dialog).
      if (current.pointerType === 'mouse' && event.buttons === 0) {
        stop();
        return;
      }
      const distance = Math.hypot(event.clientX - current.x, event.clientY - current.y);
      if (!current.started) {
        if (current.pointerType === 'mouse') {
          if (distance > MOUSE_SLOP_PX) start(current);
        } else if (distance > TOUCH_SLOP_PX) {
          // A swipe before the long press: the browser scrolls, nothing is dragged.
          stop();
          return;
        }
        if (!current.started) return;
      }
      const paneBox = element?.getBoundingClientRect();
      if (element && paneBox) {
        if (event.clientX > paneBox.right - EDGE_PX) element.scrollLeft += EDGE_STEP_PX;
        else if (event.clientX < paneBox.left + TIME_AXIS_PX + EDGE_PX) {
          element.scrollLeft -= EDGE_STEP_PX;
        }
        const top = element.querySelector('.fw-ig-head')?.getBoundingClientRect().bottom;
        if (event.clientY > paneBox.bottom - EDGE_PX) element.scrollTop += EDGE_STEP_PX;
        else if (event.clientY < (top ?? paneBox.top) + EDGE_PX) element.scrollTop -= EDGE_STEP_PX;
      }
      if (current.kind === 'select') {
        setSelection(selectionOf(current, event.clientY));
      } else if (current.placed) {
        const at = placementOf(current, event.clientX, event.clientY);
        if (at) setDragged({ key: current.placed.key, at });
      }
    };
    const up = (event: PointerEvent) => {
      const current = gesture.current;
      if (!current || event.pointerId !== current.pointerId) return;
      if (current.timer) clearTimeout(current.timer);
      gesture.current = null;
      finish(current, event.clientX, event.clientY);
    };
    // While a touch drags, the page must not scroll under the finger.
    const touchMove = (event: TouchEvent) => {
      if (gesture.current?.started) event.preventDefault();
    };
    // Escape drops a drag, a resize or a selection: the entry stays where it was.
    const key = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && gesture.current) stop();
    };
    window.addEventListener('keydown', key);
    // The window lost focus mid-drag (Alt+Tab): the drag is dropped, not left hanging.
    window.addEventListener('blur', stop);
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    const cancel = (event: PointerEvent) => {
      if (event.pointerId === gesture.current?.pointerId) stop();
    };
    window.addEventListener('pointercancel', cancel);
    element?.addEventListener('touchmove', touchMove, { passive: false });
    return () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', cancel);
      window.removeEventListener('keydown', key);
      window.removeEventListener('blur', stop);
      element?.removeEventListener('touchmove', touchMove);
      if (gesture.current?.timer) clearTimeout(gesture.current.timer);
    };
  }, []);

  const handlePointerDown = (event: React.PointerEvent<HTMLElement>) => {
    if (event.button !== 0 || gesture.current) return;
    const target = event.target as Element;
    const columnElement = target.closest<HTMLElement>('[data-grid-column]');
    if (!columnElement) return;
    const column = Number(columnElement.dataset.gridColumn);
    const point = pointAt(event.clientX, event.clientY);
    if (!point) return;
    const entryElement = target.closest<HTMLElement>('[data-entry-key]');
    let kind: Gesture['kind'] = 'select';
    let item: PlacedEntry | undefined;
    if (entryElement) {
      item = live.current.placed
        .get(column)
        ?.find((candidate) => candidate.key === entryElement.dataset.entryKey);
      if (!item || item.lock !== null || !live.current.canMove || pending.has(item.key)) return;
      kind = target.closest('[data-resize]') ? 'resize' : 'move';
    } else if (!live.current.canCreate || !live.current.columns[column]?.instructor.write) {
      return;
    }
    const current: Gesture = {
      kind,
      pointerId: event.pointerId,
      pointerType: event.pointerType,
      x: event.clientX,
      y: event.clientY,
      column,
      minutes: point.minutes,
      placed: item,
      started: false,
      timer: null,
    };
    if (event.pointerType !== 'mouse') {
      current.timer = setTimeout(() => {
        if (gesture.current === current) start(current);
      }, LONG_PRESS_MS);
    }
    gesture.current = current;
  };

  // An entry's button: a click, Enter or Space opens it (not the click that ends a drag).
  const opener = useRef(onOpen);
  opener.current = onOpen;
  const open = useCallback((entry: CalendarEntry) => {
    if (performance.now() >= suppressClickUntil.current) opener.current?.(entry);
  }, []);

  const dateLabel = useMemo(() => entryDateLabel(locale), [locale]);
  const dayFormat = useMemo(() => {
    const weekday = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: 'short' });
    const dayMonth = new Intl.DateTimeFormat(locale, {
      timeZone: 'UTC',
      day: '2-digit',
      month: '2-digit',
    });
    return (day: IsoDate) => {
      const at = new Date(`${day}T12:00:00Z`);
      return `${weekday.format(at)} ${dayMonth.format(at)}`;
    };
  }, [locale]);

  const shown = columns.slice(drawn.first, drawn.last + 1);
  const draggedFrom = dragged ? dragged.key : null;
  const canvasWidth = TIME_AXIS_PX + columns.length * width;
  const timeLabels = useMemo(() => {
    const labels: number[] = [];
    for (let minute = limits.min; minute < limits.max; minute += SLOT_MINUTES) labels.push(minute);
    return labels;
  }, [limits]);
  const nowColumns =
    now.minutes >= limits.min && now.minutes <= limits.max ? days.indexOf(now.date) : -1;

  // Entries placed elsewhere (dragged, waiting for their booking) are drawn in their new column.
  // A dragged entry stays where it was too, faded: a touch's events keep going to the element
  // the finger pressed, which must stay in the page for the drag to go on.
  const moved = new Map<number, Array<{ item: PlacedEntry; at: Placement }>>();
  const away = new Map<string, 'lifted' | 'gone'>();
  const addMoved = (key: string, at: Placement, original: 'lifted' | 'gone') => {
    for (const list of placed.values()) {
      const item = list.find((candidate) => candidate.key === key);
      if (!item) continue;
      away.set(key, original);
      const target = moved.get(at.column) ?? [];
      target.push({ item, at });
      moved.set(at.column, target);
      return;
    }
  };
  for (const [key, move] of pending) if (key !== draggedFrom) addMoved(key, move.at, 'gone');
  if (dragged) addMoved(dragged.key, dragged.at, 'lifted');

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: pointer gestures; entries are buttons, the toolbar creates
    <section
      ref={pane}
      className={cn('fw-ig', readOnly && 'fw-ig-readonly')}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll pane, reachable to scroll with the arrow keys
      tabIndex={0}
      aria-label={t('calendar.scrollArea')}
      onScroll={handleScroll}
      onPointerDown={handlePointerDown}
    >
      <div className="fw-ig-canvas" style={{ width: canvasWidth }}>
        <div className={cn('fw-ig-head', view.span === 'week' && 'fw-ig-head-week')}>
          <div className="fw-ig-corner" />
          {view.span === 'week' &&
            days.map((day, index) => {
              const left = TIME_AXIS_PX + index * perDay * width;
              const first = index * perDay;
              if (first > drawn.last || first + perDay - 1 < drawn.first) return null;
              return (
                <div
                  key={day}
                  className={cn('fw-ig-dayhead', day === now.date && 'fw-ig-today')}
                  style={{ left, width: perDay * width }}
                >
                  <span className="fw-day">{dayFormat(day)}</span>
                </div>
              );
            })}
          {shown.map((column) => (
            <ColumnHead
              key={column.index}
              column={column}
              left={TIME_AXIS_PX + column.index * width}
              width={width}
              minutes={sums.get(minutesKey(column.instructor.id, column.day)) ?? 0}
              t={t}
            />
          ))}
        </div>
        <div ref={body} className="fw-ig-body" style={{ height: bodyHeight }}>
          <div className="fw-ig-times" aria-hidden="true">
            {timeLabels.map((minute) => (
              <span
                key={minute}
                className="fw-ig-time"
                style={{ top: offsetOf(minute, limits.min) }}
              >
                {toTime(minute)}
              </span>
            ))}
          </div>
          {shown.map((column) => (
            <Column
              key={column.index}
              column={column}
              left={TIME_AXIS_PX + column.index * width}
              width={width}
              items={placed.get(column.index)}
              moved={moved.get(column.index)}
              away={away}
              mirrors={mirrors.get(column.index)}
              shade={shadeStyle(shading(column.day, column.instructor.id), limits)}
              limits={limits}
              today={column.day === now.date}
              dayStart={view.span === 'week' && column.index % perDay === 0}
              editable={canMove}
              view={view}
              t={t}
              dateLabel={dateLabel}
              onOpen={open}
              selection={selection?.column === column.index ? selection : null}
            />
          ))}
          {nowColumns >= 0 && (
            <div
              className="fw-ig-now"
              aria-hidden="true"
              style={{
                top: offsetOf(now.minutes, limits.min),
                left: TIME_AXIS_PX + nowColumns * perDay * width,
                width: perDay * width,
              }}
            />
          )}
        </div>
      </div>
    </section>
  );
}

type ColumnHeadProps = {
  column: GridColumn;
  left: number;
  width: number;
  minutes: number;
  t: TFunction;
};

/** An instructor's name and the day's minutes of practical instruction against 495. */
const ColumnHead = memo(function ColumnHead({ column, left, width, minutes, t }: ColumnHeadProps) {
  const sum = minutesTexts(minutes, t);
  return (
    <div className="fw-ig-colhead" data-column-head={column.index} style={{ left, width }}>
      <span className="fw-resource">
        <span className="fw-resource-name" title={column.instructor.name}>
          {column.instructor.name}
        </span>
        <span className={cn('fw-minutes', sum.over && 'fw-minutes-over')} title={sum.label}>
          {sum.text}
        </span>
      </span>
    </div>
  );
});

type ColumnProps = {
  column: GridColumn;
  left: number;
  width: number;
  items: PlacedEntry[] | undefined;
  moved: Array<{ item: PlacedEntry; at: Placement }> | undefined;
  away: ReadonlyMap<string, 'lifted' | 'gone'>;
  mirrors: Array<{ start: number; minutes: number }> | undefined;
  shade: { kinds: string; backgroundImage: string } | null;
  limits: { min: number; max: number };
  today: boolean;
  /** The first instructor of a day in the week: a stronger line on its left. */
  dayStart: boolean;
  editable: boolean;
  view: CalendarView;
  t: TFunction;
  dateLabel: (date: IsoDate) => string;
  onOpen: (entry: CalendarEntry) => void;
  selection: { from: number; to: number } | null;
};

/** One instructor's day: shading, mirror-school blocks, entries, a selection being drawn. */
function Column({
  column,
  left,
  width,
  items,
  moved,
  away,
  mirrors,
  shade,
  limits,
  today,
  dayStart,
  editable,
  view,
  t,
  dateLabel,
  onOpen,
  selection,
}: ColumnProps) {
  const top = (minutes: number) => offsetOf(minutes, limits.min);
  const height = (minutes: number) => (minutes / SLOT_MINUTES) * SLOT_PX;
  return (
    <div
      className={cn(
        'fw-ig-col',
        today && 'fw-ig-today',
        !column.instructor.write && 'fw-ig-nowrite',
        dayStart && 'fw-ig-daystart',
      )}
      data-grid-column={column.index}
      style={{ left, width }}
    >
      {shade && (
        <div
          className={cn('fw-shade', shade.kinds)}
          aria-hidden="true"
          style={{ backgroundImage: shade.backgroundImage }}
        />
      )}
      {mirrors?.map((block) => (
        <div
          key={`${block.start}/${block.minutes}`}
          className="fw-ig-mirror fw-bg-mirror"
          aria-hidden="true"
          style={{ top: top(block.start), height: height(block.minutes) }}
        />
      ))}
      {items?.map((item) =>
        away.get(item.key) === 'gone' ? null : (
          <Entry
            key={item.key}
            item={item}
            column={column}
            top={top(item.start)}
            height={height(item.minutes)}
            lane={item.lane}
            lanes={item.lanes}
            editable={editable}
            view={view}
            t={t}
            dateLabel={dateLabel}
            onOpen={onOpen}
            lifted={away.get(item.key) === 'lifted'}
          />
        ),
      )}
      {moved?.map(({ item, at }) => (
        <Entry
          key={`moved-${item.key}`}
          item={{ ...item, start: at.start, minutes: at.minutes }}
          column={column}
          top={top(at.start)}
          height={height(at.minutes)}
          lane={0}
          lanes={1}
          editable={editable}
          moving
          view={view}
          t={t}
          dateLabel={dateLabel}
          onOpen={onOpen}
        />
      ))}
      {selection && (
        <div
          className="fw-ig-selection"
          aria-hidden="true"
          style={{ top: top(selection.from), height: height(selection.to - selection.from) }}
        >
          {timeRangeText(selection.from, selection.to - selection.from)}
        </div>
      )}
    </div>
  );
}

type EntryProps = {
  item: PlacedEntry;
  column: GridColumn;
  top: number;
  height: number;
  lane: number;
  lanes: number;
  editable: boolean;
  moving?: boolean;
  /** Dragged elsewhere: drawn faded at its old place. */
  lifted?: boolean;
  view: CalendarView;
  t: TFunction;
  dateLabel: (date: IsoDate) => string;
  onOpen: (entry: CalendarEntry) => void;
};

/** An appointment: a button naming day, time, student, type and lock; a grip to resize. */
const Entry = memo(function Entry({
  item,
  column,
  top,
  height,
  lane,
  lanes,
  editable,
  moving = false,
  lifted = false,
  view,
  t,
  dateLabel,
  onOpen,
}: EntryProps) {
  const { entry, lock } = item;
  const { title, details, lockText } = entryTexts(entry, lock, view, t);
  const draggable = editable && lock === null;
  return (
    <div
      className={cn(
        'fw-ig-entry fw-entry',
        `fw-type-${entry.appointment.type.toLowerCase()}`,
        lock && 'fw-locked',
        draggable && 'fw-draggable',
        moving && 'fw-ig-moving',
        lifted && 'fw-ig-lifted',
      )}
      data-entry-key={item.key}
      data-column={column.index}
      style={{
        top,
        height: Math.max(height, 18),
        left: `${(lane / lanes) * 100}%`,
        width: `calc(${100 / lanes}% - 3px)`,
      }}
    >
      <button
        type="button"
        className="fw-event"
        data-entry-id={item.key}
        onClick={() => onOpen(entry)}
      >
        {/* Day and instructor read first: the columns' headers are not linked to the entries. */}
        <span className="fw-sr-only">
          {dateLabel(column.day)}, {column.instructor.name},{' '}
        </span>
        <span className="fw-event-head">
          <span className="fw-event-time">{timeRangeText(item.start, item.minutes)}</span>
          {lockText && (
            <span className="fw-event-lock">
              <LockIcon />
              {lockText}
            </span>
          )}
        </span>
        <span className="fw-event-title">{title}</span>
        {details.length > 0 && <span className="fw-event-details">{details.join(' · ')}</span>}
      </button>
      {draggable && <div className="fw-ig-resizer" data-resize="" aria-hidden="true" />}
    </div>
  );
});

/** The lock's icon: the same SVG the library's views write as HTML (`LOCK_ICON`). */
function LockIcon() {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of this package, no input
  return <span className="inline-flex" dangerouslySetInnerHTML={{ __html: LOCK_ICON }} />;
}
