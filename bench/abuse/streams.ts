/**
 * Live event streams held by one client for the abuse bench: GET /api/events opened on raw sockets (one socket, one
 * stream, as EventSource does) one after another until the server refuses one or `ceiling` are open. Each stream
 * is kept open until `closeAll`.
 */
import net from 'node:net';

export interface HeldStreams {
  /** Streams answered 200 and still open. */
  held: number;
  /** Status line of the first refusal (e.g. `HTTP/1.1 429 Too Many Requests`), or null when the ceiling came first. */
  refusal: string | null;
  /** The Retry-After header of that refusal, in seconds, or null. */
  retryAfter: string | null;
  /** Destroys every held socket. */
  closeAll(): void;
}

/** Opens one stream as `address` (sent as X-Forwarded-For when given); resolves with the socket and the answer's head. */
function openStream(port: number, address: string | null): Promise<{ socket: net.Socket; head: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      const xff = address ? `X-Forwarded-For: ${address}\r\n` : '';
      socket.write(`GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n${xff}\r\n`);
    });
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      socket.off('data', onData);
      socket.on('data', () => undefined); // heartbeats, read and dropped
      resolve({ socket, head: head.slice(0, end) });
    };
    socket.on('data', onData);
    socket.once('error', reject);
  });
}

/**
 * Opens streams until one is refused or `ceiling` are held. `addressOf(i)` gives the X-Forwarded-For of the i-th
 * stream (null: none, the socket's own address).
 */
export async function holdStreams(port: number, ceiling: number, addressOf: (i: number) => string | null): Promise<HeldStreams> {
  const sockets: net.Socket[] = [];
  let refusal: string | null = null;
  let retryAfter: string | null = null;
  for (let i = 0; i < ceiling; i++) {
    const { socket, head } = await openStream(port, addressOf(i));
    const status = head.split('\r\n')[0] ?? '';
    if (/^HTTP\/1\.1 200 /.test(status)) {
      sockets.push(socket);
      continue;
    }
    refusal = status;
    retryAfter = /^retry-after:\s*(\S+)/im.exec(head)?.[1] ?? null;
    socket.destroy();
    break;
  }
  return {
    held: sockets.length,
    refusal,
    retryAfter,
    closeAll: () => sockets.forEach((s) => s.destroy()),
  };
}
