import { type TokenResponse, useApi } from '@fahrwerk/api';
import type { FahrwerkMeta } from '@fahrwerk/core';
import { useMutation } from '@tanstack/react-query';

/** The sign-in screens show their own errors inline, so the global toast stays quiet. */
const inline: FahrwerkMeta = { silentError: true };

export function useSignIn() {
  const { fetch } = useApi();
  return useMutation({
    meta: inline,
    mutationFn: async (credentials: {
      email: string;
      password: string;
    }): Promise<TokenResponse> => {
      const { data } = await fetch.POST('/generate-token', { body: credentials });
      return data as TokenResponse;
    },
  });
}

export function useSupportSignIn() {
  const { fetch } = useApi();
  return useMutation({
    meta: inline,
    mutationFn: async (token: string): Promise<TokenResponse> => {
      const { data } = await fetch.POST('/generate-token-for-support-user', { body: { token } });
      return data as TokenResponse;
    },
  });
}

export function useRequestPasswordChange() {
  const { fetch } = useApi();
  return useMutation({
    meta: inline,
    mutationFn: async (userEmail: string): Promise<void> => {
      await fetch.POST('/request-fsc-user-password-change', { params: { query: { userEmail } } });
    },
  });
}

export function useSetPassword() {
  const { fetch } = useApi();
  return useMutation({
    meta: inline,
    mutationFn: async (input: { passwordToken: string; rawPassword: string }): Promise<void> => {
      await fetch.POST('/set-fsc-user-password', { params: { query: input } });
    },
  });
}
