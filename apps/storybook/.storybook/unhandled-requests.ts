import { isCommonAssetRequest } from 'msw';

/**
 * Requests that reached the network without a mock handler during the current story.
 * The preview's `afterEach` fails the story when this is not empty.
 */
export const unhandledRequests: string[] = [];

/** Vite, Vitest and Storybook serve their own modules and assets; those are not API calls. */
function isToolingRequest(request: Request): boolean {
  const url = new URL(request.url);
  if (url.origin !== globalThis.location.origin) return false;
  return (
    isCommonAssetRequest(request) ||
    url.pathname.startsWith('/@') ||
    url.pathname.startsWith('/__') ||
    url.pathname.startsWith('/sb-') ||
    url.pathname === '/' ||
    url.pathname.endsWith('/iframe.html') ||
    url.pathname.endsWith('/index.json')
  );
}

export function onUnhandledRequest(request: Request, print: { error: () => void }) {
  if (isToolingRequest(request)) return;
  unhandledRequests.push(`${request.method} ${request.url}`);
  print.error();
}
