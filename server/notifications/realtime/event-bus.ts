import { EventEmitter } from 'node:events';

/** Publish/subscribe of string messages on named channels: in-process, or across instances through Redis. */
export interface EventBus {
  readonly kind: 'in-process' | 'redis';
  /** Resolves once the message is handed to every subscriber (in-process) or accepted by Redis. */
  publish(channel: string, message: string): Promise<void>;
  /** Resolves once the subscription is active; the returned function ends it. */
  subscribe(channel: string, handler: (message: string) => void): Promise<() => void>;
  close(): Promise<void>;
}

/** One instance only: subscribers of this bus hear what was published on this bus. */
export function createInProcessBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    kind: 'in-process',
    async publish(channel, message) {
      emitter.emit(channel, message);
    },
    async subscribe(channel, handler) {
      emitter.on(channel, handler);
      return () => {
        emitter.off(channel, handler);
      };
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
