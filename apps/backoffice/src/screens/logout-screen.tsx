import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useApp } from '../use-app';
import { LoadingScreen } from './loading-screen';

/** Sign-out: forget the session, the tabs and every list filter, then go to sign-in. */
export function LogoutScreen() {
  const { session, tabs, queryClient } = useApp();
  const navigate = useNavigate();
  useEffect(() => {
    session.signOut();
    tabs.reset();
    queryClient.clear();
    void navigate({ to: '/login', replace: true });
  }, [session, tabs, queryClient, navigate]);
  return <LoadingScreen />;
}
