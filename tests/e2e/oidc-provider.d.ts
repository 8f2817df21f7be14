// oidc-provider ships no types; the e2e spec uses only this much of it.
declare module 'oidc-provider' {
  import type { Server } from 'node:http';

  type Account = { accountId: string; claims: () => Record<string, unknown> };

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown> & { findAccount?: (ctx: unknown, id: string) => Account });
    listen(port: number, host?: string): Server;
    proxy: boolean;
  }
}
