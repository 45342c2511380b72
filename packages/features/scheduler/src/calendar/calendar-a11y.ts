/**
 * Story parameters for axe around `@event-calendar/core`. The library marks its grid up as a
 * `role="table"` whose row groups also hold its event layers and whose header rows sit in a
 * `header`, which axe's aria-required-children and aria-required-parent refuse. We do not patch
 * the library's DOM (it re-renders it); a screen reader reads the calendar through the entries'
 * buttons instead, each naming day, time, student, type and lock (`entryHtml` in
 * scheduler-calendar.tsx). Every other rule stays on, for the calendar too.
 */
export const CALENDAR_A11Y = {
  config: {
    rules: [
      { id: 'aria-required-children', enabled: false },
      { id: 'aria-required-parent', enabled: false },
    ],
  },
};
