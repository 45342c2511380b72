import { hasPermissions } from '@fahrwerk/core';
import {
  type AnyRoute,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  redirect,
} from '@tanstack/react-router';
import type { AppContext } from '../app-context';
import { safeRedirect } from '../app-context';
import { LoadingScreen } from '../screens/loading-screen';
import { NotFoundScreen } from '../screens/not-found-screen';
import { screenComponent } from '../screens/screens';
import { GuestLayout } from '../shell/guest-layout';
import { RootLayout } from '../shell/root-layout';
import { ShellLayout } from '../shell/shell-layout';
import {
  LEARNING_PLATFORMS,
  ROUTES,
  type RouteDef,
  tabContextOf,
  toRouterPath,
} from './route-table';

declare module '@tanstack/react-router' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: module augmentation needs an interface to merge.
  interface StaticDataRouteOption {
    def?: RouteDef;
  }
}

/** The path of the last page the user was allowed to see; "back" for a refused navigation. */
let lastAllowedHref: string | null = null;

function requireSession(context: AppContext, href: string) {
  if (!context.session.current) {
    throw redirect({ to: '/login', search: { redirect: href }, replace: true });
  }
}

/**
 * `/students/{platform}/{id}`: the platform is one we know and the school uses it (its switch
 * `learningAppEnabled`); a failed read of the switches counts as "no".
 */
async function learningPlatformOpen(ctx: AppContext, params: Record<string, string>) {
  if (!(LEARNING_PLATFORMS as readonly string[]).includes(params.platform ?? '')) return false;
  try {
    const switches = await ctx.queryClient.fetchQuery(
      ctx.api.query.queryOptions('get', '/driving-schools/current/switches'),
    );
    return switches.learningAppEnabled;
  } catch {
    return false;
  }
}

/** Builds the router from the route table: one route per row, under its layout's guard. */
export function createAppRouter(context: AppContext) {
  const rootRoute = createRootRouteWithContext<AppContext>()({
    component: RootLayout,
    notFoundComponent: NotFoundScreen,
  });

  // Signed-in pages inside the home shell.
  const shellRoute = createRoute({
    getParentRoute: () => rootRoute,
    id: 'shell',
    beforeLoad: ({ context: ctx, location }) => requireSession(ctx, location.href),
    component: ShellLayout,
  });
  // Pages for guests only: a signed-in user is sent home.
  const guestRoute = createRoute({
    getParentRoute: () => rootRoute,
    id: 'guest',
    beforeLoad: ({ context: ctx }) => {
      if (ctx.session.current) throw redirect({ to: '/', replace: true });
    },
    component: GuestLayout,
  });
  // Outside the shell, with a session (sign-out).
  const signedInRoute = createRoute({
    getParentRoute: () => rootRoute,
    id: 'signed-in',
    beforeLoad: ({ context: ctx, location }) => requireSession(ctx, location.href),
  });
  // Outside the shell, open to everyone.
  const publicRoute = createRoute({
    getParentRoute: () => rootRoute,
    id: 'public',
    component: GuestLayout,
  });
  const parents: Record<RouteDef['layout'], AnyRoute> = {
    shell: shellRoute,
    guest: guestRoute,
    signedIn: signedInRoute,
    public: publicRoute,
  };

  const children = new Map<AnyRoute, AnyRoute[]>();
  for (const def of ROUTES) {
    const parent = parents[def.layout];
    const route = createRoute({
      getParentRoute: () => parent,
      path: toRouterPath(def.path),
      staticData: { def },
      validateSearch: (search: Record<string, unknown>) => search,
      beforeLoad: async ({ context: ctx, params }) => {
        if (def.layout !== 'shell' || !ctx.session.current) return;
        const granted = new Set(ctx.session.current.permissions);
        if (def.guard === 'learningPlatform' && !(await learningPlatformOpen(ctx, params))) {
          ctx.toasts.error(ctx.i18n.t('guard.learningPlatform', { ns: 'backoffice' }));
          throw redirect({ href: lastAllowedHref ?? '/', replace: true });
        }
        if (!hasPermissions(granted, def.permissions)) {
          // Spec 000 §2: a user lacking a permission is sent back to the previous path.
          ctx.toasts.error(
            ctx.i18n.t('guard.forbidden', {
              ns: 'backoffice',
              page: ctx.i18n.t(def.title, { ns: 'backoffice' }),
            }),
          );
          throw redirect({ href: lastAllowedHref ?? '/', replace: true });
        }
      },
      component: screenComponent(def.screen),
    });
    children.set(parent, [...(children.get(parent) ?? []), route]);
  }

  const routeTree = rootRoute.addChildren(
    [shellRoute, guestRoute, signedInRoute, publicRoute].map((parent) =>
      parent.addChildren(children.get(parent) ?? []),
    ),
  );

  const router = createRouter({
    routeTree,
    context,
    defaultPreload: false,
    // Shown while a feature area's chunk loads (after the router's pending delay).
    defaultPendingComponent: LoadingScreen,
    scrollRestoration: true,
  });
  router.subscribe('onResolved', ({ toLocation }) => {
    lastAllowedHref = toLocation.href;
    // Every shell page opened becomes (or re-activates) a tab in its context.
    const def = router.state.matches.at(-1)?.staticData.def;
    if (def?.layout === 'shell') {
      context.tabs.open(tabContextOf(def.path), toLocation.pathname, def.title);
    }
  });
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

export { safeRedirect };
