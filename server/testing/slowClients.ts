/** Clients that send a request line, then one header byte a second, forever: for tests and the bench. */
import { connect, type Socket } from 'node:net';

export interface SlowClient {
  socket: Socket;
  /** Whatever the server wrote back so far. */
  received: () => string;
  /** Settles when the server (or `stop`) closes the connection. */
  closed: Promise<void>;
}

export function slowClient(port: number, host = '127.0.0.1'): SlowClient {
  const socket = connect(port, host);
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (part: string) => {
    text += part;
  });
  socket.on('error', () => undefined);
  socket.write(`GET /api/posts HTTP/1.1\r\nHost: ${host}\r\nX-Slow: `);
  const drip = setInterval(() => socket.write('a'), 1_000);
  const closed = new Promise<void>((resolve) => {
    socket.on('close', () => {
      clearInterval(drip);
      resolve();
    });
  });
  return { socket, received: () => text, closed };
}

/** `count` slow clients, and a way to end them all. */
export function slowClients(port: number, count: number): { clients: SlowClient[]; stop: () => void } {
  const clients = Array.from({ length: count }, () => slowClient(port));
  return { clients, stop: () => clients.forEach((client) => client.socket.destroy()) };
}
