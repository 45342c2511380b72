import { describe, expect, it } from 'vitest';
import { asBinary, toFormData } from '../src/upload';

describe('toFormData', () => {
  it('sends files as files and other values as text, skipping empty ones', async () => {
    const file = new File(['%PDF'], 'Vertrag.pdf', { type: 'application/pdf' });
    const form = toFormData({
      file: asBinary(file),
      studentId: 7,
      visible: false,
      note: null,
      ids: [1, 2],
    });
    const sent = form.get('file');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('Vertrag.pdf');
    expect(await (sent as File).text()).toBe('%PDF');
    expect(form.get('studentId')).toBe('7');
    expect(form.get('visible')).toBe('false');
    expect(form.has('note')).toBe(false);
    expect(form.getAll('ids')).toEqual(['1', '2']);
  });
});
