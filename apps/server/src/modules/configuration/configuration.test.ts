import type { AddressInfo } from 'node:net';
import { createServer as createNetServer, type Server } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { SMTPServer } from 'smtp-server';
// smtp-server's built-in self-signed localhost certificate, for the local test servers.
import getTlsOptions from 'smtp-server/lib/tls-options.js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  DEMO_INSTRUCTOR,
  DEMO_OFFICE,
  DEMO_OWNER,
  DRIVERS,
  expectError,
  useTestApp,
} from '../../test/test-app';
import { isLocalAddress, reasonOf } from './mail-check';

const USER = 'buero@sonnenschein.de';
const PASSWORD = 'Geheim#2026';
const tls = getTlsOptions() as { key: string; cert: string };

/** A real SMTP server with STARTTLS and AUTH PLAIN/LOGIN that knows one account. */
async function startSmtp() {
  const server = new SMTPServer({
    ...tls,
    logger: false,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASSWORD) callback(null, { user: USER });
      else callback(new Error('Authentication failed'));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A minimal IMAP server over TLS: greeting, LOGIN against one account, LOGOUT. */
async function startImap() {
  const server = createTlsServer({ key: tls.key, cert: tls.cert }, (socket) => {
    socket.write('* OK IMAP4rev1 Testserver bereit\r\n');
    let buffer = '';
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      let index = buffer.indexOf('\r\n');
      while (index >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        const [tag, command] = line.split(' ');
        if (command?.toUpperCase() === 'LOGIN') {
          const ok = line === `${tag} LOGIN "${USER}" "${PASSWORD}"`;
          socket.write(
            ok
              ? `${tag} OK LOGIN completed\r\n`
              : `${tag} NO [AUTHENTICATIONFAILED] Invalid credentials\r\n`,
          );
        } else if (command?.toUpperCase() === 'LOGOUT') {
          socket.end(`* BYE\r\n${tag} OK LOGOUT completed\r\n`);
        } else {
          socket.write(`${tag} BAD unknown\r\n`);
        }
        index = buffer.indexOf('\r\n');
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A port that was free a moment ago: nothing listens there. */
async function closedPort(): Promise<number> {
  const server: Server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('mail check helpers', () => {
  it('knows loopback and private addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.1.1',
      '::1',
      'fd00::1',
      '::ffff:127.0.0.1',
    ]) {
      expect(isLocalAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '172.32.0.1', '2a00:1450::1']) {
      expect(isLocalAddress(address), address).toBe(false);
    }
  });
  it('maps socket and SMTP errors to the contract reasons', () => {
    expect(reasonOf({ code: 'EAUTH' })).toBe('errors.mail_auth_failed');
    expect(reasonOf({ code: 'ECONNREFUSED' })).toBe('errors.mail_connection_refused');
    expect(reasonOf({ code: 'EDNS' })).toBe('errors.mail_host_not_found');
    expect(reasonOf({ code: 'ETIMEDOUT' })).toBe('errors.mail_timeout');
    expect(reasonOf({ code: 'DEPTH_ZERO_SELF_SIGNED_CERT' })).toBe('errors.mail_tls_failed');
    expect(reasonOf(new Error('whatever'))).toBe('errors.mail_unknown');
  });
});

describe.each(DRIVERS)('configuration (%s)', (driver) => {
  const t = useTestApp(driver);
  let owner: string;
  let office: string;
  beforeAll(async () => {
    owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    office = await t.signIn(DEMO_OFFICE.email, DEMO_OFFICE.password);
  });

  describe('mail server check', () => {
    let smtp: Awaited<ReturnType<typeof startSmtp>>;
    let imap: Awaited<ReturnType<typeof startImap>>;
    beforeAll(async () => {
      smtp = await startSmtp();
      imap = await startImap();
    });
    afterAll(async () => {
      await smtp?.close();
      await imap?.close();
    });
    afterEach(() => {
      vi.unstubAllEnvs();
    });

    const settings = () => ({
      smtpHost: '127.0.0.1',
      smtpPort: smtp.port,
      smtpSecurity: 'STARTTLS',
      imapHost: '127.0.0.1',
      imapPort: imap.port,
      imapSecurity: 'TLS',
      username: USER,
      password: PASSWORD,
    });

    it('refuses local hosts unless the development switch is set', async () => {
      const response = await t.call('PUT', '/email-config-validator', {
        token: owner,
        body: settings(),
      });
      expect(response.status, response.raw).toBe(200);
      expect(response.body).toEqual({
        smtp: { ok: false, reason: 'errors.mail_host_not_allowed' },
        imap: { ok: false, reason: 'errors.mail_host_not_allowed' },
      });
    });

    it('signs in to both servers with the right password', async () => {
      vi.stubEnv('MAIL_CHECK_ALLOW_LOCAL', 'true');
      const response = await t.call('PUT', '/email-config-validator', {
        token: owner,
        body: settings(),
      });
      expect(response.status, response.raw).toBe(200);
      expect(response.body).toEqual({ smtp: { ok: true }, imap: { ok: true } });
    });

    it('reports a wrong password per server', async () => {
      vi.stubEnv('MAIL_CHECK_ALLOW_LOCAL', 'true');
      const response = await t.call('PUT', '/email-config-validator', {
        token: owner,
        body: { ...settings(), password: 'falsch' },
      });
      expect(response.body).toMatchObject({
        smtp: { ok: false, reason: 'errors.mail_auth_failed' },
        imap: { ok: false, reason: 'errors.mail_auth_failed' },
      });
    });

    it('reports a closed port as refused connection', async () => {
      vi.stubEnv('MAIL_CHECK_ALLOW_LOCAL', 'true');
      const port = await closedPort();
      const response = await t.call('PUT', '/email-config-validator', {
        token: owner,
        body: { ...settings(), smtpPort: port, imapPort: port },
      });
      expect(response.body).toMatchObject({
        smtp: { ok: false, reason: 'errors.mail_connection_refused' },
        imap: { ok: false, reason: 'errors.mail_connection_refused' },
      });
    });

    it('reports TLS failure when the IMAP server speaks TLS but STARTTLS was chosen… and vice versa', async () => {
      vi.stubEnv('MAIL_CHECK_ALLOW_LOCAL', 'true');
      const response = await t.call('PUT', '/email-config-validator', {
        token: owner,
        // SMTP with TLS from the first byte against a STARTTLS server fails the handshake.
        body: { ...settings(), smtpSecurity: 'TLS' },
      });
      expect(response.body).toMatchObject({
        smtp: { ok: false, reason: expect.stringMatching(/tls_failed|timeout|unknown/) },
        imap: { ok: true },
      });
    });

    it('reports a host that does not resolve', async () => {
      const response = await t.call('PUT', '/email-config-validator', {
        token: owner,
        body: {
          ...settings(),
          smtpHost: 'smtp.gibt-es-nicht.invalid',
          imapHost: 'imap.gibt-es-nicht.invalid',
        },
      });
      expect(response.body).toMatchObject({
        smtp: { ok: false, reason: 'errors.mail_host_not_found' },
        imap: { ok: false, reason: 'errors.mail_host_not_found' },
      });
    });

    it('uses the stored password of a saved account, and 404 for an unknown one', async () => {
      vi.stubEnv('MAIL_CHECK_ALLOW_LOCAL', 'true');
      const { password: _password, ...withoutPassword } = settings();
      const created = await t.call('POST', '/email-config', {
        token: owner,
        body: { ...settings(), email: USER, userIds: Object.values(t.demo.userIds).slice(0, 1) },
      });
      expect(created.status, created.raw).toBe(201);
      const id = (created.body as { id: number }).id;
      const response = await t.call('PUT', '/email-config-validator', {
        token: owner,
        body: { ...withoutPassword, id },
      });
      expect(response.body).toEqual({ smtp: { ok: true }, imap: { ok: true } });
      expectError(
        await t.call('PUT', '/email-config-validator', {
          token: owner,
          body: { ...withoutPassword, id: 999999 },
        }),
        404,
        'errors.not_found',
      );
      const noPassword = await t.call('PUT', '/email-config-validator', {
        token: owner,
        body: withoutPassword,
      });
      expectError(noPassword, 422, 'errors.validation');
    });

    it('is for company writers only', async () => {
      const response = await t.call('PUT', '/email-config-validator', {
        token: office,
        body: settings(),
      });
      expect(response.status).toBe(403);
    });
  });

  describe('financial and accounts configuration', () => {
    it('answers SKR03 defaults, then what was saved', async () => {
      const fresh = await t.call('GET', '/accounts-config/current', { token: owner });
      expect(fresh.body).toMatchObject({ chartOfAccounts: 'SKR03', revenue19Account: '8400' });
      const skr04 = {
        chartOfAccounts: 'SKR04',
        revenue19Account: '4400',
        revenue7Account: '4300',
        revenue0Account: '4100',
        cashAccount: '1600',
        transitAccount: '1460',
        passingItemsAccount: '1370',
        livePayAccount: '1461',
      };
      const saved = await t.call('PUT', '/accounts-config/current', { token: owner, body: skr04 });
      expect(saved.status, saved.raw).toBe(200);
      // Fields never set answer the chart's defaults (SKR04 bank 1800).
      expect((await t.call('GET', '/accounts-config/current', { token: owner })).body).toEqual({
        ...skr04,
        bankAccount: '1800',
        debtorAccount: '10000',
        fiscalYearStartMonth: 1,
      });
      const datev = {
        ...skr04,
        bankAccount: '1810',
        debtorAccount: '12000',
        consultantNumber: 29098,
        clientNumber: 55003,
        fiscalYearStartMonth: 7,
        bookkeepingPortalUrl: 'https://duo.datev.de/',
      };
      const full = await t.call('PUT', '/accounts-config/current', { token: owner, body: datev });
      expect(full.body).toEqual(datev);
      const wrong = await t.call('PUT', '/accounts-config/current', {
        token: owner,
        body: { ...datev, consultantNumber: 12, debtorAccount: '1200' },
      });
      expect(wrong.status).toBe(422);
    });

    it('stores footnotes and validated URLs', async () => {
      const body = {
        studentPaymentRequestFootnote: 'Bitte überweisen Sie innerhalb von 14 Tagen.',
        studentFinalInvoiceFootnote: 'Vielen Dank für Ihr Vertrauen.',
        gdprUrl: 'https://sonnenschein.de/datenschutz',
        termsUrl: 'https://sonnenschein.de/agb',
      };
      const saved = await t.call('PUT', '/financial-config/current', { token: owner, body });
      expect(saved.status, saved.raw).toBe(200);
      expect((await t.call('GET', '/financial-config/current', { token: owner })).body).toEqual(
        body,
      );
      const badUrl = await t.call('PUT', '/financial-config/current', {
        token: owner,
        body: { ...body, termsUrl: 'sonnenschein.de/agb' },
      });
      expect(badUrl.status).toBe(422);
    });

    it('says no school is registered with the external bookkeeping portal', async () => {
      const instructor = await t.signIn(DEMO_INSTRUCTOR.email, DEMO_INSTRUCTOR.password);
      const response = await t.call('GET', '/financial-config/school-registered-in-abibaro', {
        token: instructor,
      });
      expect(response.body).toEqual({ value: false });
    });
  });
});
