import { spyOn } from 'storybook/test';

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
