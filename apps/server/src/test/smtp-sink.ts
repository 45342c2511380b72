import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  from: string;
  to: string[];
  /** The raw message as sent (headers and body). */
  raw: string;
  subject: string;
  /** The body, quoted-printable decoded. */
  text: string;
};

/** Undoes quoted-printable: soft line breaks and `=XX` bytes (UTF-8). */
export function decodeQuotedPrintable(input: string): string {
  const unwrapped = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < unwrapped.length; i += 1) {
    const char = unwrapped[i] as string;
    const hex = unwrapped.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Splits a raw single-part message into its headers and decoded body. */
export function parseMail(raw: string): { subject: string; text: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const headerText = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const header = (name: string) =>
    new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headerText)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return { subject: decodeHeader(header('Subject')), text };
}

/** Decodes RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=). */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_match, kind: string, data: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

/**
 * A real SMTP server on a random local port that keeps what it receives, so tests check
 * the mail the server actually sent.
 */
export async function startSmtpSink(
  options: {
    /** Offer AUTH (without TLS) and take any user and password: a school's mail account. */
    acceptAuth?: boolean;
  } = {},
): Promise<{
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the next mail that arrives (or the first one not taken yet). */
  next: () => Promise<ReceivedMail>;
  close: () => Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  let taken = 0;
  const waiting: ((mail: ReceivedMail) => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: options.acceptAuth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          ...parseMail(raw),
        };
        mails.push(mail);
        const waiter = waiting.shift();
        if (waiter) {
          taken += 1;
          waiter(mail);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    next: () => {
      const ready = mails[taken];
      if (ready) {
        taken += 1;
        return Promise.resolve(ready);
      }
      return new Promise((resolve) => waiting.push(resolve));
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
