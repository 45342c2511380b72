import net from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { rolePermissions, roles, userRoles, userSettings, users } from '../../db/schema';
import { PERMISSION_KEYS } from '../../modules/session/permission-keys';
import { hashPassword } from '../../modules/session/secrets';
import type { FuzzOperation } from './operations';
import { EXPECTED, type FuzzKind, type FuzzRequest } from './requests';
import type { Flat } from './schema-arbitrary';

/*
 * What the contract fuzzer needs around the generated requests: an acting owner no request
 * can reach, the ids that exist in the school, a process without network, sending through
 * inject() with the server's error log, the verdict, and the figures.
 */

// ─── The acting owner ────────────────────────────────────────────────────────────────────

/**
 * The owner the fuzzer acts as: a user and an OWNER role of their own, with ids far above
 * every generated or existing id (and below 2^31), so that no fuzzed call archives,
 * re-roles or re-permissions them and the rest of the run keeps a working token.
 */
export const ACTOR = {
  userId: 2_000_000_001,
  roleId: 2_000_000_001,
  email: 'fuzz-inhaber@fahrwerk.test',
  password: 'Fuzz#Inhaber1',
} as const;

export async function createActor(db: Db, drivingSchoolId: number): Promise<void> {
  const passwordHash = await hashPassword(ACTOR.password);
  await db.transaction(async (tx) => {
    await tx.insert(roles).overridingSystemValue().values({
      id: ACTOR.roleId,
      drivingSchoolId,
      name: 'Fuzz-Inhaber',
      type: 'OWNER',
      description: 'The contract fuzzer acts with this role.',
      generalAccess: true,
      sidebarAccess: true,
    });
    await tx.insert(rolePermissions).values(
      PERMISSION_KEYS.map((permission) => ({
        drivingSchoolId,
        roleId: ACTOR.roleId,
        permission,
        allow: true,
      })),
    );
    await tx.insert(users).overridingSystemValue().values({
      id: ACTOR.userId,
      drivingSchoolId,
      firstName: 'Fuzz',
      lastName: 'Inhaber',
      email: ACTOR.email,
      passwordHash,
      studentVisibility: 'ALL',
    });
    await tx.insert(userRoles).values({
      drivingSchoolId,
      userId: ACTOR.userId,
      roleId: ACTOR.roleId,
      position: 0,
    });
    await tx.insert(userSettings).values({ drivingSchoolId, userId: ACTOR.userId });
  });
}

// ─── Ids that exist ──────────────────────────────────────────────────────────────────────

/** Up to six ids of every table of the school, by table name; the actor's rows left out. */
export async function existingIds(db: Db, drivingSchoolId: number): Promise<Map<string, number[]>> {
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const tables = rowsOf<{ table_name: string }>(
    await db.execute(sql`
      select c.table_name from information_schema.columns c
      join information_schema.columns k
        on k.table_schema = c.table_schema and k.table_name = c.table_name
       and k.column_name = 'driving_school_id'
      where c.table_schema = current_schema() and c.column_name = 'id'
      order by c.table_name`),
  ).map((row) => row.table_name);
  const ids = new Map<string, number[]>();
  for (const table of tables) {
    // The first and the last rows: tables holding several kinds (exams: theory and
    // practical) often have each kind at one end.
    const rows = rowsOf<{ id: string | number }>(
      await db.execute(sql`
        (select id from ${sql.identifier(table)}
         where driving_school_id = ${drivingSchoolId} and id < ${ACTOR.userId}
         order by id limit 3)
        union
        (select id from ${sql.identifier(table)}
         where driving_school_id = ${drivingSchoolId} and id < ${ACTOR.userId}
         order by id desc limit 3)`),
    );
    ids.set(
      table,
      [...new Set(rows.map((row) => Number(row.id)))].sort((a, b) => a - b),
    );
  }
  return ids;
}

const snake = (word: string) =>
  word
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/-/g, '_')
    .toLowerCase();

/** Words that name another table than their own. */
const TABLE_ALIASES: Record<string, string> = {
  instructor: 'users',
  user: 'users',
  owner: 'users',
  author: 'users',
  assignee: 'users',
  creator: 'users',
  education: 'student_educations',
  course: 'theory_courses',
  lesson: 'theory_lessons',
  practical_exams: 'exams',
  theory_exams: 'exams',
  student_exam: 'exam_participants',
  branch_work_hours: 'branches',
  instructor_work_hours: 'users',
  invoices: 'payment_documents',
  check: 'checklist_items',
};

/**
 * The table a word (`student-note`, `costBearer`, `by-instructor`) names: the word itself,
 * its plural, an alias, or — for `template` under `/checklist/…` — prefixed with the path's
 * first segment.
 */
export function tableOf(word: string, tables: Set<string>, firstSegment = ''): string | undefined {
  const base = snake(word.replace(/^by-/, ''));
  const forms = (stem: string) => [
    stem,
    `${stem}s`,
    `${stem}es`,
    stem.replace(/y$/, 'ies'),
    stem.replace(/s$/, ''),
  ];
  const alias = TABLE_ALIASES[base] ?? TABLE_ALIASES[base.split('_').at(-1) ?? ''];
  const candidates = [
    ...forms(base),
    ...(alias ? [alias] : []),
    // `/todos/{todoId}/attachment/{attachmentId}` → todo_attachments.
    ...(firstSegment ? forms(`${snake(firstSegment)}_${base}`) : []),
    ...(firstSegment ? forms(`${snake(firstSegment).replace(/s$/, '')}_${base}`) : []),
  ];
  return candidates.find((candidate) => tables.has(candidate));
}

/** Known values for a field: ids of the table its name (or, for `id`, its path) names. */
export function knownValues(
  ids: Map<string, number[]>,
  strings: Record<string, (operationPath: string) => string[]>,
) {
  const tables = new Set(ids.keys());
  const cache = new Map<string, unknown[]>();
  return (name: string, operationPath: string, flat: Flat): unknown[] => {
    const key = `${name} ${operationPath}`;
    const cached = cache.get(key);
    if (cached) return cached;
    let values: unknown[] = [];
    const types = flat.types ?? [];
    const segments = operationPath.split('/').filter(Boolean);
    const firstSegment = segments[0] ?? '';
    if (types.includes('string') && strings[name]) {
      values = strings[name](operationPath);
    } else if (types.includes('integer')) {
      let table: string | undefined;
      if (name === 'id') {
        // `/students/{id}`, `/students/by-instructor/{id}`, `/students/archive?id=`: the
        // segment before the parameter, walking back past words that name no table.
        const before = operationPath.split('{id}')[0] ?? operationPath;
        for (const segment of before.split('/').filter(Boolean).reverse()) {
          if (segment.startsWith('{')) continue;
          table = tableOf(segment, tables, firstSegment);
          if (table) break;
        }
      } else if (/Ids?$/.test(name)) {
        table = tableOf(name.replace(/Ids?$/, ''), tables, firstSegment);
      }
      values = table ? (ids.get(table) ?? []) : [];
    }
    cache.set(key, values);
    return values;
  };
}

// ─── No network ──────────────────────────────────────────────────────────────────────────

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/i;

/**
 * Refuses every TCP connection to anything but loopback (and the PostgreSQL host of
 * DATABASE_URL) while the fuzzer runs: fuzzed mail accounts name hosts, and a mail check
 * or a send must not leave the machine. Refused attempts are counted. Returns the undo.
 */
export function refuseNetwork(allowedHosts: string[]): { blocked: string[]; restore: () => void } {
  const blocked: string[] = [];
  const allowed = new Set(allowedHosts.map((host) => host.toLowerCase()));
  const original = net.Socket.prototype.connect;
  // biome-ignore lint/suspicious/noExplicitAny: Socket#connect's overloads, passed on as they came
  const guarded = function (this: net.Socket, ...args: any[]) {
    const first = args[0];
    const options =
      Array.isArray(first) && typeof first[0] === 'object'
        ? first[0]
        : typeof first === 'object' && first !== null
          ? first
          : typeof first === 'number' || /^\d+$/.test(String(first))
            ? { port: first, host: typeof args[1] === 'string' ? args[1] : undefined }
            : { path: first };
    const host = String(options.host ?? 'localhost').toLowerCase();
    if (options.path || LOOPBACK.test(host) || allowed.has(host)) {
      return original.apply(this, args as Parameters<typeof original>);
    }
    blocked.push(`${host}:${options.port}`);
    process.nextTick(() =>
      this.destroy(
        Object.assign(
          new Error(`connect ECONNREFUSED ${host} (the contract fuzzer allows no network)`),
          {
            code: 'ECONNREFUSED',
          },
        ),
      ),
    );
    return this;
  };
  net.Socket.prototype.connect = guarded as typeof original;
  return {
    blocked,
    restore: () => {
      net.Socket.prototype.connect = original;
    },
  };
}

// ─── Sending ─────────────────────────────────────────────────────────────────────────────

/** A Fastify logger that keeps the errors the server logs (why a 500 happened). */
export function capturingLogger() {
  const lines: string[] = [];
  return {
    lines,
    logger: {
      level: 'error',
      stream: {
        write: (line: string) => {
          lines.push(line);
        },
      },
    },
  };
}

export type Outcome = {
  status: number;
  errorMessage?: string;
  message?: string;
  /** What the server logged at error level while answering (its 500 causes). */
  logged: string[];
  ms: number;
  timedOut: boolean;
};

const TIMEOUT_MS = 20_000;

export async function send(
  app: FastifyInstance,
  request: FuzzRequest,
  token: string,
  log: string[],
): Promise<Outcome> {
  const headers = { ...request.headers };
  if (request.withToken) headers.authorization = `Bearer ${token}`;
  log.length = 0;
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), TIMEOUT_MS);
  });
  const response = await Promise.race([
    app.inject({
      method: request.method,
      url: request.url,
      headers,
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
    }),
    timeout,
  ]);
  clearTimeout(timer);
  const ms = performance.now() - started;
  if (response === 'timeout') return { status: 0, logged: [], ms, timedOut: true };
  let errorMessage: string | undefined;
  let message: string | undefined;
  if (String(response.headers['content-type'] ?? '').includes('json')) {
    try {
      const body = JSON.parse(response.body) as { error_message?: unknown; message?: unknown };
      if (typeof body.error_message === 'string') errorMessage = body.error_message;
      if (typeof body.message === 'string') message = body.message;
    } catch {
      // Not JSON after all: the response validation reports that.
    }
  }
  const logged = log.map(summarizeLogLine);
  return {
    status: response.statusCode,
    ...(errorMessage !== undefined ? { errorMessage } : {}),
    ...(message !== undefined ? { message } : {}),
    logged,
    ms,
    timedOut: false,
  };
}

/** A logged error as one line: the error's type, code and message. */
function summarizeLogLine(line: string): string {
  try {
    const entry = JSON.parse(line) as {
      msg?: string;
      err?: { type?: string; code?: string; message?: string };
      problem?: string;
    };
    if (entry.err) {
      return [entry.err.type, entry.err.code, entry.err.message].filter(Boolean).join(' ');
    }
    return entry.problem ?? entry.msg ?? line;
  } catch {
    return line;
  }
}

// ─── Verdict ─────────────────────────────────────────────────────────────────────────────

export const CONTRACT_VIOLATION = 'errors.contract_violation';

export type Verdict = { category: 'mismatch' | '500' | 'expectation' | 'timeout'; problem: string };

/** Why an answer is wrong, or undefined when it is right. */
export function verdict(kind: FuzzKind, outcome: Outcome): Verdict | undefined {
  if (outcome.timedOut) {
    return { category: 'timeout', problem: `no answer within ${TIMEOUT_MS / 1000} s` };
  }
  if (outcome.status === 500 && outcome.errorMessage === CONTRACT_VIOLATION) {
    const problem = (outcome.message ?? '').replace(/^Response of \S+ violates the contract: /, '');
    return { category: 'mismatch', problem };
  }
  if (outcome.status >= 500 && outcome.status !== 501) {
    const cause = outcome.logged[0] ?? outcome.message ?? '';
    return {
      category: '500',
      problem: `${outcome.status} ${outcome.errorMessage ?? ''}${cause ? `: ${cause}` : ''}`,
    };
  }
  const expected = EXPECTED[kind];
  const ok =
    kind === 'valid' ||
    (expected === '4xx'
      ? outcome.status >= 400 && outcome.status < 500
      : // A rate limit refuses before the token or the body is looked at.
        String(outcome.status) === expected || outcome.status === 429);
  if (ok) return undefined;
  return {
    category: 'expectation',
    problem: `${kind} answered ${outcome.status}${outcome.errorMessage ? ` ${outcome.errorMessage}` : ''}, expected ${expected}`,
  };
}

// ─── Figures ─────────────────────────────────────────────────────────────────────────────

export type Failure = {
  driver: string;
  operation: FuzzOperation;
  request: FuzzRequest;
  outcome: Outcome;
  verdict: Verdict;
};

export class Figures {
  operations = 0;
  requests = 0;
  /** Of `requests`: sent while shrinking a failure to its smallest request. */
  shrinkRequests = 0;
  byStatus = new Map<number, number>();
  byKind = new Map<FuzzKind, number>();
  /** Valid requests the request validation refused (the generator's miss rate). */
  validRefused = 0;
  counts = { '500': 0, mismatch: 0, expectation: 0, timeout: 0 };
  notApplicable = 0;
  failures: Failure[] = [];
  started = performance.now();
  /** Milliseconds spent waiting for answers. */
  waiting = 0;

  record(request: FuzzRequest, outcome: Outcome, shrinking: boolean, failure?: Verdict): void {
    this.requests++;
    this.waiting += outcome.ms;
    if (shrinking) this.shrinkRequests++;
    this.byStatus.set(outcome.status, (this.byStatus.get(outcome.status) ?? 0) + 1);
    this.byKind.set(request.kind, (this.byKind.get(request.kind) ?? 0) + 1);
    if (
      request.kind === 'valid' &&
      outcome.status === 422 &&
      /^The request (body|querystring|params|headers) is invalid/.test(outcome.message ?? '')
    ) {
      this.validRefused++;
    }
    if (failure) this.counts[failure.category]++;
  }

  summary(driver: string, blocked: number): string {
    const seconds = ((performance.now() - this.started) / 1000).toFixed(1);
    const statuses = [...this.byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status || 'timeout'}: ${count}`)
      .join(', ');
    const kinds = [...this.byKind.entries()].map(([kind, count]) => `${kind} ${count}`).join(', ');
    const valid = this.byKind.get('valid') ?? 0;
    return [
      `contract fuzzer (${driver}): ${this.operations} operations, ${this.requests} requests (${this.shrinkRequests} while shrinking) in ${seconds} s (${(this.waiting / Math.max(1, this.requests)).toFixed(1)} ms per answer)`,
      `  500s: ${this.counts['500']}, contract mismatches: ${this.counts.mismatch}, wrong answers to invalid requests: ${this.counts.expectation}, timeouts: ${this.counts.timeout}`,
      `  per status: ${statuses}`,
      `  per kind: ${kinds}; kinds that did not apply: ${this.notApplicable}`,
      `  valid requests refused by request validation: ${this.validRefused} of ${valid}; outbound connections refused: ${blocked}`,
    ].join('\n');
  }
}

/** The failures grouped by cause (what is wrong, numbers and ids blurred), largest first. */
export function failureReport(failures: Failure[]): string {
  const groups = new Map<string, Failure[]>();
  for (const failure of failures) {
    const cause = `${failure.verdict.category}: ${failure.verdict.problem}`
      .replace(/\b\d+\b/g, (digits) => (digits.length === 3 ? digits : 'N'))
      .slice(0, 240);
    groups.set(cause, [...(groups.get(cause) ?? []), failure]);
  }
  return [...groups.entries()]
    .sort(([, a], [, b]) => b.length - a.length)
    .map(([cause, list]) =>
      [
        `● ${cause} (${list.length})`,
        ...list.map(
          (failure) =>
            `    ${failure.operation.operationId} [${failure.driver}, ${failure.request.kind}${failure.request.change ? `: ${failure.request.change}` : ''}] ${failure.request.summary} → ${failure.outcome.status}${failure.outcome.errorMessage ? ` ${failure.outcome.errorMessage}` : ''}`,
        ),
      ].join('\n'),
    )
    .join('\n');
}
