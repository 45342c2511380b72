import { type HTMLAttributes, type ReactNode, useState } from 'react';
import { UNSAFE_PortalProvider } from 'react-aria';
import { cn } from './utils';

/** The class of the embed root: `styles-scoped.css` styles only what is inside it. */
export const FAHRWERK_SCOPE_CLASS = 'fahrwerk';

export type FahrwerkScopeProps = Omit<HTMLAttributes<HTMLDivElement>, 'children'> & {
  children: ReactNode;
};

/**
 * The root of an embed in a foreign host, for `@fahrwerk/ui/styles-scoped.css`: an element
 * with the class `fahrwerk` (the tokens, the base rules and the utilities apply inside it
 * only) and, as its last child, the container every overlay of the screens inside is
 * rendered into — dialogs, popovers, menus and toasts, which react-aria otherwise appends
 * to `document.body`, outside the scope and unstyled.
 *
 * Overlays are `position: fixed` inside that container: a host must not give an ancestor of
 * the embed a `transform`, `filter` or `contain` (they would clip them), and the embed's
 * dialogs stack within the host's stacking context of the root.
 */
export function FahrwerkScope({ className, children, ...props }: FahrwerkScopeProps) {
  const [portals, setPortals] = useState<HTMLDivElement | null>(null);
  return (
    <div {...props} className={cn(FAHRWERK_SCOPE_CLASS, className)}>
      {/* Until the container is mounted (the first render only) overlays go to the body. */}
      <UNSAFE_PortalProvider getContainer={portals ? () => portals : undefined}>
        {children}
      </UNSAFE_PortalProvider>
      <div ref={setPortals} data-fahrwerk-portals="" />
    </div>
  );
}
