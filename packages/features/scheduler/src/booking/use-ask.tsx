import { type ReactNode, useCallback, useState } from 'react';

/**
 * A question as a promise: `ask(render)` shows what `render` returns and resolves with the
 * answer it gives (`null`: cancelled). Render `element` once.
 */
export function useAsk<T>() {
  const [pending, setPending] = useState<{ node: ReactNode } | null>(null);
  const ask = useCallback(
    (render: (answer: (value: T | null) => void) => ReactNode) =>
      new Promise<T | null>((resolve) => {
        const answer = (value: T | null) => {
          setPending(null);
          resolve(value);
        };
        setPending({ node: render(answer) });
      }),
    [],
  );
  return { ask, element: pending?.node ?? null };
}
