import { within } from 'storybook/test';

/*
 * Pointer gestures on the calendar for stories: user-event presses at (0, 0), where the
 * library finds no calendar cell, so these send real coordinates.
 */

/** A mouse (or touch) pointer event at a point, as a real press, move or release sends it. */
export function pointer(
  type: string,
  target: EventTarget,
  x: number,
  y: number,
  buttons: number,
  pointerType: 'mouse' | 'touch' = 'mouse',
) {
  target.dispatchEvent(
    new PointerEvent(type, {
      bubbles: true,
      cancelable: true,
      composed: true,
      clientX: x,
      clientY: y,
      isPrimary: true,
      pointerId: 1,
      pointerType,
      button: 0,
      buttons,
    }),
  );
}

/**
 * Where the time grid shows `time` in the column whose header reads `column` (the library's
 * grid, or the instructors' grid whose labels sit on the line of their time).
 */
export function slotPoint(canvasElement: HTMLElement, column: string, time: string) {
  const header = within(canvasElement).getByText(column).getBoundingClientRect();
  const label = Array.from(canvasElement.querySelectorAll('.ec-sidebar *, .fw-ig-time')).find(
    (element) => element.textContent === time && element.children.length === 0,
  );
  if (!label) throw new Error(`no time label ${time}`);
  const row = label.getBoundingClientRect();
  return { x: header.left + header.width / 2, y: row.top + row.height / 2 + 4 };
}

/** Presses an entry near its top, moves to a point and lets go there. */
export function dragTo(entry: HTMLElement, to: { x: number; y: number }) {
  const box = entry.getBoundingClientRect();
  const from = { x: box.left + box.width / 2, y: box.top + 4 };
  pointer('pointerdown', entry, from.x, from.y, 1);
  for (let step = 1; step <= 5; step += 1) {
    const x = from.x + ((to.x - from.x) * step) / 5;
    const y = from.y + ((to.y - from.y) * step) / 5;
    pointer('pointermove', document.elementFromPoint(x, y) ?? window, x, y, 1);
  }
  pointer('pointerup', document.elementFromPoint(to.x, to.y) ?? window, to.x, to.y, 0);
}
