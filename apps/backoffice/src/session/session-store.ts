import type { PermissionKey, TokenResponse, User, UserSettings } from '@fahrwerk/api';
import { clearListFilters } from '@fahrwerk/core';
import { decryptJson, encryptJson } from './session-crypto';

/** What the token says about the session (spec 000 §3 "session data"). */
export type TokenInfo = { drivingSchoolId: number; roleId: number; exp?: number };

export type Session = {
  token: string;
  tokenInfo: TokenInfo;
  user: User;
  permissions: PermissionKey[];
  settings: UserSettings;
};

export const STORAGE_KEYS = {
  token: 'token',
  /** User and permissions, encrypted (spec 000 §6). */
  secure: 'session',
  settings: 'userSettings',
  lang: 'lang',
} as const;

/** Reads the claims of a JWT without verifying it (the server verifies every call). */
export function readTokenInfo(token: string): TokenInfo {
  const part = token.split('.')[1];
  if (!part) throw new Error('Malformed token');
  const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
  const claims = JSON.parse(json) as Partial<TokenInfo>;
  if (typeof claims.drivingSchoolId !== 'number' || typeof claims.roleId !== 'number') {
    throw new Error('Token without school or role');
  }
  return { drivingSchoolId: claims.drivingSchoolId, roleId: claims.roleId, exp: claims.exp };
}

type Listener = (session: Session | null) => void;

/**
 * The signed-in session, kept in session storage for the browser tab: the token, the user
 * settings, and user plus permissions encrypted. Everything else reads it from here.
 */
export class SessionStore {
  #session: Session | null = null;
  #listeners = new Set<Listener>();
  readonly #storage: Storage;

  constructor(storage: Storage = sessionStorage) {
    this.#storage = storage;
  }

  get current(): Session | null {
    return this.#session;
  }

  get token(): string | null {
    return this.#session?.token ?? this.#storage.getItem(STORAGE_KEYS.token);
  }

  /** The current role is the first role name of the user (spec 000 §6). */
  get currentRole(): string | null {
    return this.#session?.user.roleNames[0] ?? null;
  }

  subscribe(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Loads a session kept in this tab; a damaged or expired one is dropped. */
  async restore(): Promise<Session | null> {
    const token = this.#storage.getItem(STORAGE_KEYS.token);
    const secure = this.#storage.getItem(STORAGE_KEYS.secure);
    const settings = this.#storage.getItem(STORAGE_KEYS.settings);
    if (!token || !secure || !settings) {
      this.#clearStorage();
      return null;
    }
    try {
      const tokenInfo = readTokenInfo(token);
      if (tokenInfo.exp && tokenInfo.exp * 1000 < Date.now()) throw new Error('expired');
      const { user, permissions } = await decryptJson<Pick<Session, 'user' | 'permissions'>>(
        secure,
        token,
      );
      this.#set({ token, tokenInfo, user, permissions, settings: JSON.parse(settings) });
    } catch {
      this.#clearStorage();
      this.#set(null);
    }
    return this.#session;
  }

  /**
   * Stores a fresh sign-in: token, user and settings, then the permissions of the token's
   * school and role, fetched by `loadPermissions`.
   */
  async signIn(
    response: TokenResponse,
    loadPermissions: (info: TokenInfo, token: string) => Promise<PermissionKey[]>,
  ): Promise<Session> {
    const tokenInfo = readTokenInfo(response.token);
    this.#storage.setItem(STORAGE_KEYS.token, response.token);
    const permissions = await loadPermissions(tokenInfo, response.token);
    const session: Session = {
      token: response.token,
      tokenInfo,
      user: response.instructor,
      permissions,
      settings: response.userSettings,
    };
    this.#storage.setItem(
      STORAGE_KEYS.secure,
      await encryptJson({ user: session.user, permissions }, response.token),
    );
    this.#storage.setItem(STORAGE_KEYS.settings, JSON.stringify(session.settings));
    if (!this.#storage.getItem(STORAGE_KEYS.lang)) {
      this.#storage.setItem(STORAGE_KEYS.lang, session.settings.language);
    }
    this.#set(session);
    return session;
  }

  /** Sign-out: forgets the user, the token and every list filter (spec 000 §4). */
  signOut(): void {
    this.#clearStorage();
    clearListFilters();
    this.#set(null);
  }

  /** After a 401: clears user and token; the caller reloads the page. */
  clear(): void {
    this.#clearStorage();
    this.#set(null);
  }

  #clearStorage(): void {
    this.#storage.removeItem(STORAGE_KEYS.token);
    this.#storage.removeItem(STORAGE_KEYS.secure);
    this.#storage.removeItem(STORAGE_KEYS.settings);
  }

  #set(session: Session | null): void {
    this.#session = session;
    for (const listener of this.#listeners) listener(session);
  }
}
