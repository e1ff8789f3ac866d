import { IoAdapter } from '@nestjs/platform-socket.io';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type ServerOptions as WsServerOptions } from 'ws';

/**
 * A websocket whose frames written in one synchronous run leave in one write. A market push is a
 * burst (a list and a tick per subscribed code at once), and engine.io writes each frame on its
 * own: at thousands of sockets one system call per frame and socket is most of the gateway's
 * time. The socket is corked at its first write of a run and uncorked on the next tick, before any
 * I/O, so nothing waits longer than the run that wrote it.
 */
export class CorkingWebSocket extends WebSocket {
  private writeThrough: ((data: Buffer) => void) | undefined;

  /**
   * Writes bytes that are already websocket frames (several in one buffer) at once, uncorked: a
   * caller that writes a socket once per run gains nothing from the cork and its bytes leave
   * before the rest of the run (at thousands of sockets, the first get theirs tens of
   * milliseconds sooner). Behind frames corked earlier in the run they queue, in order.
   */
  sendFramesNow(frames: Buffer): void {
    if (!this.writeThrough) throw new Error('the websocket has no socket yet');
    this.writeThrough(frames);
  }

  setSocket(socket: Duplex, head: Buffer, options: object): void {
    // Not in ws's typings: the hook where ws takes over the upgraded socket.
    (WebSocket.prototype as unknown as { setSocket(...args: unknown[]): void }).setSocket.call(
      this,
      socket,
      head,
      options,
    );
    const write = socket.write;
    let corked = false;
    socket.write = function (this: Duplex, ...args: Parameters<Duplex['write']>) {
      if (!corked) {
        corked = true;
        socket.cork();
        process.nextTick(() => {
          corked = false;
          socket.uncork();
        });
      }
      return write.apply(this, args);
    } as Duplex['write'];
    this.writeThrough = (data) => {
      if (socket.writableCorked) socket.write(data);
      else (write as (chunk: Buffer) => boolean).call(socket, data);
    };
  }
}

/** The ws server engine.io runs on, with CorkingWebSocket for its connections. */
class CorkingWebSocketServer extends WebSocketServer {
  constructor(options: WsServerOptions, callback?: () => void) {
    super({ ...options, WebSocket: CorkingWebSocket as unknown as typeof WebSocket }, callback);
  }
}

/** The options of the socket.io copy Nest's adapter runs (its own dependency). */
type IoServerOptions = NonNullable<Parameters<IoAdapter['createIOServer']>[1]>;

/** Nest's socket.io adapter with the corking websocket engine, for every gateway of the app. */
export class CorkingIoAdapter extends IoAdapter {
  override createIOServer(port: number, options?: IoServerOptions) {
    return super.createIOServer(port, { ...options, wsEngine: CorkingWebSocketServer } as IoServerOptions);
  }
}
