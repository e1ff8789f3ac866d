import type { Socket } from 'socket.io';
import { Encoder, PacketType } from 'socket.io-parser';
import { WebSocket } from 'ws';
import { CorkingWebSocket } from '@app/database';

const encoder = new Encoder();

/** ws's frame builder (exported at run time as WebSocket.Sender, not in its typings). */
const { Sender } = WebSocket as unknown as {
  Sender?: {
    frame?(
      data: Buffer,
      options: { fin: boolean; rsv1: boolean; opcode: number; mask: boolean; readOnly: boolean },
    ): Buffer[];
  };
};

/**
 * A socket.io event as the websocket frame engine.io would write for it: the engine.io message
 * packet ('4') around the socket.io EVENT packet of the namespace, framed unmasked as text. Built
 * once, written as is to every socket that gets the event (socket.io does the same for one room
 * broadcast: `wsPreEncodedFrame`). Null when ws no longer exports its frame builder (it is not
 * part of its typed API): the callers then emit the usual way.
 */
export function eventFrame(namespace: string, event: string, payload: unknown): Buffer | null {
  if (typeof Sender?.frame !== 'function') return null;
  const [packet] = encoder.encode({ type: PacketType.EVENT, nsp: namespace, data: [event, payload] });
  if (typeof packet !== 'string') throw new Error(`${event}: a binary payload has no text frame`);
  const frame = Sender.frame(Buffer.from(`4${packet}`), {
    fin: true,
    rsv1: false,
    opcode: 1,
    mask: false,
    readOnly: false,
  });
  return Buffer.concat(frame);
}

/** The parts of engine.io's socket and websocket transport the direct write relies on (untyped). */
interface EngineConnection {
  readyState: string;
  upgrading: boolean;
  writeBuffer: unknown[];
  transport: {
    name: string;
    perMessageDeflate: unknown;
    socket?: { readyState: number; _sender?: { sendFrame?(list: Buffer[], cb?: (e?: Error) => void): void } };
  };
}

/**
 * Writes frames (from eventFrame, several in one buffer) to the socket's websocket in one write,
 * past engine.io's per-packet path; false when that cannot keep the order of the socket's packets
 * or the socket is not a plain open websocket (long-polling, an upgrade in progress, compression,
 * packets engine.io still holds), and the caller then emits them the usual way.
 *
 * On the platform's CorkingWebSocket the bytes leave at once (sendFramesNow); on another, through
 * the call engine.io's websocket transport itself makes for a pre-framed broadcast
 * (`_sender.sendFrame`). A write error closes the websocket, which engine.io sees as a close.
 */
export function writeFrames(socket: Socket, frames: Buffer): boolean {
  const conn = socket.conn as unknown as EngineConnection;
  if (conn.readyState !== 'open' || conn.upgrading || conn.writeBuffer.length > 0) return false;
  const transport = conn.transport;
  if (transport.name !== 'websocket' || transport.perMessageDeflate) return false;
  const ws = transport.socket;
  if (ws?.readyState !== WebSocket.OPEN || typeof ws._sender?.sendFrame !== 'function') return false;
  if (ws instanceof CorkingWebSocket) ws.sendFramesNow(frames);
  else ws._sender.sendFrame([frames]);
  return true;
}
