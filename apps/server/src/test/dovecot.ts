import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/*
 * A real IMAP server for the mail tests: Debian's Dovecot (`apt-get install dovecot-imapd`,
 * which npm test and .ci/run do), started per test file on a free port of 127.0.0.1 with a
 * throw-away configuration: users in a passwd file (plain passwords), maildirs in a temp
 * folder, no TLS, every log in the folder. Mail is put into a user's folder the way a
 * delivery agent does — a file in the maildir's `new/` — so a thousand mails take a moment;
 * Dovecot gives them UIDs when a client looks.
 *
 * Without the binary (a machine where apt is not possible) `dovecotAvailable()` is false and
 * the tests skip with a message saying so.
 */

export const DOVECOT_BINARY = process.env.DOVECOT_PATH ?? '/usr/sbin/dovecot';

export const dovecotAvailable = () => existsSync(DOVECOT_BINARY);

export const DOVECOT_MISSING =
  `Dovecot is missing (${DOVECOT_BINARY}): install it with "apt-get install -y dovecot-imapd" ` +
  '(npm test and .ci/run do so as root), or set DOVECOT_PATH.';

export type DovecotUser = { user: string; password: string };

export type Dovecot = {
  host: string;
  port: number;
  /** Puts a raw RFC 5322 message into the user's folder (default INBOX) as unseen mail. */
  deliver: (user: string, raw: string | Buffer, folder?: string) => Promise<void>;
  /** Creates a user (or sets a new password) while the server runs. */
  addUser: (account: DovecotUser) => Promise<void>;
  /** Stops the server and removes its folder. */
  stop: () => Promise<void>;
  /** The server's log (for a failing test's message). */
  log: () => Promise<string>;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves when the server greets on the port (Dovecot forks its login processes first). */
async function greeting(port: number, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = new Socket();
      const done = (value: boolean) => {
        socket.destroy();
        resolve(value);
      };
      socket.setTimeout(1000, () => done(false));
      socket.once('error', () => done(false));
      socket.once('data', (data) => done(data.toString().startsWith('* OK')));
      socket.connect(port, '127.0.0.1');
    });
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Dovecot did not greet on 127.0.0.1:${port} within ${timeoutMs} ms`);
}

/**
 * Whose files the maildirs are: the running user, but Dovecot refuses root for mail, so
 * under root its own `dovecot` system user (or `mail`) from /etc/passwd.
 */
async function mailOwner(): Promise<{ uid: number; gid: number }> {
  const uid = process.getuid?.() ?? 0;
  if (uid !== 0) return { uid, gid: process.getgid?.() ?? uid };
  const passwdFile = await readFile('/etc/passwd', 'utf8');
  for (const name of ['dovecot', 'mail']) {
    const line = passwdFile.split('\n').find((entry) => entry.startsWith(`${name}:`));
    const [, , userId, groupId] = line?.split(':') ?? [];
    if (userId && groupId) return { uid: Number(userId), gid: Number(groupId) };
  }
  throw new Error('No dovecot or mail user in /etc/passwd to own the test maildirs.');
}

export async function startDovecot(users: DovecotUser[]): Promise<Dovecot> {
  if (!dovecotAvailable()) throw new Error(DOVECOT_MISSING);
  const root = await mkdtemp(path.join(tmpdir(), 'fw-dovecot-'));
  // Dovecot's own processes (running as the unprivileged dovecot/dovenull users) walk
  // into the folder: it must be reachable for them.
  await chmod(root, 0o755);
  const port = await freePort();
  const { uid, gid } = await mailOwner();
  const passwd = path.join(root, 'users');
  const homes = path.join(root, 'home');
  await mkdir(homes, { recursive: true });
  await chown(homes, uid, gid);
  /** Creates a folder (and its parents below the homes) owned by the mail user. */
  const ownedFolder = async (folder: string) => {
    const missing: string[] = [];
    for (let at = folder; at.startsWith(homes) && at !== homes; at = path.dirname(at)) {
      if (!existsSync(at)) missing.unshift(at);
    }
    for (const dir of missing) {
      await mkdir(dir, { recursive: true });
      await chown(dir, uid, gid);
    }
  };
  const accounts = new Map<string, string>();
  const writePasswd = () =>
    writeFile(
      passwd,
      [...accounts].map(([user, password]) => `${user}:{PLAIN}${password}::::::\n`).join(''),
      { mode: 0o644 },
    );
  for (const account of users) accounts.set(account.user, account.password);
  await writePasswd();

  const config = path.join(root, 'dovecot.conf');
  await writeFile(
    config,
    `
base_dir = ${root}/run
state_dir = ${root}/state
instance_name = fw-dovecot-${randomBytes(4).toString('hex')}
log_path = ${root}/dovecot.log
info_log_path = ${root}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
# A refused login answers at once (Dovecot waits 2 s by default).
auth_failure_delay = 0
mail_location = maildir:~/Maildir
mail_uid = ${uid}
mail_gid = ${gid}
first_valid_uid = 0
first_valid_gid = 0
mail_privileged_group =
default_vsz_limit = 512M
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${passwd}
}
userdb {
  driver = static
  args = uid=${uid} gid=${gid} home=${homes}/%u
}
namespace inbox {
  inbox = yes
  separator = /
  mailbox Sent {
    special_use = \\Sent
    auto = subscribe
  }
  mailbox Drafts {
    special_use = \\Drafts
    auto = subscribe
  }
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service stats {
  unix_listener stats-reader {
    mode = 0666
  }
  unix_listener stats-writer {
    mode = 0666
  }
}
`,
  );

  const child: ChildProcess = spawn(DOVECOT_BINARY, ['-F', '-c', config], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (data) => {
    output += data;
  });
  child.stderr?.on('data', (data) => {
    output += data;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const log = async () =>
    `${output}${await readFile(path.join(root, 'dovecot.log'), 'utf8').catch(() => '')}`;
  try {
    await Promise.race([
      greeting(port, 20_000),
      exited.then(() => {
        throw new Error('Dovecot exited at start');
      }),
    ]);
  } catch (error) {
    const text = await log();
    child.kill('SIGKILL');
    await rm(root, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}:\n${text}`);
  }

  let sequence = 0;
  return {
    host: '127.0.0.1',
    port,
    log,
    async addUser(account) {
      accounts.set(account.user, account.password);
      await writePasswd();
    },
    async deliver(user, raw, folder = 'INBOX') {
      const maildir = path.join(homes, user, 'Maildir', folder === 'INBOX' ? '' : `.${folder}`);
      for (const sub of ['new', 'cur', 'tmp']) await ownedFolder(path.join(maildir, sub));
      sequence += 1;
      const name = `${Date.now()}.M${sequence}P${process.pid}.fahrwerk-test`;
      await writeFile(path.join(maildir, 'tmp', name), raw);
      await chown(path.join(maildir, 'tmp', name), uid, gid);
      // Written in tmp/, then renamed into new/: a reader never sees half a mail.
      await rename(path.join(maildir, 'tmp', name), path.join(maildir, 'new', name));
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      await rm(root, { recursive: true, force: true });
    },
  };
}
