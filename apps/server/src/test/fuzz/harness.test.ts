import net from 'node:net';
import tls from 'node:tls';
import { expect, it } from 'vitest';
import { refuseNetwork, tableOf } from './harness';

/** How a connection attempt ends: its error code, or `connected`. */
const attempt = (connect: () => net.Socket) =>
  new Promise<string>((resolve) => {
    const socket = connect();
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(String(error.code)));
    for (const event of ['connect', 'secureConnect']) {
      socket.on(event, () => {
        socket.destroy();
        resolve('connected');
      });
    }
  });

it('refuses connections beyond loopback while the fuzzer runs (plain and TLS)', async () => {
  const guard = refuseNetwork([]);
  try {
    expect(await attempt(() => net.connect(25, '192.0.2.1'))).toBe('ECONNREFUSED');
    expect(await attempt(() => net.connect({ host: '198.51.100.7', port: 587 }))).toBe(
      'ECONNREFUSED',
    );
    expect(await attempt(() => tls.connect({ host: '192.0.2.1', port: 993 }))).toBe('ECONNREFUSED');
    expect(guard.blocked).toEqual(['192.0.2.1:25', '198.51.100.7:587', '192.0.2.1:993']);
  } finally {
    guard.restore();
  }
});

it('finds the table a path segment or a field names', () => {
  const tables = new Set([
    'students',
    'student_notes',
    'student_educations',
    'cost_bearers',
    'branches',
    'student_categories',
    'users',
    'exams',
    'exam_participants',
    'todo_attachments',
    'checklist_templates',
  ]);
  expect(tableOf('students', tables)).toBe('students');
  expect(tableOf('student-note', tables)).toBe('student_notes');
  expect(tableOf('studentEducation', tables)).toBe('student_educations');
  expect(tableOf('costBearer', tables)).toBe('cost_bearers');
  expect(tableOf('branch', tables)).toBe('branches');
  expect(tableOf('studentCategory', tables)).toBe('student_categories');
  expect(tableOf('by-instructor', tables)).toBe('users');
  expect(tableOf('practical-exams', tables)).toBe('exams');
  expect(tableOf('student-exam', tables)).toBe('exam_participants');
  expect(tableOf('attachment', tables, 'todos')).toBe('todo_attachments');
  expect(tableOf('template', tables, 'checklist')).toBe('checklist_templates');
  expect(tableOf('wiki', tables)).toBeUndefined();
});
