import { AppError, fieldError, globalError } from '../../http/errors';
import { type ConstraintMeaning, constraintMeaning, fieldOfColumn } from './constraint-meanings';

export type { ConstraintMeaning };

type PgError = {
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  detail?: string;
};

function pgError(error: unknown): PgError | null {
  // Drizzle wraps driver errors (DrizzleQueryError); the driver's error is the cause.
  for (
    let current = error as PgError & { cause?: unknown }, depth = 0;
    current && depth < 3;
    depth++
  ) {
    // SQLSTATE: two characters of class, three of condition (23505, 22P02).
    if (typeof current.code === 'string' && /^[0-9A-Z]{2}[0-9A-Z]{3}$/.test(current.code)) {
      if (/^(?:22|23)/.test(current.code)) return current;
      return null;
    }
    current = current.cause as PgError & { cause?: unknown };
  }
  return null;
}

/** A 422 whose only global error is a `validation.*` key. */
const valueRefused = (key: string, message: string) =>
  new AppError(422, 'errors.validation', message, [], [key]);

/**
 * Turns a refused write into the contract's 422 instead of a 500: a unique, foreign-key,
 * check or not-null violation, or a value PostgreSQL cannot take, is bad input, not a
 * server failure. `constraints` names what a resource's constraints mean; every other
 * constraint of the schema has a meaning in constraint-meanings.ts. The answer never names
 * a table, a column or a constraint (the log keeps the database's error as the cause).
 */
export function translateDatabaseError(
  error: unknown,
  constraints: Record<string, ConstraintMeaning> = {},
  action: 'write' | 'delete' = 'write',
): AppError | null {
  // Already translated (its cause is the database's error).
  if (error instanceof AppError) return null;
  const pg = pgError(error);
  if (!pg?.code) return null;
  const translated = translate(pg, constraints, action);
  if (translated) Object.defineProperty(translated, 'cause', { value: error });
  return translated;
}

function translate(
  pg: PgError,
  constraints: Record<string, ConstraintMeaning>,
  action: 'write' | 'delete',
): AppError | null {
  const known = pg.constraint
    ? (constraints[pg.constraint] ?? constraintMeaning(pg.constraint))
    : undefined;
  const build = (fallbackKey: string, message: string) =>
    known?.field
      ? fieldError(known.field, known.error, `${message} (field ${known.field}).`)
      : globalError(known?.error ?? fallbackKey, `${message}.`);
  switch (pg.code) {
    case '23505':
      return build('errors.duplicate', 'Already exists');
    case '23503':
      // A delete (or an update of a key) that rows elsewhere still point at.
      return action === 'delete' || pg.detail?.includes('is still referenced')
        ? globalError('errors.still_referenced', 'Still in use by other entries.')
        : build(
            'errors.reference_not_found',
            'Refers to an entry that does not exist in your school',
          );
    case '23514':
      return build('errors.rule_violated', 'Breaks a rule');
    case '23502': {
      if (!pg.column) return globalError('errors.validation', 'A required value is missing.');
      const field = fieldOfColumn(pg.table, pg.column);
      return fieldError(field, 'validation.required', `${field} is required.`);
    }
    case '23P01':
      return build('errors.rule_violated', 'Overlaps another entry');
    case '22001':
      return valueRefused('validation.max_length', 'A value is too long.');
    case '22003':
      return valueRefused('validation.maximum', 'A number is out of range.');
    case '22021':
    case '22P05':
      return valueRefused(
        'validation.invalid_character',
        'A text holds a character that cannot be stored.',
      );
    case '22007':
    case '22008':
    case '22P02':
      return valueRefused('validation.invalid', 'A value has an invalid form.');
    default:
      return null;
  }
}

/** Runs a write and translates a refused one. */
export async function guardWrite<T>(
  write: () => Promise<T>,
  constraints?: Record<string, ConstraintMeaning>,
  action: 'write' | 'delete' = 'write',
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw translateDatabaseError(error, constraints, action) ?? error;
  }
}

export { AppError };
