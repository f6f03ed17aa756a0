import type { AppContext } from '../../context';

/**
 * How the messages module reaches people live (decision record 021): one Socket.IO room per person
 * (`user:<id>`) in the chat namespace, on the Redis adapter, so an event reaches every device of
 * the person on whichever process it is connected. Set by the chat gateway (chat-gateway.ts); a
 * no-op before it. The live side provides it, so the messages module imports it, never the reverse.
 */
export interface ChatHub {
  toUsers(userIds: readonly string[], event: string, payload: unknown): void;
}

const hubs = new WeakMap<AppContext, ChatHub>();
const silent: ChatHub = { toUsers: () => undefined };

export const userRoom = (userId: string) => `user:${userId}`;
export const chatHubFor = (ctx: AppContext): ChatHub => hubs.get(ctx) ?? silent;
export const setChatHub = (ctx: AppContext, hub: ChatHub) => hubs.set(ctx, hub);
