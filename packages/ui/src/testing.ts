/**
 * Helpers for the play functions of stories (`@fahrwerk/ui/testing`; never imported by
 * screens). They wait for what they check instead of assuming the machine is fast.
 */
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test';

/** Queries over the whole page: menus, dialogs and toasts render outside the story's root. */
export const pageBody = () => within(document.body);

/**
 * Opens the menu of the button `findTrigger` returns and picks `item`. On a busy machine a
 * list can re-render between the click and the menu opening (a second query lands), and the
 * click opens a menu on a button that is gone: so while no menu is open the trigger is looked
 * up and clicked again, until the item shows (20 s at most).
 */
export async function chooseMenuItem(
  findTrigger: () => HTMLElement | Promise<HTMLElement>,
  item: string | RegExp,
): Promise<void> {
  const menuItem = await openMenu(findTrigger, item);
  await userEvent.click(menuItem);
}

/** As `chooseMenuItem`, but leaves the menu open and answers the item (to look, not pick). */
export async function openMenu(
  findTrigger: () => HTMLElement | Promise<HTMLElement>,
  item: string | RegExp,
): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await waitFor(
    async () => {
      const page = pageBody();
      // React commits a click's state at the end of the event, so after the click an open
      // menu is in the document; none there means the click went to a button since replaced.
      if (page.queryAllByRole('menu').length === 0) await userEvent.click(await findTrigger());
      found = page.getByRole('menuitem', { name: item });
      await expect(found).toBeVisible();
    },
    { timeout: 20_000, interval: 500 },
  );
  if (!found) throw new Error(`The menu item ${String(item)} did not show.`);
  return found;
}

/**
 * Clicks what `findTarget` returns until `check` passes (20 s at most). Only for clicks that
 * do the same thing twice (selecting a row, opening a panel): on a busy machine a list can
 * re-render between finding a row and clicking it, and the click lands on a node React has
 * just replaced.
 */
export async function clickUntil(
  findTarget: () => HTMLElement | Promise<HTMLElement>,
  check: () => unknown,
): Promise<void> {
  await userEvent.click(await findTarget());
  await waitFor(
    async () => {
      try {
        await check();
      } catch (notYet) {
        await userEvent.click(await findTarget());
        throw notYet;
      }
    },
    { timeout: 20_000, interval: 1000 },
  );
}

/**
 * Signs a signature pad (the canvas `SignaturePad` renders, found by its role `img`) with a
 * pen: pointer events down, along a zigzag line, up — as a tablet sends them. `signature_pad`
 * listens for pointer events on the canvas, so this draws a real stroke; the pad reports it
 * ("Unterschrift erfasst.") and `toPng` gives the drawing. It first waits until the pad takes
 * strokes (`data-ready`: the engine starts in an effect, after the canvas is in the page).
 */
export async function drawSignature(pad: HTMLElement): Promise<void> {
  await waitFor(() => expect(pad).toHaveAttribute('data-ready', 'true'));
  const rect = pad.getBoundingClientRect();
  const at = (x: number, y: number, buttons: number): PointerEventInit => ({
    clientX: rect.left + x,
    clientY: rect.top + y,
    pointerId: 7,
    pointerType: 'pen',
    isPrimary: true,
    button: 0,
    buttons,
    pressure: buttons ? 0.5 : 0,
    bubbles: true,
    cancelable: true,
    composed: true,
  });
  pad.dispatchEvent(new PointerEvent('pointerdown', at(30, 60, 1)));
  for (let step = 1; step <= 12; step += 1) {
    pad.dispatchEvent(new PointerEvent('pointermove', at(30 + step * 25, 60 + (step % 3) * 25, 1)));
  }
  pad.dispatchEvent(new PointerEvent('pointerup', at(330, 85, 0)));
}

/** A file a story's screen saved: its name and contents. */
export type CapturedDownload = { fileName: string; blob: Blob | undefined };

/**
 * Captures the files a screen saves (through `saveBlob`: an object URL clicked as a link)
 * instead of letting the browser download them. Call in a story's `beforeEach`; it answers the
 * list and the cleanup that puts the browser back.
 */
export function captureDownloads(): { files: CapturedDownload[]; restore: () => void } {
  const files: CapturedDownload[] = [];
  const blobs = new Map<string, Blob>();
  const originalCreate = URL.createObjectURL.bind(URL);
  const create = spyOn(URL, 'createObjectURL').mockImplementation((object) => {
    const url = originalCreate(object);
    if (object instanceof Blob) blobs.set(url, object);
    return url;
  });
  const click = spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    if (this.download) files.push({ fileName: this.download, blob: blobs.get(this.href) });
  });
  return {
    files,
    restore: () => {
      create.mockRestore();
      click.mockRestore();
    },
  };
}
