/**
 * How often a gateway checks the sessions behind its authenticated sockets: a socket only sends
 * its token at the handshake, so a session revoked later (logout, password change, a frozen user
 * or a disabled admin) would otherwise keep receiving pushes for as long as the socket lives.
 */
export const SOCKET_SESSION_CHECK_MS = 15_000;

/** What a socket.io handshake carries that names its caller. */
interface Handshake {
  handshake: { auth?: unknown; headers: { authorization?: string } };
}

/** The token of a handshake: `auth.token`, else the Authorization header (a bare token works too). */
export function handshakeToken(socket: Handshake): string | undefined {
  const auth = socket.handshake.auth as { token?: unknown } | undefined;
  const raw = typeof auth?.token === 'string' ? auth.token : socket.handshake.headers.authorization;
  const token = raw?.trim().replace(/^Bearer\s+/i, '');
  return token ? token : undefined;
}
