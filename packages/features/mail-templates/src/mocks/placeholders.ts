import type { EmailPlaceholder } from '../lib/placeholder-html';

/** A part of the server's placeholder list (`GET /email-templates/placeholders`). */
export const demoPlaceholders: EmailPlaceholder[] = [
  { key: 'student.salutation', description: 'Anrede des Fahrschülers', example: 'Liebe Lena' },
  { key: 'student.firstName', description: 'Vorname des Fahrschülers', example: 'Lena' },
  { key: 'student.lastName', description: 'Nachname des Fahrschülers', example: 'Schmidt' },
  { key: 'student.balance', description: 'Aktueller Saldo des Fahrschülers', example: '-120,00 €' },
  { key: 'appointment.date', description: 'Datum des Termins', example: '24.11.2026' },
  { key: 'appointment.startTime', description: 'Beginn des Termins', example: '14:30' },
  { key: 'exam.date', description: 'Datum der Prüfung', example: '03.12.2026' },
  { key: 'school.name', description: 'Name der Fahrschule', example: 'Fahrschule Sonnenschein' },
];
