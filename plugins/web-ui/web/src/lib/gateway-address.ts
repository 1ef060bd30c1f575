/**
 * The address clients reach the gateway at, for the examples: `server.public_url`
 * (put in a meta tag by the server) when the gateway runs behind a proxy, else the
 * address this page was loaded from.
 */
export function gatewayAddress(): string {
  const configured = document.querySelector<HTMLMetaElement>('meta[name="gateway-public-url"]')?.content.trim();
  return (configured || window.location.origin).replace(/\/+$/, '');
}
