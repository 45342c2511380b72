import { describe, expect, it } from 'vitest';
import { isRunActive } from './api/invoice-queries';
import { isOverdue } from './components/document-labels';

describe('isOverdue', () => {
  const open = { status: 'ISSUED' as const, openAmount: 5000, dueDate: '2026-03-24' };

  it('is an issued document with an open amount after its due date', () => {
    expect(isOverdue(open, '2026-03-25')).toBe(true);
    expect(isOverdue({ ...open, status: 'PARTIALLY_PAID' }, '2026-03-25')).toBe(true);
  });

  it('is not on the due date itself, when paid, cancelled, a draft or without a due date', () => {
    expect(isOverdue(open, '2026-03-24')).toBe(false);
    expect(isOverdue({ ...open, openAmount: 0 }, '2026-04-01')).toBe(false);
    expect(isOverdue({ ...open, status: 'CANCELLED' }, '2026-04-01')).toBe(false);
    expect(isOverdue({ ...open, status: 'DRAFT' }, '2026-04-01')).toBe(false);
    expect(isOverdue({ status: 'ISSUED', openAmount: 5000 }, '2026-04-01')).toBe(false);
  });
});

describe('isRunActive', () => {
  it('polls while a run is queued or running, and stops once it ended', () => {
    expect(isRunActive({ status: 'QUEUED' })).toBe(true);
    expect(isRunActive({ status: 'RUNNING' })).toBe(true);
    expect(isRunActive({ status: 'FINISHED' })).toBe(false);
    expect(isRunActive({ status: 'INTERRUPTED' })).toBe(false);
    expect(isRunActive(undefined)).toBe(false);
  });
});
