/**
 * Multipart uploads through the typed client. The contract declares files as
 * `format: binary` strings, so the generated body type says `string`; pass the File with
 * `asBinary(file)` and serialise with `toFormData`:
 *
 * ```ts
 * await api.fetch.POST('/student-documents', {
 *   body: { file: asBinary(file), studentId, type: 'OTHER' },
 *   bodySerializer: toFormData,
 * });
 * ```
 */
export type FormValue = string | number | boolean | Blob | null | undefined;

/** A File or Blob where the generated types expect the binary string. */
export const asBinary = (file: Blob): string => file as unknown as string;

/** Builds FormData from an object: files as files, other values as text; empty ones skipped. */
export function toFormData(body: unknown): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(
    (body ?? {}) as Record<string, FormValue | FormValue[]>,
  )) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === null || item === undefined) continue;
      if (item instanceof Blob) {
        form.append(name, item, item instanceof File ? item.name : 'datei');
      } else {
        form.append(name, String(item));
      }
    }
  }
  return form;
}

/** The largest upload the server accepts (the contract's FileUpload). */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
