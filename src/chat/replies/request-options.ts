/**
 * Fetch options with every member set explicitly. `fetch` looks up the options it is not given on the
 * object's prototype chain, so a page that polluted Object.prototype (with `integrity`, `method`,
 * `keepalive`, `body`...) could otherwise add options to our requests. A plain object, so a page's fetch
 * wrapper that copies or inspects it keeps working.
 */
export function explicitRequest(
  init: Required<Pick<RequestInit, 'method' | 'credentials'>> & Pick<RequestInit, 'headers' | 'body' | 'signal'>,
): RequestInit {
  return {
    headers: new Headers(),
    body: null,
    signal: null,
    mode: 'cors',
    cache: 'no-store',
    redirect: 'follow',
    referrer: 'about:client',
    referrerPolicy: '',
    integrity: '',
    keepalive: false,
    priority: 'auto',
    window: null,
    ...init,
  };
}
