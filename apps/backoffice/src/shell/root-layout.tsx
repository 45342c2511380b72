import { Outlet, useRouter } from '@tanstack/react-router';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';

/** Lets every react-aria link (ui's Link, Sidebar, buttons with href) navigate client-side. */
export function RootLayout() {
  const router = useRouter();
  return (
    <AriaRouterProvider
      navigate={(href: string) => router.navigate({ href })}
      useHref={(href: string) => router.buildLocation({ to: href }).href}
    >
      <Outlet />
    </AriaRouterProvider>
  );
}
