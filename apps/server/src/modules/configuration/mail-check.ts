import { lookup } from 'node:dns/promises';
import { isIP, Socket } from 'node:net';
import { type TLSSocket, connect as tlsConnect } from 'node:tls';
import { and, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/database';
import { emailConfigs } from '../../db/schema';
import { requireAuth } from '../../http/auth';
import { fieldError, notFound } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import { openSecret } from '../../mail/mail-secrets';
import type { Schemas } from '../resources/kit';

/*
 * `PUT /email-config-validator`: really connects to the SMTP and IMAP server of a mail
 * account and reports per server what failed (DNS, refused, timeout, TLS, sign-in).
 *
 * SMTP goes through nodemailer's `verify()` (connect, TLS/STARTTLS, AUTH). IMAP is a small
 * hand-written client: TCP or TLS connect, read the `* OK` greeting, STARTTLS when asked,
 * then `LOGIN`. Nothing is stored, no mail is sent.
 *
 * Hosts that resolve to loopback, private or link-local addresses are refused
 * (`errors.mail_host_not_allowed`) so the call cannot be used to probe the server's own
 * network. Only for local development and tests, `MAIL_CHECK_ALLOW_LOCAL=true` in the
 * environment lifts that refusal and accepts self-signed certificates; never set it in
 * production.
 */

export type MailCheckOptions = {
  /** Allow loopback/private hosts and self-signed certificates (development and tests). */
  allowLocal: boolean;
  /** Per server: connect, TLS and sign-in together (the contract says 10 seconds). */
  timeoutMs: number;
};

type Check = Schemas['MailServerCheck'];
type Reason = NonNullable<Check['reason']>;
type Security = 'TLS' | 'STARTTLS';

class MailCheckError extends Error {
  constructor(
    readonly reason: Reason,
    readonly detail?: string,
  ) {
    super(reason);
  }
}

const defaultOptions = (): MailCheckOptions => ({
  allowLocal: process.env.MAIL_CHECK_ALLOW_LOCAL === 'true',
  timeoutMs: 10_000,
});

/** Loopback, private (RFC 1918, ULA), link-local, CGNAT and unspecified addresses. */
export function isLocalAddress(address: string): boolean {
  if (isIP(address) === 4) {
    const [a = 0, b = 0] = address.split('.').map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168)
    );
  }
  const lower = address.toLowerCase();
  if (lower.startsWith('::ffff:')) return isLocalAddress(lower.slice(7));
  return (
    lower === '::' ||
    lower === '::1' ||
    lower.startsWith('fc') ||
    lower.startsWith('fd') ||
    lower.startsWith('fe8') ||
    lower.startsWith('fe9') ||
    lower.startsWith('fea') ||
    lower.startsWith('feb')
  );
}

/** The address to connect to: resolved once, so the check and the connection agree. */
async function resolveHost(host: string, options: MailCheckOptions): Promise<string> {
  let addresses: string[];
  try {
    addresses = isIP(host)
      ? [host]
      : (await lookup(host, { all: true })).map((entry) => entry.address);
  } catch (error) {
    throw new MailCheckError('errors.mail_host_not_found', messageOf(error));
  }
  const first = addresses[0];
  if (!first) throw new MailCheckError('errors.mail_host_not_found');
  if (!options.allowLocal && addresses.some(isLocalAddress)) {
    throw new MailCheckError('errors.mail_host_not_allowed');
  }
  return first;
}

const messageOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500);

const TLS_CODES = /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY|HOSTNAME|ERR_TLS|EPROTO/i;

/** Maps a socket or nodemailer error to the contract's reasons. */
export function reasonOf(error: unknown): Reason {
  if (error instanceof MailCheckError) return error.reason;
  const record = (error ?? {}) as { code?: string; message?: string; responseCode?: number };
  const code = String(record.code ?? '');
  const message = String(record.message ?? '');
  if (code === 'EAUTH' || record.responseCode === 535) return 'errors.mail_auth_failed';
  if (code === 'ECONNREFUSED' || /ECONNREFUSED/.test(message))
    return 'errors.mail_connection_refused';
  if (code === 'ENOTFOUND' || code === 'EDNS' || code === 'EAI_AGAIN' || /ENOTFOUND/.test(message))
    return 'errors.mail_host_not_found';
  if (code === 'ETIMEDOUT' || code === 'ETIMEOUT' || /timeout|timed out/i.test(message))
    return 'errors.mail_timeout';
  if (code === 'ETLS' || TLS_CODES.test(code) || /certificate|ssl|tls/i.test(message))
    return 'errors.mail_tls_failed';
  return 'errors.mail_unknown';
}

const failed = (error: unknown): Check => {
  const reason = reasonOf(error);
  const detail =
    error instanceof MailCheckError
      ? error.detail
      : ((error as { response?: string }).response ?? messageOf(error));
  return detail ? { ok: false, reason, detail: detail.slice(0, 500) } : { ok: false, reason };
};

/** SNI and certificate checks use the host name entered (TLS forbids an IP address as SNI). */
const serverName = (host: string) => (isIP(host) ? {} : { servername: host });

type Settings = {
  host: string;
  port: number;
  security: Security;
  username: string;
  password: string;
};

export async function checkSmtp(settings: Settings, options: MailCheckOptions): Promise<Check> {
  try {
    const address = await resolveHost(settings.host, options);
    const transport = nodemailer.createTransport({
      host: address,
      port: settings.port,
      secure: settings.security === 'TLS',
      requireTLS: settings.security === 'STARTTLS',
      auth: { user: settings.username, pass: settings.password },
      connectionTimeout: options.timeoutMs,
      greetingTimeout: options.timeoutMs,
      socketTimeout: options.timeoutMs,
      // Certificates are checked against the host name the school entered.
      tls: { ...serverName(settings.host), rejectUnauthorized: !options.allowLocal },
    });
    try {
      await transport.verify();
    } finally {
      transport.close();
    }
    return { ok: true };
  } catch (error) {
    return failed(error);
  }
}

/** Quotes an IMAP string (RFC 3501 quoted: backslash and double quote escaped). */
const imapQuoted = (value: string) => `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

/** Reads lines from a socket; `next(test)` resolves with the first line that matches. */
function lineReader(socket: Socket | TLSSocket) {
  let buffer = '';
  let waiting: { test: (line: string) => boolean; resolve: (line: string) => void } | undefined;
  const lines: string[] = [];
  const drain = () => {
    while (waiting && lines.length > 0) {
      const line = lines.shift() as string;
      if (waiting.test(line)) {
        const { resolve } = waiting;
        waiting = undefined;
        resolve(line);
      }
    }
  };
  const onData = (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    let index = buffer.indexOf('\r\n');
    while (index >= 0) {
      lines.push(buffer.slice(0, index));
      buffer = buffer.slice(index + 2);
      index = buffer.indexOf('\r\n');
    }
    drain();
  };
  socket.on('data', onData);
  return {
    next(test: (line: string) => boolean) {
      return new Promise<string>((resolve) => {
        waiting = { test, resolve };
        drain();
      });
    },
    stop() {
      socket.off('data', onData);
    },
  };
}

export async function checkImap(settings: Settings, options: MailCheckOptions): Promise<Check> {
  let socket: Socket | TLSSocket | undefined;
  let timer: NodeJS.Timeout | undefined;
  try {
    const address = await resolveHost(settings.host, options);
    const tlsOptions = { ...serverName(settings.host), rejectUnauthorized: !options.allowLocal };
    const run = async () => {
      const opened = await new Promise<Socket | TLSSocket>((resolve, reject) => {
        const connected =
          settings.security === 'TLS'
            ? tlsConnect({ host: address, port: settings.port, ...tlsOptions }, () =>
                resolve(connected),
              )
            : new Socket().connect({ host: address, port: settings.port }, () =>
                resolve(connected),
              );
        connected.once('error', reject);
      });
      socket = opened;
      const failure = new Promise<never>((_, reject) => opened.on('error', reject));
      const closed = new Promise<never>((_, reject) =>
        opened.once('close', () =>
          reject(new MailCheckError('errors.mail_unknown', 'The server closed the connection.')),
        ),
      );
      const race = <T>(promise: Promise<T>) => Promise.race([promise, failure, closed]);

      let reader = lineReader(opened);
      const greeting = await race(reader.next(() => true));
      if (!/^\* (OK|PREAUTH)/i.test(greeting)) {
        throw new MailCheckError('errors.mail_unknown', greeting);
      }
      let current: Socket | TLSSocket = opened;
      if (settings.security === 'STARTTLS') {
        opened.write('a1 STARTTLS\r\n');
        const answer = await race(reader.next((line) => line.startsWith('a1 ')));
        if (!/^a1 OK/i.test(answer)) throw new MailCheckError('errors.mail_tls_failed', answer);
        reader.stop();
        current = await new Promise<TLSSocket>((resolve, reject) => {
          const upgraded = tlsConnect({ socket: opened, ...tlsOptions }, () => resolve(upgraded));
          upgraded.once('error', reject);
        });
        socket = current;
        reader = lineReader(current);
      }
      const secured = current;
      const securedFailure = new Promise<never>((_, reject) => secured.on('error', reject));
      secured.write(
        `a2 LOGIN ${imapQuoted(settings.username)} ${imapQuoted(settings.password)}\r\n`,
      );
      const login = await Promise.race([
        reader.next((line) => line.startsWith('a2 ')),
        securedFailure,
      ]);
      if (!/^a2 OK/i.test(login)) throw new MailCheckError('errors.mail_auth_failed', login);
      secured.write('a3 LOGOUT\r\n');
    };
    await Promise.race([
      run(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new MailCheckError('errors.mail_timeout')),
          options.timeoutMs,
        );
      }),
    ]);
    return { ok: true };
  } catch (error) {
    return failed(error);
  } finally {
    if (timer) clearTimeout(timer);
    socket?.destroy();
  }
}

export function createMailCheckHandlers(
  db: Db,
  mailSecretKey: Buffer,
  fixedOptions?: MailCheckOptions,
): OperationHandlers {
  return {
    async validateEmailConfig(request) {
      const auth = requireAuth(request);
      // Read per call, so the environment switch takes effect without a restart.
      const options = fixedOptions ?? defaultOptions();
      const body = request.body;
      let password = body.password;
      if (body.id !== undefined) {
        const [row] = await db
          .select({ password: emailConfigs.password })
          .from(emailConfigs)
          .where(
            and(
              eq(emailConfigs.drivingSchoolId, auth.drivingSchoolId),
              eq(emailConfigs.id, body.id),
            ),
          );
        if (!row) throw notFound(`No mail account ${body.id} in your school.`);
        password ??= openSecret(mailSecretKey, body.id, row.password);
      }
      if (!password) {
        throw fieldError('password', 'validation.required', 'The password is needed to sign in.');
      }
      const common = { username: body.username, password };
      const [smtp, imap] = await Promise.all([
        checkSmtp(
          { host: body.smtpHost, port: body.smtpPort, security: body.smtpSecurity, ...common },
          options,
        ),
        checkImap(
          { host: body.imapHost, port: body.imapPort, security: body.imapSecurity, ...common },
          options,
        ),
      ]);
      return { status: 200, body: { smtp, imap } };
    },
  };
}
