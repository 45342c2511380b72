import { AppError, fieldError, globalError } from '../../http/errors';

/** What a violated constraint means to the user: a field error or a global one. */
export type ConstraintMeaning = { field?: string; error: string };

type PgError = { code?: string; constraint?: string; column?: string; detail?: string };

function pgError(error: unknown): PgError | null {
  // Drizzle wraps driver errors (DrizzleQueryError); the driver's error is the cause.
  for (
    let current = error as PgError & { cause?: unknown }, depth = 0;
    current && depth < 3;
    depth++
  ) {
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) return current;
    current = current.cause as PgError & { cause?: unknown };
  }
  return null;
}

/**
 * Turns a refused write into the contract's 422 instead of a 500: a unique, foreign-key,
 * check or not-null violation is bad input, not a server failure. `constraints` names
 * what each constraint means; unnamed ones get a general key.
 */
export function translateDatabaseError(
  error: unknown,
  constraints: Record<string, ConstraintMeaning> = {},
  action: 'write' | 'delete' = 'write',
): AppError | null {
  const pg = pgError(error);
  if (!pg?.code) return null;
  const known = pg.constraint ? constraints[pg.constraint] : undefined;
  const build = (fallbackKey: string, message: string) =>
    known?.field
      ? fieldError(known.field, known.error, message)
      : globalError(known?.error ?? fallbackKey, message);
  switch (pg.code) {
    case '23505':
      return build('errors.duplicate', `Already exists (${pg.constraint ?? 'unique'}).`);
    case '23503':
      return action === 'delete'
        ? globalError('errors.still_referenced', `Still in use (${pg.constraint ?? 'reference'}).`)
        : build(
            'errors.reference_not_found',
            `Refers to a row that does not exist in your school (${pg.constraint ?? 'reference'}).`,
          );
    case '23514':
      return build('errors.rule_violated', `Breaks a rule (${pg.constraint ?? 'check'}).`);
    case '23502':
      return pg.column
        ? fieldError(pg.column, 'validation.required', `${pg.column} is required.`)
        : globalError('errors.validation', 'A required value is missing.');
    case '22001':
      return globalError('errors.validation', 'A value is too long.');
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
